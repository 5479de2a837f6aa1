package dev.kbench.cli;

import java.io.Console;

/** Whether the process talks to a terminal, for the progress bar and colours. */
final class Terminal {

    private Terminal() {
    }

    /**
     * True when the JVM has an interactive console: {@code System.console()} is present and is a
     * terminal (on JDK 22+ a console may exist while its streams are redirected).
     *
     * @return whether stdin and stdout are a terminal
     */
    static boolean interactive() {
        Console console = System.console();
        return console != null && console.isTerminal();
    }

    /**
     * Whether ANSI colours may be written: on a terminal, unless {@code NO_COLOR} is set.
     *
     * @return true to colour
     */
    static boolean colours() {
        String noColor = System.getenv("NO_COLOR");
        return interactive() && (noColor == null || noColor.isEmpty());
    }
}

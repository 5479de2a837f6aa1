/*
 * Copyright 2026 The kbench authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
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

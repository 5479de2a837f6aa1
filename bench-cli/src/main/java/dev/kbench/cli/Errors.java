package dev.kbench.cli;

import dev.kbench.api.DriverLookupException;
import picocli.CommandLine;

/** Maps exceptions to one message and a named exit code; stack traces only with {@code --verbose}. */
final class Errors implements CommandLine.IExecutionExceptionHandler {

    static int exitCode(Throwable error) {
        if (error instanceof DriverLookupException) {
            return ExitCodes.NO_DRIVER;
        }
        if (error instanceof IllegalArgumentException || error instanceof CommandLine.ParameterException) {
            return ExitCodes.INVALID_INPUT;
        }
        return ExitCodes.REGRESSION;
    }

    @Override
    public int handleExecutionException(Exception error, CommandLine cli, CommandLine.ParseResult parsed) {
        boolean verbose = parsed.hasMatchedOption("--verbose")
                || parsed.subcommands().stream().anyMatch(p -> p.hasMatchedOption("--verbose"));
        if (verbose) {
            error.printStackTrace(cli.getErr());
        } else {
            cli.getErr().println("kbench: " + error.getMessage());
            if (!(error instanceof DriverLookupException)) {
                cli.getErr().println("(run again with --verbose for the stack trace)");
            }
        }
        cli.getErr().flush();
        return exitCode(error);
    }
}

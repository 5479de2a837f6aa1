package dev.kbench.cli;

import dev.kbench.api.Driver;
import dev.kbench.api.Drivers;
import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code kbench} command; a bare invocation prints usage. */
@Command(name = "kbench", mixinStandardHelpOptions = true, version = "kbench 0.1.0",
        description = "Benchmarks GPU kernels correctly: device events, cache flushes, robust statistics.",
        subcommands = {InfoCommand.class, RunCommand.class})
public final class Main implements Runnable {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Option(names = "--backend", paramLabel = "NAME", scope = CommandLine.ScopeType.INHERIT,
            description = "Driver to use (cuda, opencl, levelzero); wins over -Dkbench.backend and KBENCH_BACKEND.")
    private String backend;

    @CommandLine.Option(names = "--verbose", scope = CommandLine.ScopeType.INHERIT,
            description = "Print stack traces of errors.")
    private boolean verbose;

    /**
     * The driver to use: the one named by {@code --backend}, else the lookup rule of {@link Drivers}.
     *
     * @return the driver
     * @throws dev.kbench.api.DriverLookupException if none can be chosen
     */
    Driver driver() {
        Drivers drivers = Drivers.system();
        return backend == null ? drivers.active() : drivers.select(backend);
    }

    /**
     * Runs the CLI and exits with its status.
     *
     * @param args the arguments
     */
    public static void main(String[] args) {
        System.exit(commandLine(new PrintWriter(System.out, true), new PrintWriter(System.err, true)).execute(args));
    }

    /**
     * The CLI writing to the given streams, for tests that capture output.
     *
     * @param out standard output
     * @param err standard error
     * @return the configured command line
     */
    public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(new Main());
        cli.setOut(out);
        cli.setErr(err);
        cli.setExecutionExceptionHandler(new Errors());
        cli.setExitCodeExceptionMapper(Errors::exitCode);
        return cli;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}

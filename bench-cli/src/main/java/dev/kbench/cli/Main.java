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

import dev.kbench.api.spi.Driver;
import dev.kbench.api.Drivers;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code kbench} command; a bare invocation prints usage. Exit statuses are in {@link ExitCodes}.
 *
 * {@snippet :
 * StringWriter out = new StringWriter();
 * StringWriter err = new StringWriter();
 * int status = Main.commandLine(new PrintWriter(out), new PrintWriter(err))
 *         .execute("compare", "base.csv", "new.csv", "--format", "json");
 * }
 */
@Command(name = "kbench", mixinStandardHelpOptions = true, version = "kbench " + Main.VERSION,
        description = "Benchmarks GPU kernels correctly: device events, cache flushes, interleaved repetitions, "
                + "robust statistics.",
        subcommands = {InfoCommand.class, RunCommand.class, AbCommand.class, CompareCommand.class, MergeCommand.class,
                SummaryCommand.class,
                ReportCommand.class, DemoCommand.class, CommandLine.HelpCommand.class},
        footer = {"", "Exit status: 0 ok; 1 a regression (compare) or a failed benchmark (run); 2 bad input or "
                + "usage; 3 no single driver could be chosen.", "", "Start with `kbench demo`; see docs/cli.md."})
public final class Main implements Runnable {

    /** kbench's version, as {@code --version} and the environment sidecar give it. */
    static final String VERSION = "0.1.0";

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    /** The top-level command; {@link #main} runs it. */
    public Main() {
    }

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
        return backend == null ? drivers.active() : drivers.select(backend, "--backend");
    }

    /**
     * Runs the CLI and exits with its status.
     *
     * @param args the arguments
     */
    public static void main(String[] args) {
        PrintWriter out = new PrintWriter(new java.io.OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new java.io.OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        int status = commandLine(out, err).execute(args);
        out.flush();
        err.flush();
        System.exit(status);
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
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        Errors errors = new Errors();
        cli.setExecutionExceptionHandler(errors);
        cli.setParameterExceptionHandler(errors);
        cli.setExitCodeExceptionMapper(Errors::exitCode);
        return cli;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}

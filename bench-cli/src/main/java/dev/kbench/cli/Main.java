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

import dev.kbench.api.Backend;
import dev.kbench.api.Drivers;
import dev.kbench.api.internal.Descriptors;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
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
@Command(name = "kbench", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Benchmarks GPU kernels correctly: device events, cache flushes, interleaved repetitions, "
                + "robust statistics.",
        subcommands = {InfoCommand.class, RunCommand.class, AbCommand.class, CompareCommand.class, MergeCommand.class,
                SummaryCommand.class, HistoryCommand.class,
                ReportCommand.class, DemoCommand.class, CommandLine.HelpCommand.class},
        footer = {"", "Exit status: 0 ok; 1 a regression (compare), a failed benchmark or nothing measured (run), or an "
                + "unexpected error such as running out of memory; 2 bad input or usage; 3 no single driver could be "
                + "chosen; 4 the --timeout watchdog stopped the run; 5 an output could not be written (a full disk, a "
                + "closed standard output).", "", "Start with `kbench demo`; see docs/cli.md."})
public final class Main implements Runnable {

    /** kbench's version, as {@code --version} and the environment sidecar give it: the build's, never a copy. */
    static final String VERSION = Version.read("version");

    /**
     * The commit kbench was built from, as {@code git describe --always --dirty} gave it at build time
     * (12 hex digits, {@code -dirty} for uncommitted changes); empty when it was built outside git.
     */
    static final String COMMIT = Version.read("commit");

    /** {@code --version}: the version and commit the build wrote into {@code version.properties}. */
    static final class Version implements CommandLine.IVersionProvider {

        /** Made by picocli. */
        Version() {
        }

        @Override
        public String[] getVersion() {
            return new String[] {"kbench " + VERSION + " (" + (COMMIT.isEmpty() ? "built outside git, commit unknown"
                    : "commit " + COMMIT) + ")"};
        }

        static String read(String key) {
            try (InputStream in = Main.class.getResourceAsStream("version.properties")) {
                if (in == null) {
                    throw new IllegalStateException("version.properties is missing from bench-cli; rebuild it");
                }
                Properties properties = new Properties();
                properties.load(in);
                String value = Objects.requireNonNull(properties.getProperty(key), key).strip();
                return value.startsWith("${") ? "" : value;   // left unfiltered: built without Maven
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read bench-cli's version.properties", e);
            }
        }
    }

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    /** The system property in which the launchers name the command as the user typed it. */
    static final String TYPED_PROPERTY = "kbench.command";

    /**
     * The command as the user typed it, for hints on stderr that can be pasted: {@code ./kbench},
     * {@code bin/kbench}, or {@code kbench} when it was found on the PATH or the launcher did not say.
     *
     * @return the launcher's {@code -Dkbench.command}, else {@code kbench}
     */
    static String typed() {
        String typed = System.getProperty(TYPED_PROPERTY, "").strip();
        return typed.isEmpty() ? "kbench" : typed;
    }

    /** The top-level command; {@link #main} runs it. */
    public Main() {
    }

    @CommandLine.Option(names = "--backend", paramLabel = "NAME", scope = CommandLine.ScopeType.INHERIT,
            description = "Backend to use, by name (kbench info lists the backends found); wins over -Dkbench.backend and KBENCH_BACKEND.")
    private String backend;

    @CommandLine.Option(names = "--verbose", scope = CommandLine.ScopeType.INHERIT,
            description = "Print stack traces of errors.")
    private boolean verbose;

    /** Completed by the watchdog to end the process while the command's thread is stuck in a device call. */
    private final CompletableFuture<Integer> earlyExit = new CompletableFuture<>();

    /**
     * Ends the process with a status now, from any thread: the watchdog's way out of a device call that
     * never returns. Only {@link #main} acts on it; in-process callers of {@link #commandLine} do not.
     *
     * @param status the exit status
     */
    void exitEarly(int status) {
        earlyExit.complete(status);
    }

    /**
     * The driver to use: the one named by {@code --backend}, else the lookup rule of {@link Drivers}.
     *
     * @return the driver
     * @throws dev.kbench.api.DriverLookupException if none can be chosen
     */
    Backend driver() {
        if (backend != null && backend.isBlank()) {
            throw new UsageException("--backend '" + backend + "' is empty; give the name of a backend `" + typed() + " info` lists, "
                    + "or leave --backend out to use the lookup rule");
        }
        // a fork started in standby waits here for its turn: all before needs no device
        dev.kbench.forks.ForkChild.awaitGo();
        Drivers drivers = Drivers.system();
        Backend chosen = backend == null ? drivers.active() : drivers.select(backend, "--backend");
        dev.kbench.forks.ForkChild.trace("driver");
        return chosen;
    }

    /**
     * Whether {@code --backend} was given: then a lookup that fails is an error even where a command
     * could go on without a backend ({@code info}).
     *
     * @return true if the option was given
     */
    boolean backendChosen() {
        return backend != null;
    }

    /**
     * Runs the CLI and exits with its status. The command runs on its own thread so that the watchdog can
     * end the process while that thread is stuck in a device call; standard output is checked for write
     * errors (a full disk, a closed pipe), which end in exit status 5 and one message; running out of
     * memory is one message with the fix, and a stack trace only with {@code --verbose}.
     *
     * @param args the arguments
     */
    public static void main(String[] args) {
        CheckedOutput stdout = new CheckedOutput(Descriptors.standardOutput());
        PrintWriter out = new PrintWriter(new OutputStreamWriter(stdout, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        Main app = new Main();
        CompletableFuture<Integer> finished = new CompletableFuture<>();
        Thread.ofPlatform().name("kbench").daemon(true).start(() -> {
            int status;
            try {
                status = commandLine(app, out, err).execute(args);
            } catch (OutOfMemoryError e) {
                status = Errors.outOfMemory(e, Arrays.asList(args).contains("--verbose"), err);
            }
            finished.complete(status);
        });
        CompletableFuture.anyOf(finished, app.earlyExit).join();
        if (!finished.isDone()) {
            // the watchdog ended the run; the command's thread stays in its device call
            err.flush();
            System.exit(app.earlyExit.join());
        }
        int status = finished.join();
        out.flush();
        if (out.checkError()) {
            err.println("kbench: cannot write to standard output: " + stdout.failure()
                    + " (a full disk or a closed pipe?); the results were not all written");
            status = ExitCodes.WRITE_FAILED;
        }
        err.flush();
        System.exit(status);
    }

    /** Standard output that remembers why a write failed, as a {@link PrintWriter} does not say. */
    private static final class CheckedOutput extends FilterOutputStream {
        private volatile String failure = "unknown error";

        CheckedOutput(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            try {
                out.write(bytes, offset, length);
            } catch (IOException e) {
                failure = e.getMessage() == null ? e.toString() : e.getMessage();
                throw e;
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                failure = e.getMessage() == null ? e.toString() : e.getMessage();
                throw e;
            }
        }

        String failure() {
            return failure;
        }
    }

    /**
     * The CLI writing to the given streams, for tests that capture output.
     *
     * @param out standard output
     * @param err standard error
     * @return the configured command line
     */
    public static CommandLine commandLine(PrintWriter out, PrintWriter err) {
        return commandLine(new Main(), out, err);
    }

    private static CommandLine commandLine(Main app, PrintWriter out, PrintWriter err) {
        CommandLine cli = new CommandLine(app);
        cli.setOut(out);
        cli.setErr(err);
        cli.setCaseInsensitiveEnumValuesAllowed(true);
        NumberOptions.register(cli);
        Errors errors = new Errors();
        cli.setExecutionExceptionHandler(errors);
        cli.setParameterExceptionHandler(errors);
        cli.setExitCodeExceptionMapper(Errors::exitCode);
        HelpText.keepTokensWhole(cli);
        return cli;
    }

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}

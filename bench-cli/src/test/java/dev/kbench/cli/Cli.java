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

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Runs the CLI in-process through {@link Main#commandLine} and captures what it writes. */
final class Cli {

    /**
     * What one invocation did.
     *
     * @param status the exit status
     * @param out stdout
     * @param err stderr
     */
    record Result(int status, String out, String err) {
        @Override
        public String toString() {
            return "status " + status + "\n--- stdout ---\n" + out + "--- stderr ---\n" + err;
        }
    }

    private Cli() {
    }

    /** The forks a samples CSV holds rows of. */
    static java.util.SortedSet<Integer> forks(Path csv) {
        return dev.kbench.stats.io.SamplesCsv.read(csv).stream().map(dev.kbench.api.SampleRecord::fork)
                .collect(java.util.stream.Collectors.toCollection(java.util.TreeSet::new));
    }

    /** How many rows of fork {@code fork} a samples CSV holds (0 where it does not exist). */
    static long rows(Path csv, int fork) {
        return !Files.exists(csv) ? 0 : dev.kbench.stats.io.SamplesCsv.read(csv).stream().filter(r -> r.fork() == fork).count();
    }

    /**
     * A regular expression for the start of kbench's report of a fork that died, {@code FORK (seed S) died: }, where
     * {@code fork} is a regular expression for the fork's name (e.g. {@code base fork 1}).
     */
    static String died(String fork) {
        return fork + " \\(seed -?\\d+\\) died: ";
    }

    /**
     * The samples kbench says it kept of a fork that died or was stopped ({@code FORK (seed S) died: ...; its N
     * samples are kept}, {@code its 1 sample is kept} or {@code it recorded no sample}, FORK e.g. {@code base fork
     * 1}): a fork killed by a signal may have recorded repetitions, and those are kept, as many as it says. Fails
     * where it names no such fork: a fork the report does not name completed (every row of it is kept) or was never
     * reached, and no count stands for both.
     */
    static long keptOfDied(String err, String fork) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile(died(java.util.regex.Pattern.quote(fork))
                + ".*; (?:its (\\d+) samples? (?:are|is) kept|it recorded no sample)").matcher(err);
        if (!m.find()) {
            throw new AssertionError("the report names no " + fork + " that died:\n" + err);
        }
        return m.group(1) == null ? 0 : Long.parseLong(m.group(1));
    }

    /**
     * A process's arguments, its command first, as {@code /proc} gives them whole (the JDK's {@code
     * ProcessHandle.Info} gives a fork guard's long command line cut at 4,096 characters, and no arguments);
     * none where the process is gone.
     */
    static List<String> arguments(ProcessHandle process) {
        try {
            byte[] line = Files.readAllBytes(Path.of("/proc", Long.toString(process.pid()), "cmdline"));
            return line.length == 0 ? List.of()
                    : List.of(new String(line, 0, line.length - 1, StandardCharsets.UTF_8).split("\0", -1));
        } catch (IOException e) {
            return List.of();
        }
    }

    /** Whether a process is the guard of a fork that writes {@code samplesFile} (a file name), by its arguments. */
    static boolean guardOf(ProcessHandle process, String samplesFile) {
        List<String> arguments = arguments(process);
        return arguments.contains("kbench-guard") && arguments.stream().anyMatch(a -> a.endsWith("/" + samplesFile));
    }

    static Result run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Main.commandLine(new PrintWriter(out, true), new PrintWriter(err, true)).execute(args);
        return new Result(status, out.toString(), err.toString());
    }

    /** Copies a test resource of this package to a file. */
    static Path resource(String name, Path dir) {
        try (InputStream in = Cli.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + name);
            }
            Path file = dir.resolve(Path.of(name).getFileName().toString());
            Files.copy(in, file);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A test resource of this package as text. */
    static String text(String name) {
        try (InputStream in = Cli.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing test resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

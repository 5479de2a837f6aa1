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

import dev.kbench.api.InputException;
import dev.kbench.api.SampleRecord;
import dev.kbench.stats.SampleSet;
import dev.kbench.stats.io.SamplesCsv;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Consumer;
import picocli.CommandLine;

/** Reads the samples files given on the command line; bad ones are bad input (exit 2). */
final class Inputs {

    private Inputs() {
    }

    /**
     * Whether two paths name one file: compared by the file itself where both exist (links, {@code ..}), else by
     * their absolute, normalized spelling.
     *
     * @param a a path
     * @param b another
     * @return true if they are one file
     */
    static boolean sameFile(Path a, Path b) {
        try {
            return Files.exists(a) && Files.exists(b) ? Files.isSameFile(a, b)
                    : a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Warns of a comparison of a samples file with itself, which can only say {@code same}: in a CI gate, a
     * pipeline that passes one file twice would never fail. It is allowed (an A/A of the statistics).
     *
     * @param base the base, as given
     * @param next the new side, as given
     * @param spec the command, for its name and stderr
     */
    static void warnIfOneFile(Path base, Path next, CommandLine.Model.CommandSpec spec) {
        if (sameFile(base, next)) {
            PrintWriter err = spec.commandLine().getErr();
            err.println(spec.qualifiedName() + ": warning: the base '" + base + "' and the new '" + next
                    + "' are the same file; compared with itself every benchmark is the same");
            err.flush();
        }
    }

    /**
     * Reads a samples CSV into primitive columns with bench-stats' reader; a last line cut off by a
     * crash is left out with one warning on stderr.
     *
     * @param file the file
     * @param spec the command, for its name and stderr
     * @return its samples
     * @throws InputException if it is missing, unreadable or empty; a malformed file throws the reader's
     *     {@link dev.kbench.stats.SamplesFormatException} with file, line and column
     */
    static SampleSet readSamples(Path file, CommandLine.Model.CommandSpec spec) {
        SampleSet samples = read(file, spec, SamplesCsv::readSet);
        return nonEmpty(file, samples, samples.size());
    }

    /**
     * Reads a samples CSV as records, every column kept (for commands that write samples again, such
     * as merge); a last line cut off by a crash is left out with one warning on stderr, as in
     * {@link #readSamples(Path, CommandLine.Model.CommandSpec)}.
     *
     * @param file the file
     * @param spec the command, for its name and stderr
     * @return its rows, in file order
     * @throws InputException if it is missing, unreadable or empty
     */
    static List<SampleRecord> readRecords(Path file, CommandLine.Model.CommandSpec spec) {
        List<SampleRecord> records = read(file, spec, SamplesCsv::read);
        return nonEmpty(file, records, records.size());
    }

    private static <T> T read(Path file, CommandLine.Model.CommandSpec spec, BiFunction<Path, Consumer<String>, T> reader) {
        if (!Files.isRegularFile(file)) {
            throw new InputException("samples file '" + file + "' does not exist or is not a file");
        }
        PrintWriter err = spec.commandLine().getErr();
        try {
            return reader.apply(file, warning -> {
                err.println(spec.qualifiedName() + ": warning: " + warning);
                err.flush();
            });
        } catch (UncheckedIOException e) {   // the samples reader's message names the file and the reason
            throw new InputException(e.getMessage(), e);
        }
    }

    private static <T> T nonEmpty(Path file, T samples, long size) {
        if (size == 0) {
            throw new InputException(file + ": no samples (only a header?); run `" + Main.typed() + " run --csv-samples " + file + "`");
        }
        return samples;
    }
}

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

import dev.kbench.api.SampleRecord;
import dev.kbench.stats.SamplesCsv;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Reads the samples files given on the command line; bad ones are bad input (exit 2). */
final class Inputs {

    private Inputs() {
    }

    /**
     * Reads a samples CSV with bench-stats' strict reader.
     *
     * @param file the file
     * @return its samples
     * @throws InputException if it is missing, unreadable or empty; a malformed file throws the reader's
     *     {@link dev.kbench.stats.SamplesFormatException} with file, line and column
     */
    static List<SampleRecord> readSamples(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new InputException("samples file '" + file + "' does not exist or is not a file");
        }
        List<SampleRecord> samples;
        try {
            samples = SamplesCsv.read(file);
        } catch (UncheckedIOException e) {
            throw new InputException("cannot read '" + file + "': " + e.getMessage(), e);
        }
        if (samples.isEmpty()) {
            throw new InputException(file + ": no samples (only a header?); run `kbench run --csv-samples " + file + "`");
        }
        return samples;
    }
}

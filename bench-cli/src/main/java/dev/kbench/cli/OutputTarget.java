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

import dev.kbench.api.OutputException;
import dev.kbench.stats.io.SamplesCsvWriter;
import dev.kbench.stats.io.WriteMode;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * One file a command writes: where, the option or argument that named it (every message about it names
 * that), and what may happen to a file already there. The rules of every output are in
 * {@link OutputFiles}; this is what they are applied to.
 *
 * @param option the option or argument that named the file, e.g. {@code --csv-samples}, for messages
 * @param file the file, or a device or FIFO ({@code /dev/null}) that is written to as a stream
 * @param mode an existing file is refused ({@link WriteMode#CREATE_NEW}, the default), appended to
 *        ({@code --append}, samples files only) or replaced ({@code --force})
 * @param appendable whether the command offers {@code --append} for it (a samples file of {@code run}), for
 *        the hint when it exists
 */
record OutputTarget(String option, Path file, WriteMode mode, boolean appendable) {

    OutputTarget {
        Objects.requireNonNull(option, "option");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(mode, "mode");
    }

    /**
     * An output named by an option, replaced only with {@code --force}.
     *
     * @param option the option or argument, for messages
     * @param file the file, or null when the option was not given
     * @param force whether {@code --force} was given
     * @return the target, or null for a null file
     */
    static OutputTarget of(String option, Path file, boolean force) {
        return file == null ? null : new OutputTarget(option, file, force ? WriteMode.REPLACE : WriteMode.CREATE_NEW,
                false);
    }

    /**
     * A samples file that {@code --append} may add to.
     *
     * @param option the option, for messages
     * @param file the file, or null when the option was not given
     * @param mode what {@code --append} or {@code --force} asked for
     * @return the target, or null for a null file
     */
    static OutputTarget samples(String option, Path file, WriteMode mode) {
        return file == null ? null : new OutputTarget(option, file, mode, true);
    }

    /**
     * Whether the file is a device or FIFO, written to as a stream: never created, replaced or locked.
     *
     * @return true for {@code /dev/null}, {@code /dev/stdout}, a FIFO
     */
    boolean isStream() {
        return SamplesCsvWriter.isStream(file);
    }

    /**
     * The environment file beside a samples file (docs/formats.md §7): refused where the samples file
     * would be, else replaced after its runs are read (an appended samples file keeps its runs).
     *
     * @return the sidecar, empty for a stream, which has none
     */
    Optional<OutputTarget> sidecar() {
        return isStream() ? Optional.empty() : Optional.of(new OutputTarget(option + " environment file",
                RunEnvironment.sidecar(file), mode == WriteMode.CREATE_NEW ? WriteMode.CREATE_NEW : WriteMode.REPLACE,
                appendable));
    }

    /**
     * Writes the whole file at once, through a temporary file and a rename ({@link OutputFiles}).
     *
     * @param text the contents; a final newline is added if missing
     * @throws UsageException if the target may not be written (it appeared meanwhile)
     * @throws OutputException if the write fails
     */
    void write(String text) {
        OutputFiles.write(this, text);
    }

    /**
     * Writes the whole file at once, through a temporary file and a rename ({@link OutputFiles}).
     *
     * @param contents writes the contents into the file it is given
     * @throws UsageException if the target may not be written (it appeared meanwhile)
     * @throws OutputException if the write fails
     */
    void write(OutputFiles.Contents contents) {
        OutputFiles.write(this, contents);
    }

    /**
     * Opens the samples file for streaming rows (and locks it): the one place a samples writer is opened.
     *
     * @param runId the run id written into every row
     * @return the open writer
     * @throws UsageException if the file exists and may not be, another run holds it, or its header differs
     * @throws OutputException if a device or FIFO cannot be written
     */
    OutputFiles.Samples openSamples(String runId) {
        return OutputFiles.Samples.open(this, runId);
    }

    @Override
    public String toString() {
        return option + " '" + file + "'";
    }
}

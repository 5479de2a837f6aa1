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

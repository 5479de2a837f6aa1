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
package dev.kbench.stats;

import dev.kbench.api.SampleRecord;
import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Objects;
import org.apache.commons.csv.CSVPrinter;

/**
 * Appends samples to a samples CSV (docs/formats.md §2) as they are measured, so that a run killed
 * half-way leaves a valid file with every finished batch. Each {@link #append(List)} formats its
 * rows in memory and hands them to the operating system in one write before returning.
 *
 * {@snippet :
 * try (SamplesCsvWriter out = SamplesCsvWriter.open(Path.of("samples.csv"))) {
 *     for (Benchmark b : suite) {
 *         out.append(run(b));   // on disk (in the OS cache) when this returns
 *     }
 * }
 * }
 *
 * <p>Columns in the order of {@link SamplesCsv#COLUMNS}, {@code \n} line ends, RFC 4180 quoting
 * where a value needs it. {@code time_ms} is the shortest decimal that parses back to the same
 * double, never in exponent form ({@code 0.0000123}, {@code 0.0589}, {@code 12}); empty optional
 * values are empty fields. Not thread-safe: use one writer per file from one thread.
 */
public final class SamplesCsvWriter implements Closeable {

    private static final String HEADER = String.join(",", SamplesCsv.COLUMNS);

    private final Path file;
    private final FileChannel channel;

    private SamplesCsvWriter(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    /**
     * Opens a samples file for appending: creates it with the header if it does not exist or is
     * empty, or checks that its header is the one this writer writes.
     *
     * @param file the file
     * @return the writer
     * @throws IOException if the file cannot be opened, or exists with another header (then the
     *         message says so; choose a new file)
     */
    public static SamplesCsvWriter open(Path file) throws IOException {
        Objects.requireNonNull(file, "file");
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.APPEND);
        try {
            if (channel.size() == 0) {
                write(channel, HEADER + "\n");
            } else {
                checkExisting(file);
            }
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        return new SamplesCsvWriter(file, channel);
    }

    private static void checkExisting(Path file) throws IOException {
        String first;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            first = in.readLine();
        }
        if (!HEADER.equals(first)) {
            throw new IOException("cannot append samples to '" + file + "': its header is '" + first
                    + "', not '" + HEADER + "'; write to a new file");
        }
        try (FileChannel read = FileChannel.open(file, StandardOpenOption.READ)) {
            ByteBuffer last = ByteBuffer.allocate(1);
            read.read(last, read.size() - 1);
            if (last.get(0) != '\n') {
                throw new IOException("cannot append samples to '" + file + "': its last line is incomplete"
                        + " (a run was killed while writing?); repair or remove that line, or write to a new file");
            }
        }
    }

    /**
     * Appends samples and hands them to the operating system before returning.
     *
     * @param samples the rows to append, possibly none
     * @throws IOException if writing fails
     */
    public void append(List<SampleRecord> samples) throws IOException {
        StringBuilder text = new StringBuilder(64 * samples.size());
        try (CSVPrinter printer = new CSVPrinter(text, SamplesCsv.format())) {
            for (SampleRecord r : samples) {
                printer.printRecord(r.benchmark(), r.params(),
                        r.repetition().isPresent() ? Integer.toString(r.repetition().getAsInt()) : "",
                        Integer.toString(r.sample()), Decimals.plain(r.timeMillis()), r.backend(), r.device(),
                        r.bytes().isPresent() ? Long.toString(r.bytes().getAsLong()) : "",
                        r.flops().isPresent() ? Long.toString(r.flops().getAsLong()) : "",
                        Integer.toString(r.fork()), r.host(), r.deviceId(),
                        r.smClockMHz().isPresent() ? Decimals.plain(r.smClockMHz().getAsDouble()) : "");
            }
        }
        write(channel, text.toString());
    }

    /**
     * Forces what was appended to the storage device, for when a machine crash must not lose it.
     *
     * @throws IOException if that fails
     */
    public void sync() throws IOException {
        channel.force(false);
    }

    /**
     * The file written to.
     *
     * @return the path given to {@link #open(Path)}
     */
    public Path file() {
        return file;
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }

    private static void write(FileChannel channel, String text) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
        while (bytes.hasRemaining()) {
            channel.write(bytes);
        }
    }
}

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
package dev.kbench.stats.io;

import dev.kbench.api.SampleRecord;
import dev.kbench.api.internal.Descriptors;
import dev.kbench.api.internal.TemporaryFiles;
import dev.kbench.stats.internal.Decimals;
import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Objects;
import org.apache.commons.csv.CSVPrinter;

/**
 * Writes samples to a samples CSV (docs/formats.md §2) as they are measured, so that a run killed
 * half-way leaves a valid file with every finished batch. Each {@link #append(List)} formats its
 * rows in memory and hands them to the operating system in one write before returning.
 *
 * {@snippet :
 * try (SamplesCsvWriter out = SamplesCsvWriter.open(Path.of("samples.csv"), WriteMode.CREATE_NEW)) {
 *     for (Benchmark b : suite) {
 *         out.append(run(b));   // on disk (in the OS cache) when this returns
 *     }
 * }
 * }
 *
 * <p>Columns in the order of {@link SamplesCsv#COLUMNS}, {@code \n} line ends, RFC 4180 quoting
 * where a value needs it. {@code time_ms} is the shortest decimal that parses back to the same
 * double, never in exponent form ({@code 0.0000123}, {@code 0.0589}, {@code 12}); empty optional
 * values are empty fields.
 *
 * <p>A regular file is locked ({@link FileChannel#tryLock()}) while the writer is open, so a second
 * writer, in this process or another, fails at {@code open} with a message naming the file instead of
 * mixing its rows in. Not thread-safe: use one writer per file from one thread.
 */
public final class SamplesCsvWriter implements Closeable {

    private static final String HEADER = String.join(",", SamplesCsv.COLUMNS);

    private final Path file;
    /** Where rows go: the file's channel, or a stream's. */
    private WritableByteChannel out;
    /** The regular file's channel, or null for a stream. */
    private FileChannel channel;
    private FileLock lock;
    /** Whether the file is an existing one that the first append replaces ({@link WriteMode#REPLACE}). */
    private boolean pendingReplace;
    private long rows;

    private SamplesCsvWriter(Path file, WritableByteChannel out, FileChannel channel, FileLock lock,
            boolean pendingReplace) {
        this.file = file;
        this.out = out;
        this.channel = channel;
        this.lock = lock;
        this.pendingReplace = pendingReplace;
    }

    /**
     * Opens a samples file for writing in the given mode and locks it against other writers.
     *
     * @param file the file
     * @param mode what to do with an existing file; a path that is not a regular file (such as
     *        {@code /dev/null} or a FIFO) is written to as a stream whatever the mode
     * @return the writer
     * @throws FileAlreadyExistsException in {@link WriteMode#CREATE_NEW} if the file exists
     * @throws IOException if the file cannot be opened, is locked by another writer, or (appending) exists
     *         with another header or an incomplete last line; the message names the file and says why
     */
    public static SamplesCsvWriter open(Path file, WriteMode mode) throws IOException {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(mode, "mode");
        if (isStream(file)) {
            // a device or FIFO: write to it, never create, truncate or lock it; /dev/stdout and /dev/fd/N
            // through the descriptor itself, sharing its file position with the process's other writers
            WritableByteChannel stream = openStream(file);
            try {
                write(stream, HEADER + "\n");
            } catch (IOException | RuntimeException e) {
                stream.close();
                throw e;
            }
            return new SamplesCsvWriter(file, stream, null, null, false);
        }
        FileChannel channel = switch (mode) {
            case CREATE_NEW -> FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
            // READ for the check of an existing file through this channel (see checkExisting); no other
            // process writes while the lock is held, so writing at the end is appending
            case APPEND -> FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE);
            case REPLACE -> FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        };
        FileLock lock = null;
        try {
            lock = lock(file, channel);
            boolean pendingReplace = false;
            switch (mode) {
                case CREATE_NEW -> write(channel, HEADER + "\n");
                case APPEND -> {
                    if (channel.size() == 0) {
                        write(channel, HEADER + "\n");
                    } else {
                        checkExisting(file, channel);
                        channel.position(channel.size());
                    }
                }
                case REPLACE -> {
                    if (channel.size() == 0) {
                        write(channel, HEADER + "\n");
                    } else {
                        pendingReplace = true;
                    }
                }
            }
            return new SamplesCsvWriter(file, channel, channel, lock, pendingReplace);
        } catch (IOException | RuntimeException e) {
            if (lock != null) {
                lock.release();
            }
            channel.close();
            throw e;
        }
    }

    /** How long {@link #openStream(Path)} waits for a FIFO's reader. */
    private static final long FIFO_WAIT_SECONDS = 10;

    /**
     * Opens a device or FIFO for writing, never waiting forever: /dev/stdout, /dev/stderr and /dev/fd/N
     * through the descriptor itself (see {@link Descriptors#openStream(Path)}); anything else on a daemon
     * thread that gives up after 10 seconds, since opening a FIFO blocks until a process opens it for reading.
     *
     * @param stream a path {@link #isStream(Path)} accepts
     * @return the channel, appending
     * @throws IOException if it cannot be opened, or a FIFO found no reader in time (the message says so)
     */
    public static WritableByteChannel openStream(Path stream) throws IOException {
        if (Descriptors.descriptor(stream).isPresent()) {
            return Descriptors.openStream(stream);
        }
        java.util.concurrent.CompletableFuture<FileChannel> opened = new java.util.concurrent.CompletableFuture<>();
        Thread opener = new Thread(() -> {
            try {
                FileChannel channel = FileChannel.open(stream, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
                if (!opened.complete(channel)) {
                    channel.close();   // given up on: the reader sees an empty stream
                }
            } catch (IOException | RuntimeException e) {
                opened.completeExceptionally(e);
            }
        }, "kbench-open-" + stream.getFileName());
        opener.setDaemon(true);
        opener.start();
        try {
            return opened.get(FIFO_WAIT_SECONDS, java.util.concurrent.TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException e) {
            if (!opened.completeExceptionally(e)) {
                return opened.join();
            }
            throw new IOException("no process opened it for reading within " + FIFO_WAIT_SECONDS + " s (a FIFO "
                    + "without a reader); start the reader first, e.g. cat " + stream + " &", e);
        } catch (java.util.concurrent.ExecutionException e) {
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while opening " + stream);
        }
    }

    /**
     * Whether a path is a stream to write to rather than a file to create or replace: it exists and is not
     * a regular file (a device such as {@code /dev/null}, a FIFO), or it is under {@code /dev} or
     * {@code /proc} ({@code /dev/stdout} may lead to a regular file when standard output is redirected to one).
     * A directory is never a stream.
     *
     * @param path the path
     * @return true for a stream
     */
    public static boolean isStream(Path path) {
        if (!Files.exists(path) || Files.isDirectory(path)) {
            return false;
        }
        Path absolute = path.toAbsolutePath().normalize();
        return !Files.isRegularFile(path) || absolute.startsWith("/dev") || absolute.startsWith("/proc");
    }

    private static FileLock lock(Path file, FileChannel channel) throws IOException {
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null;
        }
        if (lock == null) {
            throw new IOException("'" + file + "' is being written by another kbench run (it holds the file's lock); "
                    + "wait for that run to finish or write to another file");
        }
        return lock;
    }

    /**
     * Checks a file to append to through the locked channel itself: opening and closing another
     * descriptor of the file would drop this process's {@code fcntl} lock on it (POSIX releases every lock
     * a process holds on a file when any of its descriptors of the file is closed).
     */
    private static void checkExisting(Path file, FileChannel channel) throws IOException {
        long size = channel.size();
        ByteBuffer head = ByteBuffer.allocate((int) Math.min(size, HEADER.length() + 2L + 4096));
        while (head.hasRemaining() && channel.read(head, head.position()) > 0) {
            // positional reads: the append position is left alone
        }
        String text = new String(head.array(), 0, head.position(), StandardCharsets.UTF_8);
        int end = text.indexOf('\n');
        String first = end < 0 ? text : text.substring(0, end);
        if (first.endsWith("\r")) {
            first = first.substring(0, first.length() - 1);
        }
        if (!HEADER.equals(first)) {
            // an older kbench wrote the columns before the ones added since
            String older = "";
            for (int n = SamplesCsv.COLUMNS.indexOf("run_id"); n < SamplesCsv.COLUMNS.size(); n++) {
                if (String.join(",", SamplesCsv.COLUMNS.subList(0, n)).equals(first)) {
                    older = " (it was written by an older kbench, without the column(s) "
                            + String.join(", ", SamplesCsv.COLUMNS.subList(n, SamplesCsv.COLUMNS.size())) + ")";
                }
            }
            throw new IOException("cannot append samples to '" + file + "': its header is '" + first + "', not '"
                    + HEADER + "'" + older + "; write to a new file");
        }
        ByteBuffer last = ByteBuffer.allocate(1);
        channel.read(last, size - 1);
        if (last.get(0) != '\n') {
            throw new IOException("cannot append samples to '" + file + "': its last line is incomplete"
                    + " (a run was killed while writing?); repair or remove that line, or write to a new file");
        }
    }

    /**
     * Appends samples and hands them to the operating system before returning. Where writing them fails (a full
     * disk, a size limit), a regular file is cut back to where it ended before, so it never ends in part of a row.
     *
     * @param samples the rows to append, possibly none
     * @throws IOException if writing fails
     */
    public void append(List<SampleRecord> samples) throws IOException {
        if (samples.isEmpty()) {
            return;
        }
        // A repetition's rows differ in their sample and time only: the fields around those two are put in
        // CSV form once for each run of such rows, and each row is those fields with its own two numbers
        // (which never need quotes). What goes out is what printing each row as one record would give.
        StringBuilder text = new StringBuilder(160 * samples.size());
        SampleRecord formatted = null;
        String head = "";
        String tail = "";
        for (SampleRecord r : samples) {
            if (formatted == null || !sameButSampleAndTime(formatted, r)) {
                head = fields(false, r.benchmark(), r.params(),
                        r.repetition().isPresent() ? Integer.toString(r.repetition().getAsInt()) : "");
                tail = fields(true, r.backend(), r.device(),
                        r.bytes().isPresent() ? Long.toString(r.bytes().getAsLong()) : "",
                        r.flops().isPresent() ? Long.toString(r.flops().getAsLong()) : "",
                        Integer.toString(r.fork()), r.host(), r.deviceId(),
                        r.smClockMHz().isPresent() ? Decimals.plain(r.smClockMHz().getAsDouble()) : "", r.runId(),
                        throttle(r), r.joulesPerCall().isPresent() ? Decimals.plain(r.joulesPerCall().getAsDouble()) : "");
                formatted = r;
            }
            text.append(head).append(',').append(r.sample()).append(',').append(Decimals.plain(r.timeMillis()))
                    .append(',').append(tail).append('\n');
        }
        if (pendingReplace) {
            replace(text.toString());
            rows += samples.size();
            return;
        }
        long end = channel == null ? -1 : channel.position();
        try {
            write(out, text.toString());
        } catch (IOException e) {
            if (channel != null) {
                // a full disk or a size limit took part of the rows: cut them off again, so the file ends at a
                // whole row and stays readable strictly and appendable (--append refuses an incomplete last line)
                try {
                    channel.truncate(end);
                    channel.position(end);
                } catch (IOException | RuntimeException cut) {
                    e.addSuppressed(cut);
                }
            }
            throw e;
        }
        rows += samples.size();
    }

    /**
     * Replaces the existing file by one that holds the header and the first rows: written to a temporary file
     * beside it ({@link TemporaryFiles#beside}), locked, then renamed over it in one step. Where that write fails
     * (a full disk, a size limit), the temporary file is removed and the existing file stays as it was, still
     * locked by this writer, so a run that could not write its first rows has not destroyed the file it was to
     * replace; the next append tries again.
     */
    private void replace(String text) throws IOException {
        Path temp = TemporaryFiles.beside(file);
        FileChannel fresh = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        FileLock freshLock;
        try {
            // no other process knows the name yet: the lock is there for when it has the file's
            freshLock = fresh.tryLock();
            write(fresh, HEADER + "\n" + text);
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            try {
                fresh.close();   // and its lock with it
            } finally {
                Files.deleteIfExists(temp);
            }
            throw e;
        }
        FileChannel replaced = channel;
        channel = fresh;
        out = fresh;
        lock = freshLock;
        pendingReplace = false;
        try {
            replaced.close();   // and its lock with it
        } catch (IOException e) {
            // the replaced file has left its path and the rows are in the new one: nothing to lose or report
        }
    }

    /** Whether two rows differ at most in their sample index and time. */
    private static boolean sameButSampleAndTime(SampleRecord a, SampleRecord b) {
        return a.benchmark().equals(b.benchmark()) && a.params().equals(b.params())
                && a.repetition().equals(b.repetition()) && a.backend().equals(b.backend())
                && a.device().equals(b.device()) && a.bytes().equals(b.bytes()) && a.flops().equals(b.flops())
                && a.fork() == b.fork() && a.host().equals(b.host()) && a.deviceId().equals(b.deviceId())
                && a.smClockMHz().equals(b.smClockMHz()) && a.runId().equals(b.runId())
                && a.throttling().equals(b.throttling()) && a.joulesPerCall().equals(b.joulesPerCall());
    }

    /**
     * Fields in the samples dialect, joined by commas, as they read within a record: a record's first field
     * is quoted by other rules (an empty one is quoted), so fields that follow others are formatted behind
     * a placeholder that is then cut off.
     */
    private static String fields(boolean following, String... values) throws IOException {
        StringBuilder text = new StringBuilder(16 * values.length + 2);
        try (CSVPrinter printer = new CSVPrinter(text, SamplesCsv.format())) {
            if (following) {
                printer.print("x");
            }
            printer.printRecord((Object[]) values);
        }
        return text.substring(following ? 2 : 0, text.length() - 1);
    }

    /** The {@code throttle} field: the reasons' tokens joined by {@code ;}, {@code none}, or empty for unknown. */
    static String throttle(SampleRecord r) {
        return r.throttling().map(set -> set.isEmpty() ? SamplesCsv.NO_THROTTLE
                : String.join(";", set.stream().map(dev.kbench.api.ThrottleReason::token).toList())).orElse("");
    }

    /**
     * The rows appended through this writer.
     *
     * @return the count, 0 if nothing was appended
     */
    public long rowsWritten() {
        return rows;
    }

    /**
     * Forces what was appended to the storage device, for when a machine crash must not lose it; nothing
     * for a stream.
     *
     * @throws IOException if that fails
     */
    public void sync() throws IOException {
        if (channel != null) {
            channel.force(false);
        }
    }

    /**
     * The file written to.
     *
     * @return the path given to {@link #open(Path, WriteMode)}
     */
    public Path file() {
        return file;
    }

    @Override
    public void close() throws IOException {
        try {
            if (lock != null && lock.isValid()) {
                lock.release();
            }
        } finally {
            out.close();
        }
    }

    private static void write(WritableByteChannel channel, String text) throws IOException {
        ByteBuffer bytes = ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
        while (bytes.hasRemaining()) {
            channel.write(bytes);
        }
    }
}

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
import dev.kbench.api.SampleRecord;
import dev.kbench.api.internal.IoErrors;
import dev.kbench.api.internal.TemporaryFiles;
import dev.kbench.stats.io.SamplesCsvWriter;
import dev.kbench.stats.io.WriteMode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The files kbench writes, and the one rule for them: never delete or replace a path the user did not
 * ask to replace. An existing output is an error unless {@code --force} (or {@code --append} for a
 * samples file); a device or FIFO ({@code /dev/null}, {@code /dev/stdout}) is written to, never
 * replaced; read-only files and symbolic links are never replaced; an output may not be an input or
 * another output (compared by real path); whole files are written to a temporary file in the same
 * directory and renamed over the target in one step.
 */
final class OutputFiles {

    /** The option that allows replacing an existing output. */
    static final String FORCE = "--force";

    private OutputFiles() {
    }

    /**
     * Checks outputs before anything runs.
     *
     * @param outputs the outputs given (null elements are ignored)
     * @param inputs description to file of what the command reads (null values are ignored)
     * @throws UsageException naming the option and the file on the first problem
     */
    static void check(List<OutputTarget> outputs, Map<String, Path> inputs) {
        Map<Object, String> seen = new LinkedHashMap<>();
        inputs.forEach((what, file) -> {
            if (file != null && Files.exists(file)) {
                seen.put(identity(file), what);
            }
        });
        for (OutputTarget target : outputs) {
            if (target == null) {
                continue;
            }
            // an output that is an input (or another output) is refused as such first: --force would not help
            String other = target.isStream() ? null : seen.putIfAbsent(identity(target.file()), target.option() + " " + target.file());
            if (other != null) {
                throw new UsageException(target + " is the same file as " + other
                        + "; write each output to its own file");
            }
            checkOne(target);
        }
    }

    private static void checkOne(OutputTarget target) {
        String option = target.option();
        Path file = target.file();
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new UsageException(option + ": cannot write '" + file + "': the directory " + parent
                    + " does not exist");
        }
        if (SamplesCsvWriter.isStream(file)) {
            return;
        }
        if (Files.isSymbolicLink(file) && target.mode() != WriteMode.APPEND) {
            throw new UsageException(option + " '" + file + "' is a symbolic link" + linkTarget(file)
                    + "; kbench does not replace links: give the target itself, or remove the link");
        }
        if (!Files.exists(file, LinkOption.NOFOLLOW_LINKS) && !Files.isSymbolicLink(file)) {
            probe(option, file);
            return;
        }
        if (Files.isDirectory(file)) {
            throw new UsageException(option + " '" + file + "' is a directory; give a file name");
        }
        if (target.mode() == WriteMode.CREATE_NEW) {
            throw new UsageException(option + " '" + file + "' exists; kbench does not replace files "
                    + "unless told: add " + FORCE + " to replace it"
                    + (target.appendable() ? " or --append to add to it" : "") + ", or choose another name");
        }
        if (readOnly(file)) {
            throw new UsageException(option + " '" + file + "' is read-only; kbench never writes to "
                    + "read-only files: choose another name, or make it writable (chmod u+w)");
        }
        if (target.mode() == WriteMode.REPLACE) {
            // the file is replaced by a new one written beside it: its directory must take one
            probe(option, file);
        }
    }

    /**
     * Checks before anything is measured that a new output can be created: its name is not too long and
     * its directory takes a new file (not read-only, not full of inodes), by creating and removing the
     * temporary file the write will use.
     */
    private static void probe(String option, Path file) {
        int bytes = file.getFileName().toString().getBytes(StandardCharsets.UTF_8).length;
        if (bytes > TemporaryFiles.NAME_MAX) {
            throw new UsageException(option + ": cannot write '" + file + "': its name is " + bytes
                    + " bytes long, more than the " + TemporaryFiles.NAME_MAX + " a file system takes; choose a shorter name");
        }
        Path temp = TemporaryFiles.beside(file);
        try {
            Files.createFile(temp);
        } catch (IOException e) {
            throw new UsageException(option + ": cannot write '" + file + "': " + IoErrors.reason(e)
                    + " (checked before measuring); choose another directory", e);
        } finally {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // it was not created
            }
        }
    }

    private static String linkTarget(Path file) {
        try {
            return " to " + Files.readSymbolicLink(file);
        } catch (IOException | UnsupportedOperationException e) {
            return "";
        }
    }

    private static boolean readOnly(Path file) {
        if (!Files.isWritable(file)) {
            return true;
        }
        try {
            return !Files.getPosixFilePermissions(file).contains(PosixFilePermission.OWNER_WRITE);
        } catch (IOException | UnsupportedOperationException e) {
            return false;
        }
    }

    /**
     * What makes two paths one file: for an existing file its device and inode ({@code fileKey}), so a
     * hard link to an input is the input; else its real path.
     */
    private static Object identity(Path file) {
        try {
            if (Files.exists(file)) {
                Object key = Files.readAttributes(file, BasicFileAttributes.class).fileKey();
                if (key != null) {
                    return key;
                }
            }
        } catch (IOException e) {
            // fall back to the path
        }
        return real(file);
    }

    /** The real path of a file, or of its directory plus its name if it does not exist yet. */
    private static Path real(Path file) {
        try {
            if (Files.exists(file)) {
                return file.toRealPath();
            }
            Path absolute = file.toAbsolutePath().normalize();
            Path parent = absolute.getParent();
            return parent == null ? absolute : parent.toRealPath().resolve(absolute.getFileName());
        } catch (IOException e) {
            return file.toAbsolutePath().normalize();
        }
    }

    /**
     * Writes a whole file: to a temporary file in the same directory, then renamed over the target in one
     * step, so a reader never sees half a file and a failed write leaves the target as it was. A device
     * or FIFO is written to directly.
     *
     * @param target the file, the option that named it and whether an existing file may be replaced
     * @param text its contents; a final line end is added if missing
     * @throws OutputException if writing fails (a full disk), naming the file
     * @throws UsageException if the file appeared since the check and may not be replaced
     */
    static void write(OutputTarget target, String text) {
        String option = target.option();
        Path file = target.file();
        byte[] bytes = (text.endsWith("\n") ? text : text + "\n").getBytes(StandardCharsets.UTF_8);
        if (SamplesCsvWriter.isStream(file)) {
            // /dev/stdout and /dev/fd/N through the descriptor itself, sharing its position with standard output
            try (WritableByteChannel out = SamplesCsvWriter.openStream(file)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    out.write(buffer);
                }
            } catch (IOException e) {
                throw failed(option, file, e);
            }
            return;
        }
        write(target, temp -> {
            try (var channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                channel.force(true);
            }
        });
    }

    /** Writes the contents of a whole file to the path it is given. */
    @FunctionalInterface
    interface Contents {
        /**
         * Writes the file.
         *
         * @param file the file to write: the temporary file, or a device or FIFO itself
         * @throws IOException if writing fails
         */
        void writeTo(Path file) throws IOException;
    }

    /**
     * Writes a whole file the way {@link #write(OutputTarget, String)} does, its contents written
     * by {@code contents}: into an empty temporary file in the same directory, renamed over the target in
     * one step; a device or FIFO is handed to {@code contents} itself.
     *
     * @param target the file, the option that named it and whether an existing file may be replaced
     * @param contents writes the contents
     * @throws OutputException if writing fails (a full disk), naming the file
     * @throws UsageException if the file appeared since the check and may not be replaced
     */
    static void write(OutputTarget target, Contents contents) {
        String option = target.option();
        Path file = target.file();
        if (SamplesCsvWriter.isStream(file)) {
            try {
                contents.writeTo(file);
            } catch (IOException e) {
                throw failed(option, file, e);
            }
            return;
        }
        checkOne(target);
        Path absolute = file.toAbsolutePath();
        Path temp = TemporaryFiles.beside(file);
        try {
            Files.createFile(temp);
            contents.writeTo(temp);
            if (target.mode() == WriteMode.CREATE_NEW) {
                // a file that appeared while this one was written is not replaced
                Files.move(temp, absolute);
            } else {
                Files.move(temp, absolute, StandardCopyOption.ATOMIC_MOVE);
            }
        } catch (FileAlreadyExistsException e) {
            throw new UsageException(option + " '" + file + "' appeared while kbench wrote it; it is left "
                    + "as it is: add " + FORCE + " to replace it, or choose another name", e);
        } catch (IOException e) {
            throw failed(option, file, e);
        } finally {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // the temporary file is gone or cannot be removed; the message above is what matters
            }
        }
    }

    private static OutputException failed(String option, Path file, IOException e) {
        return new OutputException(option + ": cannot write '" + file + "': " + IoErrors.reason(e), e);
    }

    /**
     * A samples file open for a run: appends and closing are synchronized, so the watchdog can close it
     * cleanly from its own thread while the measuring thread is stuck in a device call.
     */
    static final class Samples implements AutoCloseable {

        private final OutputTarget target;
        private final SamplesCsvWriter writer;
        private final boolean created;
        private final String runId;
        private boolean closed;

        private Samples(OutputTarget target, SamplesCsvWriter writer, boolean created, String runId) {
            this.target = target;
            this.writer = writer;
            this.created = created;
            this.runId = runId;
        }

        /**
         * Opens the samples file after {@link #check} allowed it; {@link OutputTarget#openSamples} is the one
         * caller.
         *
         * @param target the file, the option that named it and what to do with an existing file
         * @param runId the run id every row written gets (a child's rows are re-tagged with the parent's)
         * @return the open file
         * @throws UsageException if it exists (and may not be replaced) or another run holds it
         */
        static Samples open(OutputTarget target, String runId) {
            boolean stream = target.isStream();
            // a file not there before this run (whether --force or --append was given): removed again if it
            // takes no sample
            boolean created = !stream && Files.notExists(target.file(), java.nio.file.LinkOption.NOFOLLOW_LINKS);
            try {
                return new Samples(target, SamplesCsvWriter.open(target.file(), target.mode()), created, runId);
            } catch (FileAlreadyExistsException e) {
                throw new UsageException(target + " exists; add " + FORCE + " to replace it"
                        + (target.appendable() ? " or --append to add to it" : ""), e);
            } catch (IOException e) {
                if (stream) {
                    // a device or FIFO that cannot be written (/dev/full, a FIFO without a reader): an output error
                    throw failed(target.option(), target.file(), e);
                }
                throw new UsageException(target.option() + ": " + e.getMessage(), e);
            }
        }

        /** The file. */
        Path file() {
            return writer.file();
        }

        /** The file, the option that named it and how it was opened. */
        OutputTarget target() {
            return target;
        }

        /** Rows written by this run. */
        synchronized long rows() {
            return writer.rowsWritten();
        }

        /**
         * Appends one repetition's rows.
         *
         * @throws OutputException if writing fails
         */
        synchronized void append(List<SampleRecord> rows) {
            if (closed) {
                return;
            }
            try {
                writer.append(rows.stream().map(r -> r.runId().equals(runId) ? r : r.withRunId(runId)).toList());
            } catch (IOException e) {
                throw failed(target.option(), writer.file(), e);
            }
        }

        /**
         * Closes the file; a file this run created and wrote no sample to is removed again, so a run that
         * measured nothing leaves the directory as it was.
         *
         * @return a message if closing failed, else null
         */
        synchronized String finish() {
            if (closed) {
                return null;
            }
            closed = true;
            try {
                writer.close();
                if (created && writer.rowsWritten() == 0) {
                    Files.deleteIfExists(writer.file());
                }
                return null;
            } catch (IOException e) {
                return "closing '" + writer.file() + "' failed: " + e.getMessage();
            }
        }

        @Override
        public void close() {
            finish();
        }
    }
}

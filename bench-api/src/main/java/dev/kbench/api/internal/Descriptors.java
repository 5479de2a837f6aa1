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
package dev.kbench.api.internal;

import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.StructLayout;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Standard output and the paths that name an open descriptor ({@code /dev/stdout}, {@code /dev/stderr},
 * {@code /dev/fd/N}, {@code /proc/self/fd/N}), written through the descriptor the process inherited, never
 * reopened by path.
 *
 * <p>Why: reopening {@code /proc/self/fd/N} of a regular file makes a second open file description with
 * its own file position. With {@code kbench ... > log 2>&1}, results written through a reopened copy and
 * messages written through descriptor 2 then overwrite each other. Writing through the inherited
 * descriptor shares the caller's single file position, as two programs writing to one shell redirection do.
 *
 * <p>The launchers move kbench's standard output off descriptor 1 (so that the JVM's crash banner and
 * what native libraries print go to standard error) to the descriptor named by the system property
 * {@value #STDOUT_FD}; then standard output, {@code /dev/stdout} and {@code /dev/fd/1} all mean that
 * descriptor. Writing to a descriptor other than 1 and 2 calls {@code write(2)} through the foreign
 * function API, which needs native access for {@code dev.kbench.api}.
 */
public final class Descriptors {

    /** The system property naming the descriptor that is kbench's standard output. */
    public static final String STDOUT_FD = "kbench.stdout.fd";

    private static final Pattern DESCRIPTOR_PATH = Pattern.compile("/(?:dev/fd|proc/self/fd)/([0-9]{1,9})");

    private Descriptors() {
    }

    /**
     * kbench's standard output: the descriptor named by {@value #STDOUT_FD}, else descriptor 1. Closing the
     * stream does not close the descriptor.
     *
     * @return the stream, unbuffered
     * @throws IllegalArgumentException if the property is set but is not a descriptor number
     */
    public static OutputStream standardOutput() {
        return Channels.newOutputStream(channel(1));
    }

    /**
     * The descriptor a path names, without following links: 1 for {@code /dev/stdout}, 2 for
     * {@code /dev/stderr}, 0 for {@code /dev/stdin}, N for {@code /dev/fd/N} and {@code /proc/self/fd/N}.
     *
     * @param path the path, absolute or relative to the working directory
     * @return the descriptor, or empty if the path names none
     */
    public static OptionalInt descriptor(Path path) {
        String name = path.toAbsolutePath().normalize().toString();
        switch (name) {
            case "/dev/stdin":
                return OptionalInt.of(0);
            case "/dev/stdout":
                return OptionalInt.of(1);
            case "/dev/stderr":
                return OptionalInt.of(2);
            default:
                Matcher m = DESCRIPTOR_PATH.matcher(name);
                return m.matches() ? OptionalInt.of(Integer.parseInt(m.group(1))) : OptionalInt.empty();
        }
    }

    /**
     * Opens a stream output (a device, a FIFO, a descriptor path) to append to: a path that names a
     * descriptor is written through that descriptor ({@code /dev/stdout} through kbench's standard output),
     * any other path is opened for appending. Closing the channel closes only what this method opened.
     *
     * @param path the path
     * @return the channel
     * @throws IOException if the path cannot be opened
     */
    public static WritableByteChannel openStream(Path path) throws IOException {
        OptionalInt fd = descriptor(path);
        if (fd.isPresent()) {
            return channel(fd.getAsInt());
        }
        return FileChannel.open(path, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
    }

    /** A channel to write to descriptor {@code fd} as the caller means it (1: kbench's standard output). */
    private static WritableByteChannel channel(int fd) {
        int target = fd == 1 ? stdoutDescriptor() : fd;
        return switch (target) {
            case 1 -> new Unclosed(Channels.newChannel(new FileOutputStream(FileDescriptor.out)));
            case 2 -> new Unclosed(Channels.newChannel(new FileOutputStream(FileDescriptor.err)));
            default -> new NativeChannel(target);
        };
    }

    private static int stdoutDescriptor() {
        String value = System.getProperty(STDOUT_FD);
        if (value == null || value.isBlank()) {
            return 1;
        }
        try {
            int fd = Integer.parseInt(value.strip());
            if (fd >= 0) {
                return fd;
            }
        } catch (NumberFormatException e) {
            // the message below
        }
        throw new IllegalArgumentException("-D" + STDOUT_FD + "=" + value + " is not a descriptor number; "
                + "leave it out to write results to descriptor 1");
    }

    /** A channel whose close leaves the descriptor open (descriptors 1 and 2 belong to the process). */
    private static final class Unclosed implements WritableByteChannel {
        private final WritableByteChannel channel;
        private volatile boolean open = true;

        Unclosed(WritableByteChannel channel) {
            this.channel = channel;
        }

        @Override
        public int write(ByteBuffer src) throws IOException {
            if (!open) {
                throw new ClosedChannelException();
            }
            return channel.write(src);
        }

        @Override
        public boolean isOpen() {
            return open;
        }

        @Override
        public void close() {
            open = false;
        }
    }

    /**
     * Writes to a descriptor with {@code write(2)}: every byte of each buffer, retrying after a signal and
     * while a non-blocking descriptor is full; a failure is an {@link IOException} with the system's
     * message ("No space left on device", "Broken pipe"). Closing it leaves the descriptor open.
     */
    private static final class NativeChannel implements WritableByteChannel {
        private static final int EINTR = 4;
        private static final int EAGAIN = 11;
        private static final Linker LINKER = Linker.nativeLinker();
        private static final StructLayout CAPTURED = Linker.Option.captureStateLayout();
        private static final VarHandle ERRNO = CAPTURED.varHandle(MemoryLayout.PathElement.groupElement("errno"));
        private static final MethodHandle WRITE = LINKER.downcallHandle(
                LINKER.defaultLookup().find("write").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_INT, ValueLayout.ADDRESS,
                        ValueLayout.JAVA_LONG),
                Linker.Option.captureCallState("errno"));
        private static final MethodHandle STRERROR = LINKER.downcallHandle(
                LINKER.defaultLookup().find("strerror").orElseThrow(),
                FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.JAVA_INT));

        private final int fd;
        private volatile boolean open = true;

        NativeChannel(int fd) {
            this.fd = fd;
        }

        @Override
        public synchronized int write(ByteBuffer src) throws IOException {
            if (!open) {
                throw new ClosedChannelException();
            }
            int length = src.remaining();
            if (length == 0) {
                return 0;
            }
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment bytes = arena.allocate(length);
                MemorySegment.copy(MemorySegment.ofBuffer(src), 0, bytes, 0, length);
                MemorySegment state = arena.allocate(CAPTURED);
                long done = 0;
                while (done < length) {
                    long n = (long) WRITE.invokeExact(state, fd, bytes.asSlice(done), (long) length - done);
                    if (n >= 0) {
                        done += n;
                        continue;
                    }
                    int errno = (int) ERRNO.get(state, 0L);
                    if (errno == EINTR) {
                        continue;
                    }
                    if (errno == EAGAIN) {
                        Thread.sleep(1);
                        continue;
                    }
                    src.position(src.position() + (int) done);
                    throw new IOException(message(errno));
                }
            } catch (IOException | RuntimeException | Error e) {
                throw e;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while writing to descriptor " + fd);
            } catch (Throwable e) {
                throw new IOException("cannot write to descriptor " + fd + ": " + e, e);
            }
            src.position(src.position() + length);
            return length;
        }

        private static String message(int errno) {
            try {
                MemorySegment text = (MemorySegment) STRERROR.invokeExact(errno);
                return text.reinterpret(1024).getString(0);
            } catch (Throwable e) {
                return "error " + errno;
            }
        }

        @Override
        public boolean isOpen() {
            return open;
        }

        @Override
        public void close() {
            open = false;
        }
    }
}

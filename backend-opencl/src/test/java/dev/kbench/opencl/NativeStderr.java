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
package dev.kbench.opencl;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Runs code with the process's standard error (file descriptor 2) sent to a file, and returns what was
 * written there. For tests that expect an error which native code also prints (PoCL's compiler prints
 * {@code 1 error generated.} for a broken kernel): the console of a test run then shows only results.
 */
final class NativeStderr {

    private static final Linker LINKER = Linker.nativeLinker();
    private static final MethodHandle DUP = function("dup", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
    private static final MethodHandle DUP2 = function("dup2",
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
    private static final MethodHandle CLOSE = function("close", FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT));
    private static final MethodHandle OPEN = LINKER.downcallHandle(LINKER.defaultLookup().find("open").orElseThrow(),
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_INT, ValueLayout.JAVA_INT),
            Linker.Option.firstVariadicArg(2));
    private static final int STDERR = 2;
    private static final int O_WRONLY_APPEND = 01 | 02000;   // Linux: O_WRONLY | O_APPEND

    private NativeStderr() {
    }

    /** Code that may throw. */
    interface Body {
        void run() throws Exception;
    }

    /** Runs {@code body} with file descriptor 2 redirected to {@code file}; returns what was written there. */
    static String capture(Path file, Body body) throws Exception {
        Files.writeString(file, "");
        System.err.flush();
        int saved = call(DUP, STDERR);
        int fd;
        try (Arena arena = Arena.ofConfined()) {
            fd = (int) OPEN.invokeExact(arena.allocateFrom(file.toString()), O_WRONLY_APPEND, 0);
        } catch (Throwable t) {
            throw new IOException("open " + file, t);
        }
        if (saved < 0 || fd < 0) {
            throw new IOException("cannot redirect standard error to " + file);
        }
        try {
            call(DUP2, fd, STDERR);
            body.run();
        } finally {
            System.err.flush();
            call(DUP2, saved, STDERR);
            call(CLOSE, saved);
            call(CLOSE, fd);
        }
        return Files.readString(file, StandardCharsets.UTF_8);
    }

    private static MethodHandle function(String name, FunctionDescriptor descriptor) {
        return LINKER.downcallHandle(LINKER.defaultLookup().find(name).orElseThrow(), descriptor);
    }

    private static int call(MethodHandle handle, int... args) throws IOException {
        try {
            return args.length == 1 ? (int) handle.invokeExact(args[0]) : (int) handle.invokeExact(args[0], args[1]);
        } catch (Throwable t) {
            throw new IOException(t);
        }
    }
}

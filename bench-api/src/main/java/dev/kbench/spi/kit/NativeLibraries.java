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
package dev.kbench.spi.kit;

import java.io.IOException;
import java.io.InputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * For backends that bind a native library: through the FFM API, whether the library can be loaded and
 * has the functions the backend calls, checked before the first call so that discovery can say what to
 * install instead of failing with an {@code UnsatisfiedLinkError} somewhere later ({@link #check}); through
 * a JNI binding that unpacks its own library into a shared directory, that library put there whole first
 * ({@link #placeJniLibrary}).
 */
public final class NativeLibraries {

    /** At most this many missing functions are named in a message. */
    private static final int NAMED = 5;

    private NativeLibraries() {
    }

    /**
     * Puts a JNI binding's library where the binding's own loader will find it, whole. JCuda's and JOCL's
     * loaders look for their library in {@code java.io.tmpdir} under its file name, load a file of that name if
     * there is one, and otherwise write it there from their jar, in place: a JVM that starts while another one
     * writes it finds a file of that name, half written, and crashes loading it (forks in standby start
     * together). This writes the resource {@code lib/FILE_NAME}, read through {@code loader} (which sees every
     * module and the class path), to a temporary file in {@code directory} and moves it to
     * {@code directory/FILE_NAME} atomically, unless a file with the same bytes is there already; a file of
     * other bytes (truncated by a writer that crashed, or another version) is replaced. Call it before the
     * binding's first class is initialized.
     *
     * @param loader the class loader to read the resource with
     * @param fileName the library's file name, e.g. {@code libJOCL_2_0_6-linux-x86_64.so}
     * @param directory where the binding's loader looks, usually {@code java.io.tmpdir}
     * @return the file, or empty if {@code loader} finds no resource {@code lib/FILE_NAME}
     * @throws IOException if the file cannot be written, with its path and the next step
     */
    public static Optional<Path> placeJniLibrary(ClassLoader loader, String fileName, Path directory) throws IOException {
        String resource = "lib/" + fileName;
        byte[] bytes;
        try (InputStream in = loader.getResourceAsStream(resource)) {
            if (in == null) {
                return Optional.empty();
            }
            bytes = in.readAllBytes();
        }
        Path target = directory.resolve(fileName);
        if (Files.isRegularFile(target) && Files.size(target) == bytes.length
                && Arrays.equals(Files.readAllBytes(target), bytes)) {
            return Optional.of(target);
        }
        Path partial = null;
        try {
            Files.createDirectories(directory);
            partial = Files.createTempFile(directory, fileName, ".part");
            Files.write(partial, bytes);
            try {
                Files.move(partial, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new IOException("cannot write the native library '" + resource + "' to '" + target + "': "
                    + e.getMessage() + "; set -Djava.io.tmpdir to a writable directory", e);
        } finally {
            if (partial != null) {
                Files.deleteIfExists(partial);
            }
        }
        return Optional.of(target);
    }

    /**
     * Checks that a library can be loaded ({@code dlopen} by name) and has every function named.
     *
     * @param library the library's name, e.g. {@code libze_loader.so.1}
     * @param functions the functions the backend calls
     * @param kind what the functions are, for the message, e.g. {@code "Level Zero 1.4"}
     * @param expected what the library should be, for the message, e.g. {@code "a Level Zero loader of API 1.4 or later"}
     * @param installHint what to install when it is not found, e.g. {@code "install the Level Zero loader, e.g. apt-get install libze1"}
     * @return why it cannot be used ({@code LIBRARY not found (WHY); HINT} or {@code LIBRARY lacks K of the N
     *     KIND functions kbench calls (F1, F2, ...); it is not EXPECTED}), or empty if it can
     */
    public static Optional<String> check(String library, List<String> functions, String kind, String expected,
                                         String installHint) {
        try (Arena arena = Arena.ofConfined()) {
            SymbolLookup lookup;
            try {
                lookup = SymbolLookup.libraryLookup(library, arena);
            } catch (IllegalArgumentException e) {
                return Optional.of(library + " not found (" + e.getMessage() + "); " + installHint);
            }
            List<String> missing = functions.stream().filter(f -> lookup.find(f).isEmpty()).toList();
            if (missing.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(library + " lacks " + missing.size() + " of the " + functions.size() + " " + kind
                    + " functions kbench calls (" + String.join(", ", missing.subList(0, Math.min(NAMED, missing.size())))
                    + (missing.size() > NAMED ? ", ..." : "") + "); it is not " + expected);
        }
    }
}

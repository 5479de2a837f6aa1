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
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Finds the OpenCL ICD loader ({@code libOpenCL.so.1}) the way the dynamic linker would, before JOCL is
 * touched.
 *
 * <p>Why: JOCL 2.0.6 opens {@code libOpenCL.so.1}, then {@code libOpenCL.so} (2.0.5 tried only the
 * unversioned name, which only the {@code -dev} package installs), and when both fail its native code
 * prints "Could not load ..." to the process's standard output and throws an
 * {@link UnsatisfiedLinkError}. Looking first lets the driver report itself inactive with a clear reason
 * and no output at all. The search mirrors {@code dlopen}: {@code LD_LIBRARY_PATH}, then the names in
 * {@code /etc/ld.so.cache}, then the directories of {@code /etc/ld.so.conf.d} and the system library
 * directories. It only decides "surely absent"; when it finds a candidate, JOCL still does the real load.
 */
final class IcdLoader {

    /** The names JOCL 2.0.6 tries on Linux, in its order. */
    static final List<String> NAMES = List.of("libOpenCL.so.1", "libOpenCL.so");

    /** The directories the dynamic linker searches when a library is not in the cache. */
    static final List<Path> SYSTEM_DIRS = List.of(Path.of("/lib64"), Path.of("/usr/lib64"), Path.of("/lib"), Path.of("/usr/lib"),
            Path.of("/lib/x86_64-linux-gnu"), Path.of("/usr/lib/x86_64-linux-gnu"),
            Path.of("/lib/aarch64-linux-gnu"), Path.of("/usr/lib/aarch64-linux-gnu"));

    private final String ldLibraryPath;
    private final Path ldSoCache;
    private final Path ldSoConfDir;
    private final List<Path> systemDirs;

    /**
     * A search over given places; {@link #system()} uses the real ones.
     *
     * @param ldLibraryPath the value of {@code LD_LIBRARY_PATH}, or {@code null}
     * @param ldSoCache the dynamic linker's cache file
     * @param ldSoConfDir the directory of {@code *.conf} files listing library directories
     * @param systemDirs the default directories
     */
    IcdLoader(String ldLibraryPath, Path ldSoCache, Path ldSoConfDir, List<Path> systemDirs) {
        this.ldLibraryPath = ldLibraryPath;
        this.ldSoCache = ldSoCache;
        this.ldSoConfDir = ldSoConfDir;
        this.systemDirs = List.copyOf(systemDirs);
    }

    /**
     * The search of this machine.
     *
     * @return the search over {@code LD_LIBRARY_PATH}, {@code /etc/ld.so.cache}, {@code /etc/ld.so.conf.d}
     *     and the system library directories
     */
    static IcdLoader system() {
        return new IcdLoader(System.getenv("LD_LIBRARY_PATH"), Path.of("/etc/ld.so.cache"), Path.of("/etc/ld.so.conf.d"),
                SYSTEM_DIRS);
    }

    /**
     * Whether the search applies: on Linux only (elsewhere JOCL's own load decides).
     *
     * @return {@code true} on Linux
     */
    static boolean applies() {
        return System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("linux");
    }

    /**
     * Where the loader is.
     *
     * @return the first existing file the dynamic linker would open, or empty if there is none
     */
    Optional<Path> locate() {
        for (String name : NAMES) {
            for (Path dir : ldLibraryPathDirs()) {
                if (Files.isRegularFile(dir.resolve(name))) {
                    return Optional.of(dir.resolve(name));
                }
            }
            Optional<Path> cached = fromCache(name);
            if (cached.isPresent()) {
                return cached;
            }
            for (Path dir : otherDirs()) {
                if (Files.isRegularFile(dir.resolve(name))) {
                    return Optional.of(dir.resolve(name));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The places searched, for the inactive reason.
     *
     * @return a short human description
     */
    String searched() {
        List<String> places = new ArrayList<>();
        if (ldLibraryPath != null && !ldLibraryPath.isBlank()) {
            places.add("LD_LIBRARY_PATH=" + ldLibraryPath);
        }
        places.add(ldSoCache.toString());
        otherDirs().forEach(d -> places.add(d.toString()));
        return String.join(", ", places);
    }

    private List<Path> ldLibraryPathDirs() {
        List<Path> dirs = new ArrayList<>();
        if (ldLibraryPath != null) {
            for (String part : ldLibraryPath.split(":")) {
                if (!part.isBlank()) {
                    dirs.add(Path.of(part.strip()));
                }
            }
        }
        return dirs;
    }

    private List<Path> otherDirs() {
        Set<Path> dirs = new LinkedHashSet<>();
        if (Files.isDirectory(ldSoConfDir)) {
            try (DirectoryStream<Path> confs = Files.newDirectoryStream(ldSoConfDir, "*.conf")) {
                for (Path conf : confs) {
                    for (String line : Files.readAllLines(conf, StandardCharsets.UTF_8)) {
                        String dir = line.strip();
                        if (dir.startsWith("/")) {
                            dirs.add(Path.of(dir));
                        }
                    }
                }
            } catch (IOException | RuntimeException e) {
                // An unreadable configuration only narrows the search; the system directories remain.
            }
        }
        dirs.addAll(systemDirs);
        return List.copyOf(dirs);
    }

    /**
     * Looks the name up in the linker cache. Both cache formats ({@code ld.so-1.7.0} and
     * {@code glibc-ld.so.cache1.1}) keep the library names and their full paths as NUL-terminated strings,
     * so the path is the string that ends in {@code /name}.
     */
    private Optional<Path> fromCache(String name) {
        byte[] cache;
        try {
            if (!Files.isRegularFile(ldSoCache)) {
                return Optional.empty();
            }
            cache = Files.readAllBytes(ldSoCache);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        byte[] suffix = ("/" + name).getBytes(StandardCharsets.US_ASCII);
        int start = 0;
        for (int i = 0; i < cache.length; i++) {
            if (cache[i] != 0) {
                continue;
            }
            int length = i - start;
            if (length > suffix.length && cache[start] == '/' && endsWith(cache, i, suffix)) {
                Path path = Path.of(new String(cache, start, length, StandardCharsets.UTF_8));
                if (Files.isRegularFile(path)) {
                    return Optional.of(path);
                }
            }
            start = i + 1;
        }
        return Optional.empty();
    }

    private static boolean endsWith(byte[] data, int end, byte[] suffix) {
        for (int k = 0; k < suffix.length; k++) {
            if (data[end - suffix.length + k] != suffix[k]) {
                return false;
            }
        }
        return true;
    }
}

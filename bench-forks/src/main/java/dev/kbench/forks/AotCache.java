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
package dev.kbench.forks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The JDK AOT cache that the forks of one directory share, and the one kept between runs
 * ({@link Forks#aotOptions(Path)} says what a fork gets): which options a fork's JVM is given, where a
 * complete cache is kept, and the distribution launcher's link to it.
 */
final class AotCache {

    /** The AOT cache's file in the forks' directory. */
    private static final String CACHE = "forks.aot";

    /**
     * The system property by which the distribution's launcher names its link to a kept AOT cache, which it
     * has the JVM of later commands map ({@code -XX:AOTCache}); forks keep it pointed at the cache they use.
     */
    private static final String LAUNCHER_PROPERTY = "kbench.forks.aot.launcher";

    /** How many kept AOT caches (one per kbench build, JVM and options) a directory holds at most. */
    private static final int KEPT = 8;

    /** The JVM's AOT log off: a cache that cannot be used is no concern of the measurement. */
    private static final String QUIET = "-Xlog:aot*=off,cds*=off";

    /** The system properties naming the class path and the module path, whose entries a cache depends on. */
    private static final List<String> PATH_PROPERTIES = List.of("java.class.path", "jdk.module.path");

    private AotCache() {
    }

    /**
     * Whether a JVM option of this JVM is one of the AOT options that a fork gets of its own, and so is not
     * passed on to it.
     */
    static boolean ownOption(String option) {
        return option.startsWith("-XX:AOT") || option.equals(QUIET);
    }

    /**
     * {@link Forks#aotOptions(Path)}, and with {@code key} (what a fork's JVM is: its {@code java}, its version,
     * options, main class, and through {@link #keptCache} its class and module path's jars) the cache kept
     * between runs: a fork maps the kept cache of its key where there is one, and a complete cache in the
     * directory is kept once the fork after its training one is asked for.
     */
    static List<String> options(Path directory, Optional<List<String>> key) {
        if (!Forks.usesAotCache() || !jarsOnly()) {
            return List.of();
        }
        Optional<Path> kept = key.flatMap(AotCache::keptCache);
        if (kept.isPresent() && Files.isRegularFile(kept.get())) {
            pointLauncher(kept.get());
            return List.of("-XX:AOTCache=" + kept.get(), QUIET);
        }
        Path cache = directory.resolve(CACHE);
        // the JVM writes NAME.config while it trains and removes it once NAME is complete
        Path training = directory.resolve(CACHE + ".config");
        if (Files.isRegularFile(cache) && !Files.exists(training)) {
            kept.ifPresent(k -> {
                keep(cache, k);
                pointLauncher(k);
            });
            return List.of("-XX:AOTCache=" + cache, QUIET);
        }
        try {
            Files.createFile(directory.resolve(CACHE + ".asked"));
        } catch (IOException e) {
            return List.of();   // an earlier fork trains, or trained and wrote nothing
        }
        return List.of("-XX:AOTCacheOutput=" + cache, QUIET);
    }

    /**
     * Where the forks' AOT cache of a JVM described by {@code key} is kept between runs:
     * {@value Forks#AOT_DIRECTORY_PROPERTY}, else {@code $XDG_CACHE_HOME/kbench/aot}, else
     * {@code ~/.cache/kbench/aot}, file {@code forks-HASH.aot}, HASH the SHA-256 of the key and of every jar's
     * path, size and modification time on the class and module path (a changed jar is another cache); empty
     * where no such directory can be named ({@value Forks#AOT_DIRECTORY_PROPERTY} empty, or no home).
     */
    private static Optional<Path> keptCache(List<String> key) {
        String configured = System.getProperty(Forks.AOT_DIRECTORY_PROPERTY);
        Optional<Path> directory;
        if (configured != null) {
            directory = configured.isBlank() ? Optional.empty() : Optional.of(Path.of(configured));
        } else {
            String xdg = System.getenv("XDG_CACHE_HOME");
            String home = System.getProperty("user.home", "");
            directory = xdg != null && !xdg.isBlank() ? Optional.of(Path.of(xdg, "kbench", "aot"))
                    : home.isBlank() || home.equals("?") ? Optional.empty() : Optional.of(Path.of(home, ".cache", "kbench", "aot"));
        }
        if (directory.isEmpty()) {
            return Optional.empty();
        }
        try {
            java.security.MessageDigest digest = java.security.MessageDigest.getInstance("SHA-256");
            List<String> parts = new ArrayList<>(key);
            for (String property : PATH_PROPERTIES) {
                for (Path jar : pathEntries(property).toList()) {
                    parts.add(property + "=" + jar.toAbsolutePath() + ":" + Files.size(jar) + ":"
                            + Files.getLastModifiedTime(jar).toMillis());
                }
            }
            for (String part : parts) {
                digest.update(part.getBytes(StandardCharsets.UTF_8));
                digest.update((byte) 0);
            }
            return Optional.of(directory.get().resolve("forks-" + java.util.HexFormat.of().formatHex(digest.digest(), 0, 16) + ".aot"));
        } catch (IOException | java.security.NoSuchAlgorithmException e) {
            return Optional.empty();
        }
    }

    /**
     * Points the launcher's link ({@value #LAUNCHER_PROPERTY}, set by the distribution's launcher) at a
     * kept cache, so that the next command's own JVM (this one's parent, a plain {@code run}, {@code compare})
     * maps the classes its forks loaded: a symbolic link made under a temporary name and renamed over the old
     * one. Where the link already leads there, the path holds something other than a symbolic link (a file or
     * directory is never replaced), or the link cannot be made, nothing happens and nothing is reported (the
     * launcher then starts the JVM without it).
     */
    private static void pointLauncher(Path kept) {
        String launcher = System.getProperty(LAUNCHER_PROPERTY, "");
        if (launcher.isBlank() || !Files.isRegularFile(kept)) {
            return;
        }
        Path link = Path.of(launcher);
        Path target = kept.toAbsolutePath();
        Path made = null;
        try {
            if (Files.isSymbolicLink(link) ? Files.readSymbolicLink(link).equals(target)
                    : Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                return;   // there already, or something that is not a link, which is never replaced
            }
            Files.createDirectories(link.toAbsolutePath().getParent());
            made = link.resolveSibling(link.getFileName() + "." + ProcessHandle.current().pid() + ".part");
            Files.deleteIfExists(made);
            Files.createSymbolicLink(made, target);
            Files.move(made, link, java.nio.file.StandardCopyOption.ATOMIC_MOVE, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            made = null;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            // the launcher starts its JVM without a cache
        } finally {
            if (made != null) {
                try {
                    Files.deleteIfExists(made);
                } catch (IOException e) {
                    // a stray link in the cache directory, of no consequence
                }
            }
        }
    }

    /**
     * Keeps a complete AOT cache for later runs: copied next to {@code kept} and moved into place in one
     * step (a run beside this one sees the whole file or none), then all but the {@value #KEPT} newest
     * {@code forks-*.aot} of that directory removed. Any failure (no space, no permission) leaves the runs to
     * train their own caches, as before; nothing is reported.
     */
    private static void keep(Path cache, Path kept) {
        Path directory = kept.getParent();
        Path copy = null;
        try {
            Files.createDirectories(directory);
            copy = Files.createTempFile(directory, "forks-", ".aot.part");
            Files.copy(cache, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            Files.move(copy, kept, java.nio.file.StandardCopyOption.ATOMIC_MOVE, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            copy = null;
            List<Path> caches;
            try (Stream<Path> files = Files.list(directory)) {
                caches = files.filter(f -> f.getFileName().toString().matches("forks-[0-9a-f]{32}\\.aot"))
                        .sorted(java.util.Comparator.comparing((Path f) -> {
                            try {
                                return Files.getLastModifiedTime(f).toMillis();
                            } catch (IOException e) {
                                return 0L;
                            }
                        }).reversed()).toList();
            }
            for (Path old : caches.subList(Math.min(KEPT, caches.size()), caches.size())) {
                Files.deleteIfExists(old);
            }
        } catch (IOException | UnsupportedOperationException e) {
            // a kept cache only saves a training run
        } finally {
            if (copy != null) {
                try {
                    Files.deleteIfExists(copy);
                } catch (IOException e) {
                    // nothing more to do
                }
            }
        }
    }

    /**
     * Whether the class path and module path hold only files (jars): a JVM fails to write an AOT cache,
     * exiting with status 1, when they hold a non-empty directory (classes or modules built in place).
     */
    private static boolean jarsOnly() {
        return PATH_PROPERTIES.stream().flatMap(AotCache::pathEntries).allMatch(Files::isRegularFile);
    }

    /** The entries of the path a system property names, in order, empty ones left out. */
    private static Stream<Path> pathEntries(String property) {
        return Stream.of(System.getProperty(property, "").split(java.io.File.pathSeparator))
                .filter(entry -> !entry.isEmpty())
                .map(Path::of);
    }

    /** Whether a line is one that a JVM writing an AOT cache prints as it exits. */
    static boolean trainingLine(String line) {
        return Stream.of("Temporary AOTConfiguration recorded: ", "Launching child process ", "Picked up JAVA_TOOL_OPTIONS: ",
                "Reading AOTConfiguration ", "AOTCache creation is complete: ", "Removed temporary AOT configuration file ")
                .anyMatch(line::startsWith);
    }
}

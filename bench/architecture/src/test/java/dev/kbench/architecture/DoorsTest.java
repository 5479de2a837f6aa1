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
package dev.kbench.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * kbench's two doors: users come in through {@code dev.kbench.api} (and bench-stats, bench-forks, bench-history), backend authors
 * through {@code dev.kbench.spi} and {@code dev.kbench.spi.kit}. No signature of the user door shows an
 * extender type, and nothing written for users (README.md, the docs other than the backend guide, the
 * examples) imports one.
 */
class DoorsTest {

    /** The extender door's packages, as a prefix of qualified names. */
    static final String EXTENDER = "dev.kbench.spi";

    /** The repository root (the build runs this module in bench/architecture). */
    private static final Path ROOT = Path.of(System.getProperty("kbench.root", "../..")).toAbsolutePath().normalize();

    private static final Pattern JAVA_BLOCK = Pattern.compile("(?m)^```java\\n(.*?)^```$", Pattern.DOTALL);
    private static final Pattern EXTENDER_NAME = Pattern.compile("\\bdev\\.kbench\\.spi\\b[\\w.]*");

    /** The packages users see: every package exported to everyone, but the extender door and the backends'. */
    static List<String> userPackages() throws IOException {
        return ApiSurfaceTest.exportedPackages().stream()
                .filter(p -> p.equals("dev.kbench.api") || p.startsWith("dev.kbench.stats") || p.startsWith("dev.kbench.forks")
                        || p.startsWith("dev.kbench.history"))
                .toList();
    }

    @Test
    void theUserDoorNeverShowsTheExtenderDoor() throws IOException {
        List<String> packages = userPackages();
        assertTrue(packages.containsAll(List.of("dev.kbench.api", "dev.kbench.stats")), packages::toString);
        List<String> surface = ApiSurfaceTest.surface(packages);
        assertFalse(surface.isEmpty(), "no public types in " + packages);
        List<String> leaks = surface.stream().filter(line -> line.contains(EXTENDER + ".")).toList();
        assertEquals(List.of(), leaks, "user signatures that show an SPI or kit type (users must not need "
                + EXTENDER + "..): ");
    }

    @Test
    void theExtenderDoorIsOpenToEveryone() throws IOException {
        List<String> exported = ApiSurfaceTest.exportedPackages();
        assertTrue(exported.containsAll(List.of("dev.kbench.spi", "dev.kbench.spi.kit")),
                "the SPI and the kit must be exported without a target, so that any module can implement a backend: "
                        + exported);
    }

    @Test
    void nothingWrittenForUsersImportsTheExtenderDoor() throws IOException {
        List<String> found = new ArrayList<>();
        int javaBlocks = 0;
        List<Path> markdown = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md") && !p.getFileName().toString().equals("backends.md"))
                    .sorted().forEach(markdown::add);
        }
        for (Path file : markdown) {
            Matcher block = JAVA_BLOCK.matcher(Files.readString(file));
            while (block.find()) {
                javaBlocks++;
                extenderNames(ROOT.relativize(file) + " (a java block)", block.group(1), found);
            }
        }
        int examples = 0;
        try (Stream<Path> sources = Files.walk(ROOT.resolve("examples/src"))) {
            for (Path source : sources.filter(p -> p.toString().endsWith(".java")).sorted().toList()) {
                examples++;
                extenderNames(ROOT.relativize(source).toString(), Files.readString(source), found);
            }
        }
        assertTrue(javaBlocks >= 2, "README.md and docs/ have " + javaBlocks + " java blocks: the check would pass vacuously");
        assertTrue(examples >= 1, "no example under examples/src: the check would pass vacuously");
        assertEquals(List.of(), found, "code written for users that names the extender door (users need only "
                + "dev.kbench.api and dev.kbench.stats; backend authors read docs/backends.md)");
    }

    private static void extenderNames(String where, String code, List<String> found) {
        Matcher name = EXTENDER_NAME.matcher(code);
        while (name.find()) {
            found.add(where + ": " + name.group());
        }
    }
}

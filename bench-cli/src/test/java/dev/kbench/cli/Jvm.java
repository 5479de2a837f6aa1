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

import java.io.File;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

/** Starts the CLI in a separate JVM on this test run's class path (or a filtered module path). */
final class Jvm {

    private Jvm() {
    }

    /** The entries of the test class path (surefire's real one, not its manifest-only booter jar). */
    static List<String> classPath() {
        String path = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        return Arrays.stream(path.split(File.pathSeparator)).filter(s -> !s.isBlank()).toList();
    }

    static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** A command running {@code kbench args...} on the class path entries that pass the filter. */
    static List<String> onClassPath(Predicate<String> keep, String... args) {
        List<String> command = new ArrayList<>(List.of(java(), "--enable-native-access=ALL-UNNAMED", "-cp",
                String.join(File.pathSeparator, classPath().stream().filter(keep).toList()), "dev.kbench.cli.Main"));
        command.addAll(List.of(args));
        return command;
    }

    /** A command running {@code kbench args...} as the module dev.kbench.cli on a module path. */
    static List<String> onModulePath(Predicate<String> keep, String... args) {
        List<String> command = new ArrayList<>(List.of(java(), "-p",
                String.join(File.pathSeparator, classPath().stream().filter(keep).toList()),
                "-m", "dev.kbench.cli/dev.kbench.cli.Main"));
        command.addAll(List.of(args));
        return command;
    }

    /** Keeps kbench's main artifacts and their libraries: no backends, no test classes, no JUnit. */
    static boolean withoutBackends(String entry) {
        return !entry.contains("backend-") && !entry.contains("jocl") && !entry.contains("jcuda")
                && !entry.contains("test-classes") && !entry.contains("junit") && !entry.contains("opentest4j")
                && !entry.contains("apiguardian");
    }
}

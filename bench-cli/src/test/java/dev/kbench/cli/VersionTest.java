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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * {@code kbench --version} and the environment sidecar name the build: the project's version as the
 * build has it (with {@code -SNAPSHOT}), and the commit of the source tree it was built from.
 */
class VersionTest {

    @Test
    void theVersionIsTheBuildsAndNamesTheCommit() throws IOException, InterruptedException {
        String version = System.getProperty("kbench.project.version");
        assertTrue(version != null && !version.isBlank(), "the build passes kbench.project.version to the tests");
        assertEquals(version, Main.VERSION);
        Cli.Result r = Cli.run("--version");
        assertEquals(0, r.status(), r.toString());
        String head = git("rev-parse", "--short=12", "HEAD");
        if (head.isEmpty()) {
            assertEquals("", Main.COMMIT, "built outside git: no commit");
            assertEquals("kbench " + version + " (built outside git, commit unknown)\n", r.out());
        } else {
            assertTrue(Main.COMMIT.equals(head) || Main.COMMIT.equals(head + "-dirty"), Main.COMMIT + " vs HEAD " + head);
            assertEquals("kbench " + version + " (commit " + Main.COMMIT + ")\n", r.out());
        }
    }

    /** What git prints in this module's directory, stripped; empty where git or a repository is missing. */
    private static String git(String... args) throws IOException, InterruptedException {
        java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of("git"));
        command.addAll(java.util.List.of(args));
        Process process;
        try {
            process = new ProcessBuilder(command).directory(Path.of(System.getProperty("user.dir")).toFile())
                    .redirectErrorStream(true).start();
        } catch (IOException e) {
            return "";   // no git on this machine
        }
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(process.waitFor(1, TimeUnit.MINUTES), "git did not end (a guard against a hang, not a timing)");
        return process.exitValue() == 0 ? out : "";
    }
}

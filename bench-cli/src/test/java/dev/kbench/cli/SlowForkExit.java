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

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * A Java agent for tests that makes one fork slow to end: in the JVM whose {@code KBENCH_FORK} is the agent's
 * argument, a shutdown hook sleeps for a minute, so the fork stays alive after it has handed its device over and
 * written its report, while the fork after it goes on. Other JVMs (the parent, the other forks) are left as they
 * are. The agent's class is the test classes' own; {@link #jar} writes a jar that names it, for
 * {@code -javaagent:JAR=FORK}, which kbench's forks inherit from their parent's options.
 */
public final class SlowForkExit {

    private SlowForkExit() {
    }

    /**
     * The agent's entry point.
     *
     * @param fork the fork index whose exit is slowed, as {@code KBENCH_FORK} gives it
     */
    public static void premain(String fork) {
        if (fork != null && fork.equals(System.getenv(dev.kbench.forks.Forks.FORK_VARIABLE))) {
            Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().unstarted(() -> {
                try {
                    Thread.sleep(60_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }));
        }
    }

    /**
     * Writes the agent's jar (a manifest naming this class; the class itself is found on the class path).
     *
     * @param jar where to write it
     * @return {@code jar}
     * @throws IOException if it cannot be written
     */
    static Path jar(Path jar) throws IOException {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        manifest.getMainAttributes().put(new Attributes.Name("Premain-Class"), SlowForkExit.class.getName());
        try (OutputStream out = Files.newOutputStream(jar)) {
            new JarOutputStream(out, manifest).finish();
        }
        return jar;
    }
}

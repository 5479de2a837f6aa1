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
package dev.kbench.api;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;

/** The name of the host this process runs on, as samples are tagged with it. */
public final class HostName {

    private static final String NAME = lookup();

    private HostName() {
    }

    /** The environment variable that overrides the host name samples are tagged with. */
    public static final String ENV = "KBENCH_HOST";

    /**
     * The host name: the environment's {@code KBENCH_HOST} (for a scheduler's task name, or a container
     * whose host name says nothing), else {@code HOSTNAME}, else {@code /etc/hostname}, else the local
     * address's name; {@code localhost} if none is known. Read once per process.
     *
     * @return the name, never empty
     */
    public static String current() {
        return NAME;
    }

    private static String lookup() {
        String chosen = System.getenv(ENV);
        if (chosen != null && !chosen.isBlank()) {
            return chosen.strip();
        }
        String env = System.getenv("HOSTNAME");
        if (env != null && !env.isBlank()) {
            return env.strip();
        }
        try {
            String file = Files.readString(Path.of("/etc/hostname")).strip();
            if (!file.isEmpty()) {
                return file;
            }
        } catch (IOException | RuntimeException e) {
            // fall through to the resolver
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "localhost";
        }
    }
}

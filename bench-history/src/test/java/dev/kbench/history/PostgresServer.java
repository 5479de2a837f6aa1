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
package dev.kbench.history;

import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A real PostgreSQL server for a test: initdb in a temporary directory, pg_ctl start on a free port of
 * 127.0.0.1, trust authentication for the user {@code kbench}; stopped and removed on close. As root (CI),
 * the server runs as the {@code postgres} user through runuser. Without PostgreSQL's programs the test is
 * skipped, and fails under {@code CI=true} (./kbench test installs the postgresql package).
 */
final class PostgresServer implements AutoCloseable {

    private final Path bin;
    private final Path dir;
    private final int port;
    private final boolean root;

    private PostgresServer(Path bin, Path dir, int port, boolean root) {
        this.bin = bin;
        this.dir = dir;
        this.port = port;
        this.root = root;
    }

    /** Starts a server, or skips (fails under CI=true) when PostgreSQL is not installed. */
    static PostgresServer start() throws IOException, InterruptedException {
        Optional<Path> bin = binaries();
        if (bin.isEmpty()) {
            String why = "PostgreSQL's initdb and pg_ctl were not found under /usr/lib/postgresql/*/bin or on the PATH; "
                    + "install them (apt-get install postgresql; ./kbench test does)";
            if ("true".equals(System.getenv("CI"))) {
                fail(why);
            }
            assumeTrue(false, why);
        }
        boolean root = "root".equals(System.getProperty("user.name"));
        Path dir = Files.createTempDirectory("kbench-postgres");
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        PostgresServer server = new PostgresServer(bin.get(), dir, port, root);
        if (root) {
            run(List.of("chown", "postgres:postgres", dir.toString()));
        }
        server.as(List.of(bin.get().resolve("initdb").toString(), "-D", dir.resolve("data").toString(), "-U", "kbench",
                "--auth=trust", "-E", "UTF8", "--locale=C"));
        server.as(List.of(bin.get().resolve("pg_ctl").toString(), "-D", dir.resolve("data").toString(), "-l",
                dir.resolve("log").toString(), "-w", "-t", "60", "-o",
                "-p " + port + " -k " + dir + " -c listen_addresses=127.0.0.1 -c fsync=off", "start"));
        return server;
    }

    /** The JDBC URL of the server's database {@code postgres} as the user {@code kbench}. */
    String url() {
        return "jdbc:postgresql://127.0.0.1:" + port + "/postgres?user=kbench";
    }

    @Override
    public void close() throws IOException {
        try {
            as(List.of(bin.resolve("pg_ctl").toString(), "-D", dir.resolve("data").toString(), "-m", "fast", "-w", "stop"));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while stopping the PostgreSQL server in " + dir, e);
        } finally {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    private void as(List<String> command) throws IOException, InterruptedException {
        List<String> full = new ArrayList<>();
        if (root) {
            full.addAll(List.of("runuser", "-u", "postgres", "--"));
        }
        full.addAll(command);
        run(full);
    }

    private static void run(List<String> command) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new IllegalStateException(String.join(" ", command) + " failed:\n" + new String(out));
        }
    }

    /** The directory holding initdb and pg_ctl: the newest under /usr/lib/postgresql, else the PATH's. */
    private static Optional<Path> binaries() throws IOException {
        Path lib = Path.of("/usr/lib/postgresql");
        if (Files.isDirectory(lib)) {
            try (Stream<Path> versions = Files.list(lib)) {
                Optional<Path> found = versions.map(v -> v.resolve("bin"))
                        .filter(b -> Files.isExecutable(b.resolve("initdb")) && Files.isExecutable(b.resolve("pg_ctl")))
                        .max(Comparator.comparing(b -> {
                            String v = b.getParent().getFileName().toString();
                            return v.matches("\\d+") ? Integer.parseInt(v) : 0;
                        }));
                if (found.isPresent()) {
                    return found;
                }
            }
        }
        for (String d : System.getenv().getOrDefault("PATH", "").split(":")) {
            Path b = Path.of(d.isEmpty() ? "." : d);
            if (Files.isExecutable(b.resolve("initdb")) && Files.isExecutable(b.resolve("pg_ctl"))) {
                return Optional.of(b);
            }
        }
        return Optional.empty();
    }
}

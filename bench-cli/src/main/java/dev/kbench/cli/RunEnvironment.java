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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kbench.api.Backend;
import dev.kbench.api.DeviceFacts;
import dev.kbench.api.DeviceIdentity;
import dev.kbench.api.DeviceTelemetry;
import dev.kbench.api.HostName;
import dev.kbench.api.internal.BackendAnswers;
import dev.kbench.stats.io.WriteMode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * What ran where: the environment sidecar {@code SAMPLES.csv.env.json} written beside a samples file
 * (docs/formats.md): kbench, JVM, OS, host and git commit once, and per measured device its identity,
 * the backend's facts (driver versions) and its clock and temperature at start and end.
 */
final class RunEnvironment {

    /** The value of the sidecar's {@code format} key; a file without it is not kbench's and is never replaced. */
    static final String FORMAT = "kbench-env/1";
    static final String SUFFIX = ".env.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** What {@link #prefetch} found, for the next {@link #start} only: git's answer (empty outside a work tree). */
    private static final AtomicReference<java.util.Optional<String[]>> AHEAD = new AtomicReference<>();

    private final ObjectNode run = JSON.createObjectNode();
    private final String runId;

    private RunEnvironment(String runId) {
        this.runId = runId;
    }

    /**
     * Starts the record of one device's run: its identity, facts and the telemetry now.
     *
     * @param driver the driver measuring
     * @param runId the run's id, shared by its forks and devices
     * @return the record; call {@link #finish(Backend)} after the run
     */
    static RunEnvironment start(Backend driver, String runId) {
        RunEnvironment env = new RunEnvironment(runId);
        DeviceIdentity id = driver.identity();
        env.run.put("run_id", runId);
        // who and what measured, per run: an appended file's header names only its first run's
        env.run.put("host", HostName.current());
        env.run.put("kbench_version", Main.VERSION);
        java.util.Optional<String[]> ahead = AHEAD.getAndSet(null);
        putGit(env.run, ahead != null ? ahead.orElse(null) : git());
        env.run.put("backend", id.backend());
        env.run.put("device_index", id.index());
        env.run.put("device", id.name());
        env.run.put("device_id", id.id());
        DeviceFacts facts = driver.device().facts();
        ObjectNode f = env.run.putObject("facts");
        f.put("vendor", facts.vendor());
        facts.extra().forEach(f::put);
        env.run.put("started", Instant.now().toString());
        // without the energy counter (2.8 ms a reading on an H200): the start records no energy, and no period
        // is known before the run has measured it
        telemetry(env.run.putObject("start"),
                BackendAnswers.nonNull(driver.device().telemetry(false), driver.device(), "Device.telemetry(false)"));
        return env;
    }

    /**
     * Records the end of the run. The device's state at the end is left out where the backend fails to give it
     * (throws, or answers null): what was measured is reported all the same.
     *
     * @param driver the driver that measured
     * @return why the state at the end was not read, if it was not
     */
    java.util.Optional<String> finish(Backend driver) {
        run.put("ended", Instant.now().toString());
        ObjectNode end = run.putObject("end");
        try {
            telemetry(end, BackendAnswers.nonNull(driver.device().telemetry(), driver.device(), "Device.telemetry()"));
            return java.util.Optional.empty();
        } catch (RuntimeException e) {
            end.removeAll();
            return java.util.Optional.of(e instanceof dev.kbench.api.DeviceException ? e.getMessage() : e.toString());
        }
    }

    private static void telemetry(ObjectNode node, DeviceTelemetry t) {
        put(node, "sm_clock_mhz", t.smClockMHz());
        put(node, "temperature_c", t.temperatureCelsius());
        put(node, "energy_update_ms", t.energyUpdateMillis());
    }

    private static void put(ObjectNode node, String key, OptionalDouble value) {
        if (value.isPresent()) {
            node.put(key, value.getAsDouble());
        } else {
            node.putNull(key);
        }
    }

    /**
     * The sidecar of a samples file.
     *
     * @param samples the samples file
     * @return {@code SAMPLES.env.json} beside it
     */
    static Path sidecar(Path samples) {
        return samples.resolveSibling(samples.getFileName() + SUFFIX);
    }

    /**
     * Writes this run into the sidecar of {@code samples}.
     *
     * @param samples the samples file and what the run did with it if it existed: appended to it (the
     *        sidecar's runs are kept), replaced it, or created it
     * @param command the command line, for the record
     * @return a warning when the sidecar path holds a file that is not kbench's (left alone), else empty
     */
    String write(OutputTarget samples, List<String> command) {
        return writeRuns(samples, command, runId, List.of(run));
    }

    /**
     * Writes runs (of one process or several child processes) into the sidecar of a samples file, under the
     * rules of every output ({@link OutputFiles}): through a temporary file and a rename, never over a link,
     * a read-only file or a file that is not kbench's, and over an existing sidecar only when the samples
     * file was appended to or replaced. A samples "file" that is a device or FIFO has no sidecar.
     *
     * @param samples the samples file, the option that named it, and what was done with an existing one:
     *        with {@link WriteMode#APPEND} the runs are added to the sidecar's, otherwise they start it anew
     * @param command the command line
     * @param runId the id of the run writing the file, or null for none (a merge)
     * @param runs the run objects
     * @return a warning, or empty
     */
    static String writeRuns(OutputTarget samples, List<String> command, String runId, List<? extends JsonNode> runs) {
        if (samples.sidecar().isEmpty()) {
            return "";
        }
        OutputTarget sidecar = samples.sidecar().get();
        Path file = sidecar.file();
        ObjectNode root;
        if (Files.exists(file)) {
            JsonNode old = read(file);
            if (old == null || !FORMAT.equals(old.path("format").asText())) {
                return "kbench: " + file + " exists and is not a kbench environment file; left it alone, the "
                        + "environment of this run is not recorded";
            }
            root = samples.mode() == WriteMode.APPEND ? (ObjectNode) old : header(command, runId);
        } else {
            root = header(command, runId);
        }
        ArrayNode array = root.has("runs") ? (ArrayNode) root.get("runs") : root.putArray("runs");
        runs.forEach(array::add);
        String text;
        try {
            text = JSON.writeValueAsString(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        sidecar.write(text);
        return "";
    }

    /**
     * The runs recorded in a sidecar.
     *
     * @param file the sidecar
     * @return its runs, empty if it is missing or not kbench's
     */
    static List<JsonNode> runs(Path file) {
        return readFile(file).runs();
    }

    /**
     * What a samples file's sidecar holds.
     *
     * @param runs its runs; empty when it is missing or unusable
     * @param problem why it could not be used (named, with the reason), empty when it is missing or good
     */
    record Sidecar(List<JsonNode> runs, java.util.Optional<String> problem) {
    }

    /**
     * Reads the sidecar of a samples file, saying why one that exists cannot be used.
     *
     * @param samples the samples file
     * @return its runs, or the problem
     */
    static Sidecar readSidecar(Path samples) {
        return readFile(sidecar(samples));
    }

    private static Sidecar readFile(Path file) {
        if (!Files.exists(file)) {
            return new Sidecar(List.of(), java.util.Optional.empty());
        }
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (IOException e) {
            String reason = e.getMessage() == null ? e.toString() : e.getMessage().lines().findFirst().orElse("");
            return new Sidecar(List.of(), java.util.Optional.of(file + " is not readable JSON (" + reason + ")"));
        }
        if (root == null || !FORMAT.equals(root.path("format").asText())) {
            return new Sidecar(List.of(), java.util.Optional.of(file + " is not a kbench environment file (no \"format\": \""
                    + FORMAT + "\")"));
        }
        if (!root.path("runs").isArray()) {
            return new Sidecar(List.of(), java.util.Optional.of(file + " has no \"runs\" array"));
        }
        List<JsonNode> list = new java.util.ArrayList<>();
        root.get("runs").forEach(list::add);
        return new Sidecar(list, java.util.Optional.empty());
    }

    /**
     * The runs recorded beside child processes' samples files, in order.
     *
     * @param children the children's samples files
     * @param tagForks add {@code "fork": i} to the runs of the i-th child (children that are forks)
     * @return the runs; a child without a sidecar adds none
     */
    static List<JsonNode> runsOf(List<Path> children, boolean tagForks) {
        List<JsonNode> all = new java.util.ArrayList<>();
        for (int i = 0; i < children.size(); i++) {
            for (JsonNode run : runs(sidecar(children.get(i)))) {
                if (tagForks && run instanceof ObjectNode object) {
                    object.put("fork", i);
                }
                all.add(run);
            }
        }
        return all;
    }

    /**
     * The driver versions a samples file's sidecar records, one entry per distinct
     * {@code backend driverVersion[/nvidiaDriverVersion]}.
     *
     * @param sidecar the sidecar of a samples file, from {@link #readSidecar(Path)}
     * @return the versions, sorted; empty without a kbench sidecar
     */
    static java.util.SortedSet<String> driverVersions(Sidecar sidecar) {
        java.util.SortedSet<String> versions = new java.util.TreeSet<>();
        for (JsonNode run : sidecar.runs()) {
            if (!run.has("facts")) {
                continue;   // a device whose process failed
            }
            JsonNode facts = run.path("facts");
            String version = facts.path("driverVersion").asText("");
            String nvidia = facts.path("nvidiaDriverVersion").asText("");
            versions.add((run.path("backend").asText("") + " " + version + (nvidia.isEmpty() ? "" : "/" + nvidia)).strip());
        }
        return versions;
    }

    private static JsonNode read(Path file) {
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            return null;
        }
    }

    private static ObjectNode header(List<String> command, String runId) {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        if (runId == null) {
            root.putNull("run_id");
        } else {
            root.put("run_id", runId);
        }
        root.put("kbench_version", Main.VERSION);
        if (Main.COMMIT.isEmpty()) {
            root.putNull("kbench_commit");
        } else {
            root.put("kbench_commit", Main.COMMIT);
        }
        root.put("host", HostName.current());
        ArrayNode args = root.putArray("command");
        command.forEach(args::add);
        ObjectNode jvm = root.putObject("jvm");
        jvm.put("version", System.getProperty("java.runtime.version", ""));
        jvm.put("vendor", System.getProperty("java.vendor", ""));
        jvm.put("vm", System.getProperty("java.vm.name", ""));
        ObjectNode os = root.putObject("os");
        os.put("name", System.getProperty("os.name", ""));
        os.put("version", System.getProperty("os.version", ""));
        os.put("arch", System.getProperty("os.arch", ""));
        os.put("cpus", Runtime.getRuntime().availableProcessors());
        putGit(root, git());
        return root;
    }

    /**
     * Asks git now what the next {@link #start} records of the work tree, so that a fork in standby does it
     * before its turn: three git processes, which a fork would otherwise start between the fork before it
     * and its first reading of the device.
     */
    static void prefetch() {
        AHEAD.set(java.util.Optional.ofNullable(git()));
    }

    /** Puts {@code "git": {"commit", "branch", "dirty"}} (null outside a git work tree) into a node. */
    private static void putGit(ObjectNode node, String[] git) {
        if (git == null) {
            node.putNull("git");
        } else {
            ObjectNode g = node.putObject("git");
            g.put("commit", git[0]);
            if (git[2] == null) {
                g.putNull("branch");
            } else {
                g.put("branch", git[2]);
            }
            g.put("dirty", !git[1].isEmpty());
        }
    }

    /**
     * The top level of a samples file's sidecar (kbench version, host, git, command), for its runs that do not
     * record these themselves (sidecars written before runs did).
     *
     * @param samples the samples file
     * @return the sidecar's top-level object; empty when it is missing or not kbench's
     */
    static java.util.Optional<JsonNode> header(Path samples) {
        Path file = sidecar(samples);
        if (!Files.exists(file)) {
            return java.util.Optional.empty();
        }
        JsonNode root = read(file);
        return root != null && FORMAT.equals(root.path("format").asText()) ? java.util.Optional.of(root)
                : java.util.Optional.empty();
    }

    /** The commit of the git repository around the working directory, its status and branch, or null outside one. */
    private static String[] git() {
        String commit = command("git", "rev-parse", "HEAD");
        if (commit == null || commit.isEmpty()) {
            return null;
        }
        String status = command("git", "status", "--porcelain", "--untracked-files=no");
        // the branch checked out; on a detached HEAD (a CI checkout of a commit) the branch CI names, else null
        String branch = command("git", "symbolic-ref", "--quiet", "--short", "HEAD");
        if (branch == null || branch.isEmpty()) {
            branch = ciBranch();
        }
        return new String[] {commit, status == null ? "" : status, branch};
    }

    /**
     * The branch a CI job builds, from the variables GitHub Actions ({@code GITHUB_HEAD_REF} for a pull request,
     * else {@code GITHUB_REF_NAME}), GitLab ({@code CI_COMMIT_REF_NAME}) and Jenkins ({@code BRANCH_NAME}) set.
     *
     * @return the branch, or null when none is set
     */
    private static String ciBranch() {
        for (String name : List.of("GITHUB_HEAD_REF", "GITHUB_REF_NAME", "CI_COMMIT_REF_NAME", "BRANCH_NAME")) {
            String value = System.getenv(name);
            if (value != null && !value.isBlank()) {
                return value.strip();
            }
        }
        return null;
    }

    private static String command(String... args) {
        try {
            Process p = new ProcessBuilder(args).redirectErrorStream(false)
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            p.getOutputStream().close();
            byte[] out = p.getInputStream().readAllBytes();
            if (!p.waitFor(10, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return null;
            }
            return p.exitValue() == 0 ? new String(out, StandardCharsets.UTF_8).strip() : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}

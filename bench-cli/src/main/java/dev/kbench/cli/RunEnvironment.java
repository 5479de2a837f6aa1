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
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kbench.api.DeviceFacts;
import dev.kbench.api.DeviceIdentity;
import dev.kbench.api.DeviceTelemetry;
import dev.kbench.api.HostName;
import dev.kbench.api.Backend;
import dev.kbench.stats.SamplesCsvWriter;

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

    private final ObjectNode run = JSON.createObjectNode();

    /**
     * Starts the record of one device's run: its identity, facts and the telemetry now.
     *
     * @param driver the driver measuring
     * @return the record; call {@link #finish(Driver)} after the run
     */
    static RunEnvironment start(Backend driver) {
        RunEnvironment env = new RunEnvironment();
        DeviceIdentity id = driver.identity();
        env.run.put("backend", id.backend());
        env.run.put("device_index", id.index());
        env.run.put("device", id.name());
        env.run.put("device_id", id.id());
        DeviceFacts facts = driver.device().facts();
        ObjectNode f = env.run.putObject("facts");
        f.put("vendor", facts.vendor());
        facts.extra().forEach(f::put);
        env.run.put("started", Instant.now().toString());
        telemetry(env.run.putObject("start"), driver.device().telemetry());
        return env;
    }

    /**
     * Records the end of the run.
     *
     * @param driver the driver that measured
     */
    void finish(Backend driver) {
        run.put("ended", Instant.now().toString());
        telemetry(run.putObject("end"), driver.device().telemetry());
    }

    private static void telemetry(ObjectNode node, DeviceTelemetry t) {
        put(node, "sm_clock_mhz", t.smClockMHz());
        put(node, "temperature_c", t.temperatureCelsius());
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
     * @param samples the samples file
     * @param mode what the run did with an existing samples file: appended to it (the sidecar's runs are
     *        kept), replaced it, or created it
     * @param command the command line, for the record
     * @return a warning when the sidecar path holds a file that is not kbench's (left alone), else empty
     */
    String write(Path samples, OutputFiles.Existing mode, List<String> command) {
        return writeRuns("--csv-samples", samples, mode, command, List.of(run));
    }

    /**
     * Writes runs (of one process or several child processes) into the sidecar of a samples file, under the
     * rules of every output ({@link OutputFiles}): through a temporary file and a rename, never over a link,
     * a read-only file or a file that is not kbench's, and over an existing sidecar only when the samples
     * file was appended to or replaced. A samples "file" that is a device or FIFO has no sidecar.
     *
     * @param samplesOption the option or argument that named the samples file, for messages
     * @param samples the samples file
     * @param mode what was done with an existing samples file: with {@link OutputFiles.Existing#APPEND}
     *        the runs are added to the sidecar's, otherwise they start it anew
     * @param command the command line
     * @param runs the run objects
     * @return a warning, or empty
     */
    static String writeRuns(String samplesOption, Path samples, OutputFiles.Existing mode, List<String> command, List<? extends JsonNode> runs) {
        if (SamplesCsvWriter.isStream(samples)) {
            return "";
        }
        Path file = sidecar(samples);
        ObjectNode root;
        if (Files.exists(file)) {
            JsonNode old = read(file);
            if (old == null || !FORMAT.equals(old.path("format").asText())) {
                return "kbench: " + file + " exists and is not a kbench environment file; left it alone, the "
                        + "environment of this run is not recorded";
            }
            root = mode == OutputFiles.Existing.APPEND ? (ObjectNode) old : header(command);
        } else {
            root = header(command);
        }
        ArrayNode array = root.has("runs") ? (ArrayNode) root.get("runs") : root.putArray("runs");
        runs.forEach(array::add);
        String text;
        try {
            text = JSON.writeValueAsString(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        OutputFiles.write(option(samplesOption), file, text, existing(mode));
        return "";
    }

    /**
     * The sidecar's name in messages, after the option or argument that named its samples file.
     *
     * @param samplesOption {@code --csv-samples}, {@code OUT.csv}
     * @return for example {@code --csv-samples environment file}
     */
    static String option(String samplesOption) {
        return samplesOption + " environment file";
    }

    /**
     * What may happen to an existing sidecar when the samples file is written in {@code samples} mode: it is
     * replaced (after its runs are read) when the samples file is appended to or replaced, else refused.
     *
     * @param samples what may happen to the samples file
     * @return what may happen to its sidecar
     */
    static OutputFiles.Existing existing(OutputFiles.Existing samples) {
        return samples == OutputFiles.Existing.REFUSE ? OutputFiles.Existing.REFUSE : OutputFiles.Existing.REPLACE;
    }

    /**
     * The runs recorded in a sidecar.
     *
     * @param file the sidecar
     * @return its runs, empty if it is missing or not kbench's
     */
    static List<JsonNode> runs(Path file) {
        JsonNode root = Files.exists(file) ? read(file) : null;
        if (root == null || !root.path("runs").isArray()) {
            return List.of();
        }
        List<JsonNode> list = new java.util.ArrayList<>();
        root.get("runs").forEach(list::add);
        return list;
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
     * @param samples the samples file
     * @return the versions, sorted; empty without a kbench sidecar
     */
    static java.util.SortedSet<String> driverVersions(Path samples) {
        java.util.SortedSet<String> versions = new java.util.TreeSet<>();
        for (JsonNode run : runs(sidecar(samples))) {
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

    private static ObjectNode header(List<String> command) {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("kbench_version", Main.VERSION);
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
        String[] git = git();
        if (git == null) {
            root.putNull("git");
        } else {
            ObjectNode g = root.putObject("git");
            g.put("commit", git[0]);
            g.put("dirty", !git[1].isEmpty());
        }
        return root;
    }

    /** The commit of the git repository around the working directory and its status, or null outside one. */
    private static String[] git() {
        String commit = command("git", "rev-parse", "HEAD");
        if (commit == null || commit.isEmpty()) {
            return null;
        }
        String status = command("git", "status", "--porcelain", "--untracked-files=no");
        return new String[] {commit, status == null ? "" : status};
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

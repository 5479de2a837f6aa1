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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kbench.api.HostName;
import dev.kbench.api.SampleRecord;
import dev.kbench.stats.io.SamplesCsv;
import dev.kbench.stats.io.SamplesCsvWriter;
import dev.kbench.stats.io.WriteMode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several devices for real: PoCL with two CPU devices ({@code POCL_DEVICES="pthread pthread"}), each
 * measured by {@code kbench run --devices all} in its own JVM (one after another; and in parallel with
 * two forks per device), then {@code compare --by-device}, the device check of {@code compare}, and
 * {@code merge}.
 */
class DevicesTest {

    @TempDir
    static Path dir;
    private static Path sequential;
    private static Path parallel;
    private static String parallelOut;

    @BeforeAll
    static void measureTwoDevicesBothWays() throws Exception {
        Pocl.require();
        sequential = dir.resolve("sequential.csv");
        run("--devices", "all", "--csv-samples", sequential.toString());
        parallel = dir.resolve("parallel.csv");
        // each device's process runs its own warm-up fork, whose samples no file holds
        parallelOut = run("--devices", "0,1", "--parallel-devices", "--forks", "2", "--warmup-forks", "1",
                "--csv-samples", parallel.toString());
    }

    /** Runs the copy benchmark in a child JVM that sees two PoCL devices; returns stdout and stderr. */
    private static String run(String... extra) throws Exception {
        List<String> args = new ArrayList<>(List.of("--backend", "opencl", "run", "--filter", "copy", "-p", "n=2^12",
                "--repetitions", "3", "--progress", "none"));
        args.addAll(List.of(extra));
        ProcessBuilder builder = new ProcessBuilder(Jvm.onClassPath(e -> true, args.toArray(String[]::new)))
                .redirectErrorStream(true);
        builder.environment().put("POCL_DEVICES", "pthread pthread");
        Process child = builder.start();
        child.getOutputStream().close();
        String output = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(child.waitFor(600, TimeUnit.SECONDS), output);
        assertEquals(0, child.exitValue(), output);
        return output;
    }

    private static Set<String> deviceIds(List<SampleRecord> rows) {
        return rows.stream().map(SampleRecord::deviceId).collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void everyDeviceIsMeasuredAndEverySampleTagged() {
        for (Path file : List.of(sequential, parallel)) {
            List<SampleRecord> rows = SamplesCsv.read(file);
            int forks = file.equals(parallel) ? 2 : 1;
            assertEquals(Set.of("cl:0:0", "cl:0:1"), deviceIds(rows), file.toString());
            assertEquals(2 * forks * 3, rows.size(), "3 repetitions of 1 sample in each fork of 2 devices: " + rows);
            for (String id : List.of("cl:0:0", "cl:0:1")) {
                assertEquals(forks == 2 ? Set.of(0, 1) : Set.of(0), rows.stream().filter(r -> r.deviceId().equals(id))
                        .map(SampleRecord::fork).collect(Collectors.toSet()), "each device has its own forks: " + id);
            }
            for (SampleRecord r : rows) {
                assertEquals(HostName.current(), r.host());
                assertEquals("opencl", r.backend());
                assertTrue(r.device().startsWith("pthread"), r.device());
                assertTrue(r.smClockMHz().isEmpty(), "PoCL has no clock reading");
            }
            assertEquals("cl:0:0", rows.getFirst().deviceId(), "devices in index order");
        }
        assertTrue(parallelOut.contains("[device 0] ") && parallelOut.contains("[device 1] "),
                "each device's table, prefixed: " + parallelOut);
    }

    @Test
    void theEnvironmentSidecarRecordsEachDevice() throws IOException {
        JsonNode env = new ObjectMapper().readTree(RunEnvironment.sidecar(sequential).toFile());
        assertEquals("kbench-env/1", env.get("format").asText());
        assertEquals(Main.VERSION, env.get("kbench_version").asText());
        assertEquals(Main.COMMIT.isEmpty() ? null : Main.COMMIT, env.get("kbench_commit").textValue());
        assertEquals(HostName.current(), env.get("host").asText());
        assertTrue(env.get("jvm").get("version").asText().startsWith(Runtime.version().feature() + ""));
        assertTrue(env.has("git"), "git is recorded, null outside a repository");
        JsonNode runs = env.get("runs");
        assertEquals(2, runs.size());
        for (int i = 0; i < 2; i++) {
            JsonNode run = runs.get(i);
            assertEquals(i, run.get("device_index").asInt());
            assertEquals("cl:0:" + i, run.get("device_id").asText());
            assertEquals("opencl", run.get("backend").asText());
            assertTrue(run.get("facts").get("driverVersion").asText().length() > 0, run.toString());
            assertTrue(run.get("start").get("sm_clock_mhz").isNull(), "no NVML on PoCL: empty, not an error");
            assertTrue(run.get("ended").asText().compareTo(run.get("started").asText()) >= 0);
        }
        JsonNode forked = new ObjectMapper().readTree(RunEnvironment.sidecar(parallel).toFile()).get("runs");
        List<String> seen = new ArrayList<>();
        forked.forEach(run -> seen.add(run.get("device_index").asInt() + "/" + run.get("fork").asInt()));
        assertEquals(List.of("0/0", "0/1", "1/0", "1/1"), seen, "every fork of every device, in device order");
    }

    @Test
    void compareByDeviceTestsDeviceOneAgainstDeviceZero() throws IOException {
        Cli.Result result = Cli.run("compare", "--by-device", sequential.toString(), "--format", "json",
                "--fail-on", "never");
        assertEquals(0, result.status(), result.toString());
        JsonNode json = new ObjectMapper().readTree(result.out());
        JsonNode pairs = json.get("by_device");
        assertEquals(1, pairs.size(), result.out());
        assertTrue(pairs.get(0).get("base").asText().contains("[cl:0:0]"), result.out());
        assertTrue(pairs.get(0).get("new").asText().contains("[cl:0:1]"), result.out());
        JsonNode copy = pairs.get(0).get("compare").get("results").get(0);
        assertEquals("copy", copy.get("benchmark").asText());
        assertEquals(3, copy.get("n_base").asInt());
        assertEquals(3, copy.get("n_new").asInt());

        Cli.Result named = Cli.run("compare", sequential.toString(), "--base-device", "cl:0:1", "--new-device", "0",
                "--fail-on", "never");
        assertEquals(0, named.status(), named.toString());
        assertTrue(named.out().contains("[cl:0:1]") && named.out().contains("[cl:0:0]"), named.toString());

        Cli.Result unknown = Cli.run("compare", sequential.toString(), "--base-device", "7", "--new-device", "0");
        assertEquals(2, unknown.status(), unknown.toString());
        assertTrue(unknown.err().contains("--base-device '7' matches no device; the samples have 2: 0 = opencl pthread"),
                unknown.err());
    }

    @Test
    void eachDevicesForksAreTheUnitOfTheTest() throws IOException {
        // parallel.csv: two devices of two forks each, both numbered fork 0 and 1
        Cli.Result byDevice = Cli.run("compare", "--by-device", parallel.toString(), "--format", "json",
                "--fail-on", "never");
        assertEquals(0, byDevice.status(), byDevice.toString());
        JsonNode pair = new ObjectMapper().readTree(byDevice.out()).get("by_device").get(0).get("compare");
        JsonNode copy = pair.get("results").get(0);
        assertEquals("fork", copy.get("unit").asText(), byDevice.out());
        assertEquals(2, copy.get("n_forks_base").asInt(), byDevice.out());
        assertEquals(2, copy.get("n_forks_new").asInt(), byDevice.out());

        Cli.Result whole = Cli.run("compare", parallel.toString(), parallel.toString(), "--format", "json",
                "--fail-on", "never");
        assertEquals(0, whole.status(), whole.toString());
        JsonNode all = new ObjectMapper().readTree(whole.out()).get("results").get(0);
        assertEquals("fork", all.get("unit").asText(), whole.out());
        assertEquals(4, all.get("n_forks_base").asInt(), "fork 0 of device 0 and fork 0 of device 1 are two forks: "
                + whole.out());
    }

    @Test
    void reportComparesTwoDevicesOfOneFile() throws IOException {
        Path html = dir.resolve("gpus.html");
        Cli.Result result = Cli.run("report", sequential.toString(), "--base-device", "0", "--new-device", "1", "-o",
                html.toString());
        assertEquals(0, result.status(), result.toString());
        String page = Files.readString(html);
        assertTrue(page.contains("[cl:0:0]") && page.contains("[cl:0:1]"), "both devices named");
        assertTrue(page.contains("copy"), "the benchmark is there");
        Cli.Result half = Cli.run("report", sequential.toString(), "--base-device", "0", "-o", html.toString());
        assertEquals(2, half.status(), half.toString());
    }

    @Test
    void reportRefusesDifferentDevicesAsCompareDoes() throws IOException {
        Path zero = split(sequential, "cl:0:0", "zero.csv");
        Path one = split(sequential, "cl:0:1", "one.csv");
        Path html = dir.resolve("across.html");
        Cli.Result refused = Cli.run("report", "--base", zero.toString(), one.toString(), "-o", html.toString());
        assertEquals(2, refused.status(), refused.toString());
        assertTrue(refused.err().contains("were measured on different devices or drivers:\n  device_id: base cl:0:0, "
                + "new cl:0:1\n"), refused.err());
        assertFalse(Files.exists(html), "no verdict across devices is written");
        Cli.Result ignored = Cli.run("report", "--base", zero.toString(), one.toString(), "-o", html.toString(),
                "--ignore-devices");
        assertEquals(0, ignored.status(), ignored.toString());
        assertTrue(Files.readString(html).contains("copy"));
    }

    @Test
    void compareRefusesDifferentDevicesUnlessTold() throws IOException {
        Path zero = split(sequential, "cl:0:0", "zero.csv");
        Path one = split(sequential, "cl:0:1", "one.csv");
        Cli.Result refused = Cli.run("compare", zero.toString(), one.toString());
        assertEquals(2, refused.status(), refused.toString());
        assertTrue(refused.err().contains("were measured on different devices or drivers:\n  device_id: base cl:0:0, "
                + "new cl:0:1\n"), refused.err());
        assertEquals("", refused.out(), "nothing compared");
        Cli.Result ignored = Cli.run("compare", zero.toString(), one.toString(), "--ignore-devices", "--fail-on", "never");
        assertEquals(0, ignored.status(), ignored.toString());
        assertTrue(ignored.out().contains("copy"), ignored.out());
        Cli.Result same = Cli.run("compare", sequential.toString(), parallel.toString(), "--fail-on", "never");
        assertEquals(0, same.status(), "the same two devices on both sides compare: " + same);

        // the same device under another driver version (as the environment sidecar records it)
        Path upgraded = dir.resolve("upgraded.csv");
        Files.copy(sequential, upgraded);
        ObjectMapper json = new ObjectMapper();
        JsonNode env = json.readTree(RunEnvironment.sidecar(sequential).toFile());
        env.get("runs").forEach(run -> ((com.fasterxml.jackson.databind.node.ObjectNode) run.get("facts"))
                .put("driverVersion", "9.9"));
        json.writeValue(RunEnvironment.sidecar(upgraded).toFile(), env);
        Cli.Result drivers = Cli.run("compare", sequential.toString(), upgraded.toString());
        assertEquals(2, drivers.status(), drivers.toString());
        assertTrue(drivers.err().contains("driver version (environment sidecars): base opencl "), drivers.err());
        assertTrue(drivers.err().contains(", new opencl 9.9\n"), drivers.err());
        assertEquals(0, Cli.run("compare", sequential.toString(), upgraded.toString(), "--ignore-devices",
                "--fail-on", "never").status());
    }

    @Test
    void mergeKeepsTagsAndRefusesDuplicatesAndOverwrites() throws IOException {
        Path zero = split(sequential, "cl:0:0", "m-zero.csv");
        Path one = split(parallel, "cl:0:1", "m-one.csv");
        Path out = dir.resolve("merged.csv");
        Cli.Result merged = Cli.run("merge", "-o", out.toString(), zero.toString(), one.toString());
        assertEquals(0, merged.status(), merged.toString());
        List<SampleRecord> rows = SamplesCsv.read(out);
        List<SampleRecord> expected = new ArrayList<>(SamplesCsv.read(zero));
        expected.addAll(SamplesCsv.read(one));
        assertEquals(expected, rows);

        Cli.Result exists = Cli.run("merge", "-o", out.toString(), zero.toString(), one.toString());
        assertEquals(2, exists.status(), exists.toString());
        assertTrue(exists.err().contains("-o '" + out + "' exists; kbench does not replace files unless told: add --force"),
                exists.err());
        assertEquals(expected, SamplesCsv.read(out), "OUT untouched");
        assertEquals(0, Cli.run("merge", "--force", "-o", out.toString(), zero.toString(), one.toString()).status());

        Path again = dir.resolve("again.csv");
        Cli.Result duplicate = Cli.run("merge", "-o", again.toString(), sequential.toString(), zero.toString());
        assertEquals(2, duplicate.status(), duplicate.toString());
        assertTrue(duplicate.err().contains("duplicate sample: copy[n=4096] repetition 0 sample 0 of fork 0 of run "
                + SamplesCsv.read(zero).getFirst().runId() + " on host '" + HostName.current() + "', device 'cl:0:0' is at "
                + sequential + ":2 and " + zero + ":2"), duplicate.err());
        assertTrue(!Files.exists(again), "nothing written");

        Path other = dir.resolve("other.csv");
        try (SamplesCsvWriter w = SamplesCsvWriter.open(other, WriteMode.CREATE_NEW)) {
            w.append(SamplesCsv.read(one).stream().map(r -> SampleRecord.builder("triad", r.params())
                    .repetition(r.repetition()).sample(r.sample()).timeMillis(r.timeMillis()).backend(r.backend())
                    .device(r.device()).bytes(r.bytes()).flops(r.flops()).fork(r.fork()).host("elsewhere")
                    .deviceId(r.deviceId()).build()).toList());
        }
        Cli.Result differ = Cli.run("merge", "-o", again.toString(), zero.toString(), other.toString());
        assertEquals(2, differ.status(), differ.toString());
        assertTrue(differ.err().contains(other + " does not hold the benchmarks of " + zero
                + "; it lacks copy[n=4096]; it adds triad[n=4096]"), differ.err());
    }

    @Test
    void badDeviceSelectionsAreBadInput() {
        Pocl.require();
        Cli.Result missing = Cli.run("--backend", "opencl", "run", "--filter", "copy", "--devices", "0,5");
        assertEquals(2, missing.status(), missing.toString());
        assertTrue(missing.err().contains("--devices: 5 is not a device of opencl; its devices: 0: "), missing.err());
        Cli.Result words = Cli.run("--backend", "opencl", "run", "--filter", "copy", "--devices", "first");
        assertEquals(2, words.status(), words.toString());
        assertTrue(words.err().contains("--devices: 'first' is not 'all' or a list of device indices"), words.err());
        Cli.Result device = Cli.run("--backend", "opencl", "run", "--filter", "copy", "--device", "9");
        assertEquals(2, device.status(), device.toString());
        assertTrue(device.err().contains("device 9 does not exist: opencl has 1 device(s): 0: "), device.err());
        Cli.Result parallelAlone = Cli.run("--backend", "opencl", "run", "--filter", "copy", "--parallel-devices");
        assertEquals(2, parallelAlone.status(), parallelAlone.toString());
    }

    private static Path split(Path file, String deviceId, String name) throws IOException {
        Path out = dir.resolve(name);
        // the same split may be asked for by several tests, in any order
        try (SamplesCsvWriter w = SamplesCsvWriter.open(out, WriteMode.REPLACE)) {
            w.append(SamplesCsv.read(file).stream().filter(r -> r.deviceId().equals(deviceId)).toList());
        }
        return out;
    }
}

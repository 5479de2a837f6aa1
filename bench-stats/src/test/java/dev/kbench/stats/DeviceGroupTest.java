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
package dev.kbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kbench.api.InputException;
import dev.kbench.api.SampleRecord;
import dev.kbench.stats.io.SamplesCsv;
import dev.kbench.stats.io.SamplesCsvWriter;
import dev.kbench.stats.io.SamplesMerge;
import dev.kbench.stats.io.WriteMode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Device groups, the device check of compare, and merge's rules, on hand-made rows and files. */
class DeviceGroupTest {

    private static SampleRecord row(String host, String device, String id, int fork, int sample, String benchmark) {
        return SampleRecord.builder(benchmark, "n=1").repetition(0).sample(sample).timeMillis(1.0 + sample)
                .backend(device.isEmpty() ? "" : "cuda").device(device).fork(fork).host(host).deviceId(id).build();
    }

    @Test
    void groupsFollowFirstAppearanceAndSelectorsNameThem() {
        List<SampleRecord> rows = List.of(row("a", "H200", "0000:18:00.0", 0, 0, "copy"),
                row("a", "H200", "0000:2a:00.0", 0, 0, "copy"), row("a", "H200", "0000:18:00.0", 0, 1, "copy"),
                row("b", "H200", "0000:18:00.0", 0, 0, "copy"));
        List<DeviceGroup> groups = DeviceGroup.of(rows);
        assertEquals(3, groups.size());
        assertEquals("cuda H200 [0000:2a:00.0] on a", groups.get(1).label());
        assertSame(groups.get(1), DeviceGroup.select(groups, "0000:2A:00.0", "--new-device"));
        assertSame(groups.get(2), DeviceGroup.select(groups, "b:0000:18:00.0", "--new-device"));
        assertSame(groups.get(2), DeviceGroup.select(groups, "2", "--new-device"));
        InputException twice = assertThrows(InputException.class,
                () -> DeviceGroup.select(groups, "0000:18:00.0", "--base-device"));
        assertEquals("--base-device '0000:18:00.0' matches 2 devices (add the host: HOST:ID); the samples have 3: "
                + "0 = cuda H200 [0000:18:00.0] on a; 1 = cuda H200 [0000:2a:00.0] on a; 2 = cuda H200 [0000:18:00.0] on b",
                twice.getMessage());
    }

    @Test
    void untaggedFilesCompareAsBeforeAndDifferentDevicesAreNamed() {
        List<SampleRecord> untagged = List.of(row("", "", "", 0, 0, "copy"));
        List<SampleRecord> gpu0 = List.of(row("a", "H200", "0000:18:00.0", 0, 0, "copy"));
        List<SampleRecord> gpu1 = List.of(row("a", "H200", "0000:2a:00.0", 0, 0, "copy"));
        List<SampleRecord> otherHost = List.of(row("b", "H200", "0000:18:00.0", 0, 0, "copy"));
        assertEquals(List.of(), DeviceGroup.mismatches(DeviceGroup.of(untagged), DeviceGroup.of(gpu1)));
        assertEquals(List.of(), DeviceGroup.mismatches(DeviceGroup.of(gpu0), DeviceGroup.of(otherHost)), "the host is not compared");
        assertEquals(List.of("device_id: base 0000:18:00.0, new 0000:2a:00.0"), DeviceGroup.mismatches(DeviceGroup.of(gpu0), DeviceGroup.of(gpu1)));
        assertEquals("untagged", DeviceGroup.of(untagged).getFirst().label());
    }

    @Test
    void aSideHoldingSeveralHostsIsNotPooledWithAnotherSetOfHosts() {
        List<SampleRecord> one = List.of(row("a", "H200", "0000:18:00.0", 0, 0, "copy"));
        List<SampleRecord> two = List.of(row("a", "H200", "0000:18:00.0", 0, 0, "copy"),
                row("b", "H200", "0000:18:00.0", 0, 0, "copy"));
        assertEquals(List.of("host: base a, new a | b (a side of several hosts would pool their machines)"),
                DeviceGroup.mismatches(DeviceGroup.of(one), DeviceGroup.of(two)));
        assertEquals(List.of(), DeviceGroup.mismatches(DeviceGroup.of(two), DeviceGroup.of(two)), "the same fleet compares");
    }

    private static Path write(Path dir, String name, List<SampleRecord> rows) throws IOException {
        Path file = dir.resolve(name);
        try (SamplesCsvWriter out = SamplesCsvWriter.open(file, WriteMode.CREATE_NEW)) {
            out.append(rows);
        }
        return file;
    }

    private static long merged(Path dir, Path... inputs) throws IOException {
        SamplesMerge merge = SamplesMerge.check(List.of(inputs), w -> { });
        Path out = dir.resolve("out-" + System.nanoTime() + ".csv");
        try (SamplesCsvWriter csv = SamplesCsvWriter.open(out, WriteMode.CREATE_NEW)) {
            merge.writeTo(csv);
        }
        assertEquals(merge.rows(), SamplesCsv.read(out).size());
        return merge.rows();
    }

    @Test
    void mergeKeepsRowsAndRefusesDuplicatesAndOtherBenchmarks(@TempDir Path dir) throws IOException {
        List<SampleRecord> rows = List.of(row("a", "H200", "x", 0, 0, "copy"), row("a", "H200", "x", 0, 1, "copy"));
        Path a = write(dir, "a.csv", rows);
        Path b = write(dir, "b.csv", List.of(row("b", "H200", "x", 0, 0, "copy"), row("b", "H200", "x", 0, 1, "copy")));
        Path f = write(dir, "f.csv", List.of(row("a", "H200", "x", 1, 0, "copy"), row("a", "H200", "x", 1, 1, "copy")));
        assertEquals(6, merged(dir, a, b, f));
        Path a2 = write(dir, "a2.csv", rows);
        InputException duplicate = assertThrows(InputException.class,
                () -> SamplesMerge.check(List.of(a, a2), w -> { }));
        assertEquals("duplicate sample: copy[n=1] repetition 0 sample 0 of fork 0 on host 'a', device 'x' is at " + a
                + ":2 and " + a2 + ":2; each sample may be merged once (is a file given twice, or a file merged with a copy?)",
                duplicate.getMessage());
        Path triad = write(dir, "c.csv", List.of(row("c", "H200", "x", 0, 0, "triad")));
        InputException differ = assertThrows(InputException.class,
                () -> SamplesMerge.check(List.of(a, triad), w -> { }));
        assertEquals(triad + " does not hold the benchmarks of " + a + "; it lacks copy[n=1]; it adds triad[n=1]; merge only "
                + "runs of the same benchmarks and parameters", differ.getMessage());
        // written before fork, host, device_id, sm_clock_mhz, with a column of the user's
        Path old = dir.resolve("old.csv");
        Files.writeString(old, String.join(",", SamplesCsv.COLUMNS.subList(0, 9)) + ",note\ncopy,n=1,0,0,1.0,cuda,H200,,,x\n");
        InputException columns = assertThrows(InputException.class,
                () -> SamplesMerge.check(List.of(a, old), w -> { }));
        assertEquals(old + " has other columns than " + a + "; it lacks fork, host, device_id, sm_clock_mhz; merge files "
                + "written by the same kbench version (or rewrite the older ones)", columns.getMessage());
    }

    @Test
    void twoRunsOfOneHostAndDeviceMergeAsTwoRuns(@TempDir Path dir) throws IOException {
        // two `run --devices all` on one host: the same host, device, fork and sample keys, two run ids
        List<SampleRecord> rows = List.of(row("a", "H200", "x", 0, 0, "copy"), row("a", "H200", "x", 0, 1, "copy"));
        Path first = write(dir, "first.csv", rows.stream().map(r -> r.withRunId("20261201T111500Z-00000001")).toList());
        Path second = write(dir, "second.csv", rows.stream().map(r -> r.withRunId("20261201T111600Z-00000002")).toList());
        assertEquals(4, merged(dir, first, second));
        Path out = dir.resolve("both.csv");
        try (SamplesCsvWriter csv = SamplesCsvWriter.open(out, WriteMode.CREATE_NEW)) {
            SamplesMerge.check(List.of(first, second), w -> { }).writeTo(csv);
        }
        SampleSet set = SamplesCsv.readSet(out, w -> { });
        assertEquals(List.of("20261201T111500Z-00000001", "20261201T111600Z-00000002"), set.runIds());
        assertEquals(2, set.series().values().iterator().next().forkCount(), "each run's fork 0 is a fork of its own");
        // a file without run ids merged with one that has them: the columns agree (run_id aside)
        Path untagged = dir.resolve("untagged.csv");
        Files.writeString(untagged, String.join(",", SamplesCsv.COLUMNS.subList(0, 13)) + "\n"
                + "copy,n=1,0,0,1.0,cuda,H200,,,0,a,x,\ncopy,n=1,0,1,2.0,cuda,H200,,,0,a,x,\n");
        assertEquals(4, merged(dir, untagged, first));
    }
}

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

import dev.kbench.api.SampleRecord;
import java.util.List;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Device groups, the device check of compare, and merge's rules, on hand-made rows. */
class DeviceGroupTest {

    private static SampleRecord row(String host, String device, String id, int fork, int sample, String benchmark) {
        return new SampleRecord(benchmark, "n=1", OptionalInt.of(0), sample, 1.0 + sample, device.isEmpty() ? "" : "cuda",
                device, OptionalLong.empty(), OptionalLong.empty(), fork, host, id);
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
        IllegalArgumentException twice = assertThrows(IllegalArgumentException.class,
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
    void mergeKeepsRowsAndRefusesDuplicatesAndOtherBenchmarks() {
        List<SampleRecord> a = List.of(row("a", "H200", "x", 0, 0, "copy"), row("a", "H200", "x", 0, 1, "copy"));
        List<SampleRecord> b = List.of(row("b", "H200", "x", 0, 0, "copy"), row("b", "H200", "x", 0, 1, "copy"));
        List<SampleRecord> fork1 = List.of(row("a", "H200", "x", 1, 0, "copy"), row("a", "H200", "x", 1, 1, "copy"));
        assertEquals(6, SamplesMerge.merge(List.of(new SamplesMerge.Input("a.csv", SamplesCsv.COLUMNS, a), new SamplesMerge.Input("b.csv", SamplesCsv.COLUMNS, b),
                new SamplesMerge.Input("f.csv", SamplesCsv.COLUMNS, fork1))).size());
        IllegalArgumentException duplicate = assertThrows(IllegalArgumentException.class, () -> SamplesMerge.merge(
                List.of(new SamplesMerge.Input("a.csv", SamplesCsv.COLUMNS, a), new SamplesMerge.Input("a2.csv", SamplesCsv.COLUMNS, a))));
        assertEquals("duplicate sample: copy[n=1] repetition 0 sample 0 of fork 0 on host 'a', device 'x' is in a.csv "
                + "and in a2.csv; each file must come from a different host, device or fork (is a file given twice?)",
                duplicate.getMessage());
        List<SampleRecord> triad = List.of(row("c", "H200", "x", 0, 0, "triad"));
        IllegalArgumentException differ = assertThrows(IllegalArgumentException.class, () -> SamplesMerge.merge(
                List.of(new SamplesMerge.Input("a.csv", SamplesCsv.COLUMNS, a), new SamplesMerge.Input("c.csv", SamplesCsv.COLUMNS, triad))));
        assertEquals("c.csv does not hold the benchmarks of a.csv; it lacks copy[n=1]; it adds triad[n=1]; merge only "
                + "runs of the same benchmarks and parameters", differ.getMessage());
        List<String> old = SamplesCsv.COLUMNS.subList(0, 9);   // before fork, host, device_id, sm_clock_mhz
        IllegalArgumentException columns = assertThrows(IllegalArgumentException.class, () -> SamplesMerge.merge(
                List.of(new SamplesMerge.Input("a.csv", SamplesCsv.COLUMNS, a),
                        new SamplesMerge.Input("old.csv", java.util.stream.Stream.concat(old.stream(),
                                java.util.stream.Stream.of("note")).toList(), b))));
        assertEquals("old.csv has other columns than a.csv; it lacks fork, host, device_id, sm_clock_mhz; merge files "
                + "written by the same kbench version (or rewrite the older ones)", columns.getMessage());
    }
}

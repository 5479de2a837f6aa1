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
package dev.kbench.stats.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.SampleRecord;
import dev.kbench.stats.BenchmarkId;
import dev.kbench.stats.DeviceGroup;
import dev.kbench.stats.SampleSet;
import dev.kbench.stats.SamplesFormatException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Samples files damaged by crashes, full disks, two writers or the wrong file; and the columnar set. */
class SamplesDamageTest {

    private static final String ROWS = "benchmark,repetition,sample,time_ms,fork\n"
            + "a,0,0,1.5,0\na,0,1,1.25,0\nb,0,0,2.5,0\na,0,0,1.75,1\n";

    private static SampleSet set(String text, List<String> warnings) {
        return SamplesCsv.readSet(new StringReader(text), "s.csv", warnings::add);
    }

    @ParameterizedTest(name = "cut after {0} characters of the last line")
    @ValueSource(ints = {1, 5, 8, 9})
    void aLastLineWithoutLineBreakIsLeftOutWithOneWarning(int keep) {
        String text = ROWS + "b,0,1,2.75,1\n".substring(0, keep);
        List<String> warnings = new ArrayList<>();
        SampleSet s = set(text, warnings);
        assertEquals(4, s.size());
        assertEquals(List.of("s.csv:6: the last line has no line break at its end: it was cut off (a crash or a full"
                + " disk?) and is left out; the 4 complete row(s) before it are used"), warnings);
        List<String> listWarnings = new ArrayList<>();
        assertEquals(4, SamplesCsv.read(new StringReader(text), "s.csv", listWarnings::add).size());
        assertEquals(warnings, listWarnings);
        SamplesFormatException strict = assertThrows(SamplesFormatException.class,
                () -> SamplesCsv.read(new StringReader(text), "s.csv"));
        assertEquals(6, strict.line());
    }

    @Test
    void aCutInsideAnOpenQuoteIsACutToo() {
        List<String> warnings = new ArrayList<>();
        SampleSet s = set(ROWS + "\"b, with a comma", warnings);
        assertEquals(4, s.size());
        assertEquals(1, warnings.size());
        assertTrue(warnings.getFirst().startsWith("s.csv:6: the last line"), warnings.toString());
    }

    @Test
    void completeFilesGiveNoWarningWhateverTheLineEnd() {
        List<String> warnings = new ArrayList<>();
        assertEquals(4, set(ROWS, warnings).size());
        assertEquals(4, set(ROWS.replace("\n", "\r\n"), warnings).size());
        assertEquals(List.of(), warnings);
    }

    @Test
    void aBadLineBeforeTheLastIsStillAnError() {
        SamplesFormatException e = assertThrows(SamplesFormatException.class,
                () -> set(ROWS.replace("a,0,1,1.25,0", "a,0,1"), new ArrayList<>()));
        assertEquals("s.csv:3: has 3 of the header's 5 fields: the line is incomplete or garbled", e.getMessage());
    }

    @Test
    void appendedRunsAreDistinctRunsAndTheirForksCountApart() {
        String two = "benchmark,repetition,sample,time_ms,fork,run_id\n"
                + "a,0,0,1.5,0,r1\na,0,1,1.25,0,r1\na,0,0,1.75,0,r2\na,0,1,1.5,0,r2\n";
        SampleSet set = set(two, new ArrayList<>());
        assertEquals(List.of("r1", "r2"), set.runIds());
        SampleSet.Series a = set.series().values().iterator().next();
        assertEquals(2, a.forkCount(), "fork 0 of two runs is two forks");
        assertArrayEquals(new int[] {2, 2}, a.runSizes(false));
        // a file without the column is one run, id empty
        assertEquals(List.of(""), set(ROWS, new ArrayList<>()).runIds());
        // the same run id twice is a duplicate, named with its run
        SamplesFormatException e = assertThrows(SamplesFormatException.class,
                () -> set(two + "a,0,0,9,0,r2\n", new ArrayList<>()));
        assertEquals("s.csv:6: repeats line 4: both are benchmark 'a', run r2, fork 0, repetition 0, sample 0; a file"
                + " holds each sample once (one file appended to another by hand, or a run id given twice?)", e.getMessage());
    }

    @Test
    void duplicatedRowsNameBothLines() {
        SamplesFormatException e = assertThrows(SamplesFormatException.class,
                () -> set(ROWS + "a,0,1,9,0\n", new ArrayList<>()));
        assertEquals("s.csv:6: repeats line 3: both are benchmark 'a', fork 0, repetition 0, sample 1; a file holds"
                + " each sample once (one file appended to another by hand, or a run id given twice?)", e.getMessage());
        // The same sample in another fork is no duplicate.
        assertEquals(5, set(ROWS + "a,0,1,9,1\n", new ArrayList<>()).size());
        // The library's record reader refuses a duplicated file as the commands do.
        assertThrows(SamplesFormatException.class, () -> SamplesCsv.read(new java.io.StringReader(
                ROWS + "a,0,1,9,0\n"), "s.csv"));
    }

    @Test
    void binaryDataIsCalledSo() {
        SamplesFormatException nul = assertThrows(SamplesFormatException.class,
                () -> set(ROWS + "a,0,2,\0\0\0,0\n", new ArrayList<>()));
        assertTrue(nul.getMessage().contains("holds binary data (NUL bytes)"), nul.getMessage());
        SamplesFormatException header = assertThrows(SamplesFormatException.class,
                () -> set("\0\0\0\0\n", new ArrayList<>()));
        assertTrue(header.getMessage().startsWith("s.csv:1: holds binary data"), header.getMessage());
    }

    @Test
    void theSetIsInRunOrderWithForks() {
        SampleSet s = set(ROWS + "a,0,1,1.0,1\n", new ArrayList<>());
        SampleSet.Series a = s.series().get(new BenchmarkId("a", ""));
        assertArrayEquals(new double[] {1.5, 1.25, 1.75, 1.0}, a.timesMillis());
        assertArrayEquals(new int[] {0, 0, 1, 1}, a.forks());
        assertEquals(2, a.forkCount());
        assertArrayEquals(new int[] {2, 2}, a.runSizes(false));
        // Out of order in the file: sorted by fork, repetition, sample.
        SampleSet shuffled = set("benchmark,repetition,sample,time_ms,fork\na,0,1,2,1\na,0,0,1,1\na,0,0,3,0\n",
                new ArrayList<>());
        assertArrayEquals(new double[] {3, 1, 2}, shuffled.series().get(new BenchmarkId("a", "")).timesMillis());
        List<SampleRecord> records = SamplesCsv.read(new StringReader(ROWS), "s.csv");
        assertEquals(s.series().get(new BenchmarkId("b", "")).size(), SampleSet.of(records).series()
                .get(new BenchmarkId("b", "")).size());
    }

    @Test
    void samplesOfOtherDevicesOrHostsAreNoDuplicatesAndTheirForksCountApart() {
        String merged = "benchmark,repetition,sample,time_ms,fork,host,device_id\n"
                + "a,0,0,1.0,0,h1,0000:18:00.0\na,0,0,2.0,0,h1,0000:2a:00.0\na,0,0,3.0,0,h2,0000:18:00.0\n"
                + "a,0,0,1.5,1,h1,0000:18:00.0\n";
        SampleSet s = set(merged, new ArrayList<>());
        assertEquals(4, s.size());
        assertEquals(List.of(new DeviceGroup("h1", "", "", "0000:18:00.0"), new DeviceGroup("h1", "", "", "0000:2a:00.0"),
                new DeviceGroup("h2", "", "", "0000:18:00.0")), s.deviceGroups());
        SampleSet.Series a = s.series().get(new BenchmarkId("a", ""));
        // Run order is by device, then fork: the three devices' fork 0 are three forks, not one.
        assertArrayEquals(new double[] {1.0, 1.5, 2.0, 3.0}, a.timesMillis());
        assertArrayEquals(new int[] {0, 0, 1, 2}, a.deviceIndexes());
        assertEquals(4, a.forkCount());
        assertArrayEquals(new int[] {1, 1, 1, 1}, a.runSizes(false));
        SampleSet first = s.only(s.deviceGroups().getFirst());
        assertArrayEquals(new double[] {1.0, 1.5}, first.series().get(new BenchmarkId("a", "")).timesMillis());
        assertEquals(2, first.series().get(new BenchmarkId("a", "")).forkCount());
        assertEquals(List.of(s.deviceGroups().getFirst()), first.deviceGroups());
        SamplesFormatException twice = assertThrows(SamplesFormatException.class,
                () -> set(merged + "a,0,0,9,0,h2,0000:18:00.0\n", new ArrayList<>()));
        assertEquals("s.csv:6: repeats line 4: both are benchmark 'a' on host 'h2', device '0000:18:00.0', fork 0,"
                + " repetition 0, sample 0; a file holds each sample once (one file appended to another by hand, or a run id given twice?)",
                twice.getMessage());
    }
}

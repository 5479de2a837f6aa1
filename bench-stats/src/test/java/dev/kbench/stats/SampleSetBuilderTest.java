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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kbench.api.SampleRecord;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A sample set built one sample at a time, as a reader in another package builds it. */
class SampleSetBuilderTest {

    private static SampleRecord sample(int repetition, int sample, double millis) {
        return SampleRecord.builder("copy", "n=4").repetition(repetition).sample(sample).timeMillis(millis)
                .backend("opencl").device("cpu").host("node1").deviceId("cl:0:0").build();
    }

    @Test
    void samplesAreKeptInRunOrderWithTheirSource() {
        SampleSet set = SampleSet.builder("mine").add(sample(1, 0, 3), 7).add(sample(0, 1, 2), 8)
                .add(sample(0, 0, 1), 9).build();
        assertEquals("mine", set.source());
        assertEquals(3, set.size());
        assertEquals(List.of("opencl"), set.backends());
        SampleSet.Series series = set.series().get(new BenchmarkId("copy", "n=4"));
        assertArrayEquals(new double[] {1, 2, 3}, series.timesMillis());
        assertArrayEquals(new int[] {0, 0, 1}, series.repetitions());
    }

    @Test
    void aRepeatedSampleIsKeptUnlessDuplicatesAreRejected() {
        assertEquals(2, SampleSet.builder("mine").add(sample(0, 0, 1), 3).add(sample(0, 0, 2), 5).build().size());
        SamplesFormatException e = assertThrows(SamplesFormatException.class, () -> SampleSet.builder("mine")
                .rejectDuplicates().add(sample(0, 0, 1), 3).add(sample(0, 0, 2), 5).build());
        assertEquals("mine:5: repeats line 3: both are benchmark 'copy[n=4]' on host 'node1', device 'cl:0:0', fork 0,"
                + " repetition 0, sample 0; a file holds each sample once (one file appended to another by hand, or a run"
                + " id given twice?)", e.getMessage());
        assertEquals(5, e.line());
    }
}

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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** One rule for a run's value and bounds: interval over fork medians, else their range, else one fork's interval. */
class ForkEstimateTest {

    private static final BenchmarkId ID = new BenchmarkId("gelu", "n=1024");
    private static final Summarizer AT_95 = Summarizer.withDefaults().withConfidenceLevel(0.95);

    private static List<double[]> forks(double... medians) {
        return java.util.Arrays.stream(medians).mapToObj(m -> new double[] {m, m, m}).toList();
    }

    @Test
    void sixForkMediansGiveTheMediansDistributionFreeInterval() {
        // n = 6: ranks 1 and 6 cover 1 - 2 * 0.5^6 = 0.969 >= 0.95 (scipy.stats.binom.cdf(0, 6, 0.5) * 2 == 0.03125),
        // ranks 2 and 5 only 0.781: the interval is the lowest to the highest fork median
        ForkEstimate e = ForkEstimate.of(AT_95, ID, forks(6, 1, 5, 2, 4, 3));
        assertArrayEquals(new double[] {6, 1, 5, 2, 4, 3}, e.forkMediansMillis(), "fork order kept");
        assertEquals(3.5, e.medianMillis());
        assertEquals(1, e.lowerMillis());
        assertEquals(6, e.upperMillis());
        assertEquals("95% interval of the median of 6 fork medians", e.bounds());
        assertTrue(e.interval());
        assertEquals(18, e.samples());
        assertEquals(1, e.minForkMillis());
        assertEquals(6, e.maxForkMillis());
    }

    @Test
    void twoToFiveForksGiveTheirRange() {
        ForkEstimate e = ForkEstimate.of(AT_95, ID, forks(2.0, 1.0, 4.0));
        assertEquals(2.0, e.medianMillis());
        assertEquals(1.0, e.lowerMillis());
        assertEquals(4.0, e.upperMillis());
        assertEquals("lowest..highest of 3 fork medians", e.bounds());
        assertFalse(e.interval(), "a range, which the trend table marks so");
    }

    @Test
    void oneForkGivesItsMediansIntervalOverItsSamples() {
        double[] samples = new double[100];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = i + 1;
        }
        ForkEstimate e = ForkEstimate.of(AT_95, ID, List.of(samples));
        Summary s = AT_95.summarize(ID, samples);
        assertEquals(50.5, e.medianMillis());
        assertEquals(s.medianInterval().lower(), e.lowerMillis());
        assertEquals(s.medianInterval().upper(), e.upperMillis());
        assertEquals("95% interval of the median over the samples of 1 fork", e.bounds());
        assertTrue(e.interval());
        assertEquals(1, e.forkMediansMillis().length);
    }

    @Test
    void noForkOrAnEmptyForkIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> ForkEstimate.of(AT_95, ID, List.of()));
        IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
                () -> ForkEstimate.of(AT_95, ID, List.of(new double[] {1}, new double[0])));
        assertEquals("gelu[n=1024]: fork 1 has no samples", empty.getMessage());
    }
}

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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class EDivisiveTest {

    @Test
    void tTestIsSciPys() {
        // python3 -c "from scipy.stats import ttest_ind_from_stats; print(ttest_ind_from_stats(1.0, 0.1, 10, 1.1, 0.2, 7).pvalue)"
        assertEquals(0.19143133552368474, EDivisive.tTest(1.0, 0.1, 10, 1.1, 0.2, 7), 1e-12);
        // python3 -c "from scipy.stats import ttest_ind_from_stats; print(ttest_ind_from_stats(5.0, 0.5, 3, 5.2, 0.1, 2).pvalue)"
        assertEquals(0.6319913760152663, EDivisive.tTest(5.0, 0.5, 3, 5.2, 0.1, 2), 1e-12);
        assertEquals(1.0, EDivisive.tTest(1, 0, 1, 2, 0, 1), "no degrees of freedom");
        assertEquals(0.0, EDivisive.tTest(1, 0, 3, 2, 0, 3), "two different constants");
        assertEquals(1.0, EDivisive.tTest(1, 0, 3, 1, 0, 3), "one constant");
    }

    @Test
    void statisticsOfAChangePointAreOtavasPopulationStdTTest() {
        double[] series = {1.0, 1.02, 0.98, 1.01, 0.99, 1.05, 1.06, 1.04};
        List<EDivisive.Split> found = EDivisive.withDefaults().withMaxPValue(0.01).find(series);
        assertEquals(1, found.size(), found.toString());
        EDivisive.Split s = found.getFirst();
        assertEquals(5, s.index());
        // python3 -c "import numpy as np; from scipy.stats import ttest_ind_from_stats as t;
        //   a=np.array([1.0,1.02,0.98,1.01,0.99]); b=np.array([1.05,1.06,1.04]);
        //   print(t(a.mean(), a.std(), len(a), b.mean(), b.std(), len(b)).pvalue)"
        assertEquals(0.0015298672524735322, s.pValue(), 1e-12);
        assertEquals(1.0, s.meanBefore(), 1e-12);
        assertEquals(1.05, s.meanAfter(), 1e-12);
        assertEquals(0.05, s.forwardChange(), 1e-12);
        assertEquals(5, s.sizeBefore());
        assertEquals(3, s.sizeAfter());
    }

    @Test
    void findsTwoPlantedStepsAndNothingElse() {
        // 40 runs: +5% from run 25, another +2% from run 32, 0.3% noise
        SplittableRandom random = new SplittableRandom(42);
        double[] series = new double[40];
        for (int i = 0; i < series.length; i++) {
            double level = i < 25 ? 1.0 : i < 32 ? 1.05 : 1.05 * 1.02;
            series[i] = level * (1 + 0.003 * random.nextGaussian());
        }
        List<EDivisive.Split> found = EDivisive.withDefaults().find(series);
        assertEquals(List.of(25, 32), found.stream().map(EDivisive.Split::index).toList(), found.toString());
        assertEquals(0.05, found.get(0).forwardChange(), 0.005);
        assertEquals(0.02, found.get(1).forwardChange(), 0.005);
        assertTrue(found.stream().allMatch(s -> s.pValue() < EDivisive.DEFAULT_MAX_PVALUE));
    }

    @Test
    void noiseAloneHasNoChangePoint() {
        SplittableRandom random = new SplittableRandom(7);
        double[] series = new double[120];
        for (int i = 0; i < series.length; i++) {
            series[i] = 1 + 0.01 * random.nextGaussian();
        }
        assertEquals(List.of(), EDivisive.withDefaults().find(series));
    }

    @Test
    void aSmallChangeIsDroppedBelowTheMinimumMagnitude() {
        SplittableRandom random = new SplittableRandom(3);
        double[] series = new double[40];
        for (int i = 0; i < series.length; i++) {
            series[i] = (i < 20 ? 1.0 : 1.01) * (1 + 0.001 * random.nextGaussian());
        }
        assertEquals(List.of(20), EDivisive.withDefaults().find(series).stream().map(EDivisive.Split::index).toList());
        assertEquals(List.of(), EDivisive.withDefaults().withMinMagnitude(0.02).find(series));
    }

    @Test
    void windowsSmallerThanTheSeriesFindChangesInEach() {
        double[] series = new double[100];
        for (int i = 0; i < series.length; i++) {
            series[i] = (i < 30 ? 1 : i < 80 ? 2 : 3) + 0.001 * (i % 3);
        }
        List<Integer> found = EDivisive.withDefaults().withWindow(20).find(series).stream()
                .map(EDivisive.Split::index).toList();
        assertEquals(List.of(30, 80), found);
    }

    @Test
    void badOptionsAreNamed() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> EDivisive.withDefaults().withMaxPValue(0))
                .getMessage().contains("--max-pvalue"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> EDivisive.withDefaults().withMinMagnitude(-1))
                .getMessage().contains("--min-magnitude"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> EDivisive.withDefaults().withWindow(3))
                .getMessage().contains("--window"));
        assertThrows(IllegalArgumentException.class, () -> EDivisive.withDefaults().find(new double[] {1, Double.NaN}));
    }
}

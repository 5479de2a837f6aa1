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

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

/** The pairwise summation against {@code np.sum}/{@code np.mean} ({@code numpy_sums} of make_reference.py), bit for bit. */
class NumPyTest {

    @Test
    void sumsAndMeansAreNumPysToTheBit() {
        for (JsonNode c : Reference.list("numpy_sums")) {
            double[] x = Reference.doubles(c.get("x"));
            assertEquals(c.get("sum").asDouble(), NumPy.sum(x), "np.sum of " + x.length);
            assertEquals(c.get("mean").asDouble(), NumPy.mean(x), "np.mean of " + x.length);
        }
    }

    @Test
    void varianceIsSciPysVar() {
        // scipy.stats._stats_py._var(np.array([1.0, 2.0, 4.0]), ddof=1) -> 2.333333333333333
        assertEquals(2.333333333333333, NumPy.scipyVariance(new double[] {1, 2, 4}));
    }
}

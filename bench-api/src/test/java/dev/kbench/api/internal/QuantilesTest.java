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
package dev.kbench.api.internal;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** NumPy's linear quantiles; each expected value comes from the NumPy 2.4.6 line in its comment. */
class QuantilesTest {

    @Test
    void matchesNumpyLinear() {
        double[] a = {3.1, 0.2, 7.7, 1.5, 2.25, 9.0, 4.4};
        // numpy.quantile([3.1,0.2,7.7,1.5,2.25,9.0,4.4], [0,0.2,0.5,0.8,1,0.33,0.95]).tolist()
        // -> [0.2, 1.6500000000000001, 3.1, 7.040000000000003, 9.0, 2.235, 8.61]
        assertArrayEquals(new double[] {0.2, 1.6500000000000001, 3.1, 7.040000000000003, 9.0, 2.235, 8.61},
                Quantiles.of(a, 0, 0.2, 0.5, 0.8, 1, 0.33, 0.95), 0);
        // numpy.quantile([0.0589,0.0601,0.0577,0.0612,0.0599,0.0588], [0.2,0.5,0.8]).tolist() -> [0.0588, 0.0594, 0.0601]
        assertArrayEquals(new double[] {0.0588, 0.0594, 0.0601},
                Quantiles.of(new double[] {0.0589, 0.0601, 0.0577, 0.0612, 0.0599, 0.0588}, 0.2, 0.5, 0.8), 0);
        // numpy.quantile([5.0], [0, 0.5, 1]) -> [5.0, 5.0, 5.0]
        assertArrayEquals(new double[] {5, 5, 5}, Quantiles.of(new double[] {5}, 0, 0.5, 1), 0);
    }

    @Test
    void rejectsBadInput() {
        assertThrows(IllegalArgumentException.class, () -> Quantiles.of(new double[0], 0.5));
        assertEquals("quantile -0.1 is outside [0, 1]; use e.g. 0.2,0.5,0.8",
                assertThrows(IllegalArgumentException.class, () -> Quantiles.of(new double[] {1}, -0.1)).getMessage());
    }
}

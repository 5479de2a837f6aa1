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
package dev.kbench.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The CPU reference of the GELU kernel (erf: Commons Numbers, checked against SciPy there) and its error measure. */
class GeluReferenceTest {

    @Test
    void geluAndItsErrorMeasure() {
        // python3 -c "import math; print(repr(1.5 * 0.5 * (1 + math.erf(1.5 / math.sqrt(2)))))"
        assertEquals(1.399789198096713, GeluReference.gelu(1.5), 1e-15);
        float[] input = {1.5f, -6f, 0f};
        float[] exact = {(float) GeluReference.gelu(1.5), (float) GeluReference.gelu(-6), 0f};
        assertTrue(GeluReference.maxError(input, exact) < 1e-7);
        float[] tanhForm = {1.3995716f, (float) GeluReference.gelu(-6), 0f};   // the tanh approximation at 1.5
        assertTrue(GeluReference.maxError(input, tanhForm) > GeluReference.TOLERANCE);
        assertEquals(Double.POSITIVE_INFINITY, GeluReference.maxError(input, new float[] {Float.NaN, 0f, 0f}));
    }
}

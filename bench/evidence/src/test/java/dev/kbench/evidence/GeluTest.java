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
package dev.kbench.evidence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.SourceKind;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The CPU reference the GELU outputs are checked against (erf: Commons Numbers), checked against Python's math.erf. */
class GeluTest {

    // python3 -c "import math; [print(repr(x), repr(x*0.5*(1+math.erf(x/math.sqrt(2))))) for x in [-6.0,-3.0,-1.0,0.5,2.0,6.0]]"
    private static final double[][] GELU = {
        {-6.0, -5.919525869479969e-09}, {-3.0, -0.00404969409489031}, {-1.0, -0.15865525393145707},
        {0.5, 0.34573123063700656}, {2.0, 1.9544997361036416}, {6.0, 5.999999994080474},
    };

    @Test
    void geluAgreesWithPython() {
        for (double[] pair : GELU) {
            assertEquals(pair[1], Gelu.reference(pair[0]), 1e-15, () -> "gelu(" + pair[0] + ")");
        }
    }

    @Test
    void inputsSpreadOverTheRange() {
        double min = Double.MAX_VALUE;
        double max = -Double.MAX_VALUE;
        for (long i = 0; i < 100_000; i++) {
            float x = Gelu.input(i);
            min = Math.min(min, x);
            max = Math.max(max, x);
        }
        assertTrue(min >= -Gelu.RANGE && min < -5.99, "min " + min);
        assertTrue(max <= Gelu.RANGE && max > 5.99, "max " + max);
    }

    @Test
    void theToleranceIsTightEnoughToCatchAWrongFormula() {
        // The tanh approximation of GELU differs from the erf form by about 1e-4 at x = 2 (Python:
        // 0.5*x*(1+math.tanh(math.sqrt(2/math.pi)*(x+0.044715*x**3))) - x*0.5*(1+math.erf(x/math.sqrt(2))) = 9.8e-05),
        // far above the tolerance, so a kernel computing the wrong GELU fails the check.
        float x = 2.0f;
        double tanhForm = 0.5 * x * (1 + Math.tanh(Math.sqrt(2 / Math.PI) * (x + 0.044715 * x * x * x)));
        double exact = Gelu.reference(x);
        assertTrue(Math.abs(tanhForm - exact) > 10 * Gelu.tolerance(x, exact),
                () -> "tanh form " + tanhForm + " vs exact " + exact + ", tolerance " + Gelu.tolerance(x, exact));
    }

    @Test
    void eachBackendGetsItsKernelsFromTheRepositorysKernels() {
        Gelu.Kernels cuda = Gelu.kernelsFor(Set.of(SourceKind.PTX, SourceKind.CUBIN));
        assertEquals("gelu", cuda.gelu());
        assertTrue(cuda.source().text().contains(".entry gelu(") && cuda.source().text().contains(".entry empty("),
                "the packaged kernels/cuda/gelu.ptx");
        Gelu.Kernels opencl = Gelu.kernelsFor(Set.of(SourceKind.OPENCL_C, SourceKind.SPIRV));
        assertEquals("gelu_forward", opencl.gelu());
        assertTrue(opencl.source().text().contains("__kernel void gelu_forward("), "the packaged kernels/opencl/gelu.cl");
        assertTrue(opencl.empty().isEmpty());
    }
}

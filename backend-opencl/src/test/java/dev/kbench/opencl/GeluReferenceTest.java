package dev.kbench.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.Dim3;
import dev.kbench.opencl.tools.Gelu;
import org.junit.jupiter.api.Test;

/** The CPU reference the GELU outputs are checked against, checked itself against Python's math.erf. */
class GeluReferenceTest {

    // python3 -c "import math; [print(repr(x), repr(math.erf(x))) for x in [0.1, 0.5, 1.0, -1.0, 2.0, 3.0, 4.5, -5.9, 1e-8]]"
    private static final double[][] ERF = {
        {0.1, 0.1124629160182849}, {0.5, 0.5204998778130465}, {1.0, 0.8427007929497149}, {-1.0, -0.8427007929497149},
        {2.0, 0.9953222650189527}, {3.0, 0.9999779095030014}, {4.5, 0.9999999998033839}, {-5.9, -0.9999999999999999},
        {1e-8, 1.1283791670955126e-08},
    };

    // python3 -c "import math; [print(repr(x), repr(x*0.5*(1+math.erf(x/math.sqrt(2))))) for x in [-6.0,-3.0,-1.0,0.5,2.0,6.0]]"
    private static final double[][] GELU = {
        {-6.0, -5.919525869479969e-09}, {-3.0, -0.00404969409489031}, {-1.0, -0.15865525393145707},
        {0.5, 0.34573123063700656}, {2.0, 1.9544997361036416}, {6.0, 5.999999994080474},
    };

    @Test
    void erfAgreesWithPython() {
        for (double[] pair : ERF) {
            assertEquals(pair[1], Gelu.erf(pair[0]), Math.abs(pair[1]) * 2e-15, () -> "erf(" + pair[0] + ")");
        }
        assertEquals(0.0, Gelu.erf(0.0));
        assertEquals(1.0, Gelu.erf(7.0));
        assertEquals(-1.0, Gelu.erf(-30.0));
    }

    @Test
    void geluAgreesWithPython() {
        for (double[] pair : GELU) {
            assertEquals(pair[1], Gelu.reference(pair[0]), 1e-15, () -> "gelu(" + pair[0] + ")");
        }
    }

    @Test
    void inputsSpreadOverTheRangeAndTheGridCoversEveryElement() {
        double min = Double.MAX_VALUE;
        double max = -Double.MAX_VALUE;
        for (long i = 0; i < 100_000; i++) {
            float x = Gelu.input(i);
            min = Math.min(min, x);
            max = Math.max(max, x);
        }
        assertTrue(min >= -Gelu.RANGE && min < -5.99, "min " + min);
        assertTrue(max <= Gelu.RANGE && max > 5.99, "max " + max);
        assertEquals(Dim3.of(4), Gelu.grid(1024, 256));
        assertEquals(Dim3.of(5), Gelu.grid(1025, 256));
        assertEquals(8L << 28, Gelu.bytesMoved(1L << 28), "2^28 floats read and 2^28 written: 2 GiB");
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
}

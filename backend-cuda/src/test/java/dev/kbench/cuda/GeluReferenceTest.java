package dev.kbench.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.cuda.tools.GeluReference;
import org.junit.jupiter.api.Test;

class GeluReferenceTest {

    @Test
    void erfMatchesPythonsMathErf() {
        // python3 -c "import math; [print(repr(x), repr(math.erf(x))) for x in [0.0, 1e-8, 0.1, 0.5, 1.0, 1.5, 2.0,
        //     2.4999, 2.5, 3.0, 4.0, 5.0, 6.0, -0.7, -3.3]]"
        double[][] expected = {
            {0.0, 0.0}, {1e-08, 1.1283791670955126e-08}, {0.1, 0.1124629160182849}, {0.5, 0.5204998778130465},
            {1.0, 0.8427007929497149}, {1.5, 0.9661051464753108}, {2.0, 0.9953222650189527},
            {2.4999, 0.9995928300996666}, {2.5, 0.999593047982555}, {3.0, 0.9999779095030014},
            {4.0, 0.9999999845827421}, {5.0, 0.9999999999984626}, {6.0, 1.0}, {-0.7, -0.6778011938374184},
            {-3.3, -0.9999969422902035},
        };
        for (double[] pair : expected) {
            assertEquals(pair[1], GeluReference.erf(pair[0]), 2e-15, "erf(" + pair[0] + ")");
        }
        assertTrue(Double.isNaN(GeluReference.erf(Double.NaN)));
        assertEquals(-1.0, GeluReference.erf(Double.NEGATIVE_INFINITY));
    }

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

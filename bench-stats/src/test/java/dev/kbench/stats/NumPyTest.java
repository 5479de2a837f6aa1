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

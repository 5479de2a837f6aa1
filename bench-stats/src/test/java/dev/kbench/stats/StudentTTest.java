package dev.kbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.commons.statistics.distribution.TDistribution;
import org.junit.jupiter.api.Test;

/** The allocation-free CDF is Commons Statistics' {@code TDistribution} to the bit. */
class StudentTTest {

    @Test
    void sameBitsAsCommonsTDistribution() {
        double[] dfs = {0.5, 1, 1.5, 2, 2.5, 3, 7.3, 30, 1e3, 1e6, 1e12, 1e15, 1e16, 1e17, 1e300, Double.POSITIVE_INFINITY};
        double[] ts = {Double.NEGATIVE_INFINITY, -1e10, -40, -8.5, -3, -1, -1e-3, -1e-12, 0, 1e-12, 0.3, 1, 2.5, 12, 1e10,
            Double.POSITIVE_INFINITY};
        for (double df : dfs) {
            TDistribution commons = TDistribution.of(df);
            for (double t : ts) {
                assertEquals(commons.cumulativeProbability(t), StudentT.cdf(df, t), "df=" + df + " t=" + t);
                assertEquals(commons.survivalProbability(t), StudentT.cdf(df, -t), "sf df=" + df + " t=" + t);
            }
        }
    }
}

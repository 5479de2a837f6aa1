package dev.kbench.stats;

/**
 * A two-sided confidence interval.
 *
 * @param lower the lower bound; NaN when the data cannot give one (too few values)
 * @param upper the upper bound; NaN when the data cannot give one
 * @param confidenceLevel the nominal confidence level, in (0, 1)
 */
public record Interval(double lower, double upper, double confidenceLevel) {

    /**
     * Whether both bounds are known.
     *
     * @return true if neither bound is NaN
     */
    public boolean isDefined() {
        return !Double.isNaN(lower) && !Double.isNaN(upper);
    }
}

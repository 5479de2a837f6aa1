package dev.kbench.stats;

/**
 * The permutation stability check of a comparison, benchstats' "p-value bootstrapping": each side's
 * samples are shuffled across its repetitions (keeping each repetition's size), re-aggregated by
 * repetition mean and re-tested; the share of shuffles whose verdict agrees with the main one says
 * whether the outcome depends on the order the samples were taken in.
 *
 * @param shuffles how many shuffles were tested
 * @param agreement the share of shuffles with the main verdict, in [0, 1]
 * @param stable whether {@code agreement} reached the threshold of {@link Compare#withStabilityThreshold(double)}
 */
public record Stability(int shuffles, double agreement, boolean stable) {
}

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

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * A group-sequential design for comparisons of forks: forks are added a pair at a time and the
 * comparison is looked at after some of them, stopping as soon as every benchmark is settled, with
 * the error rates of the whole sequence held by Lan-DeMets alpha spending (docs/stats.md,
 * "Stopping when decided"). Immutable and thread-safe.
 *
 * <p>At look {@code k}, with {@code n_k} forks a side out of at most {@code N}, the information
 * fraction is {@code t_k = n_k / N}. Each one-sided test (slower, faster) runs at the alpha spent
 * between the previous look and this one, {@code a(t_k) - a(t_{k-1})}, and the ratio's interval is
 * taken at the two-sided level {@code 1 - 2 (g(t_k) - g(t_{k-1}))}, where {@code a} spends the
 * comparison's alpha and {@code g} the interval's one-sided error (0.025 for the usual 95 %). By
 * Bonferroni's inequality over the looks the chance of a false {@code slower} (or {@code faster}) in
 * the whole sequence is at most alpha, whatever the correlation between the looks, and the chance
 * that an interval misses the true ratio on a side at any look is at most {@code g(1)}: the design is
 * conservative, never liberal. A benchmark is settled when the comparison at that look says
 * {@code slower} or {@code faster} (the test at the look's alpha and the interval beyond the
 * threshold), or when the interval lies wholly inside {@code (1 - threshold, 1 + threshold)} with
 * forks enough for the test to flag a change (a look a time budget makes final before the first
 * planned one may have fewer).
 *
 * <p>The first look is the first fork count whose permutation floor ({@code 1 / C(2n, n)}, the
 * smallest p-value a rank test of fork medians can give) is below the alpha spent by then: earlier
 * looks could never say {@code slower}. Later looks come every {@link #LOOK_EVERY} pairs, and the
 * last at {@code N}. A run stopped early by a time budget makes its last look final and spends there
 * all that is left.
 *
 * {@snippet :
 * GroupSequential design = GroupSequential.of(Compare.DEFAULT_ALPHA, 30);
 * for (GroupSequential.Look look : design.looks()) {
 *     // ... measure forks until look.forks() a side ...
 *     CompareReport report = design.compareAt(Compare.withDefaults(), look).compare(base, next);
 *     if (GroupSequential.allSettled(report)) {
 *         break;
 *     }
 * }
 * }
 */
public final class GroupSequential {

    /** Pairs of forks between two looks after the first. */
    public static final int LOOK_EVERY = 3;

    /**
     * The fewest forks a side of the first look. Brunner-Munzel's t approximation is too kind to very
     * small samples in the far tail: simulated with normal fork medians and Pocock-like spending of
     * 0.001 over 30 forks ({@code bench/stats-speed/sequential-looks.py}), a first look at 7 forks
     * rejected 13 times in 4000 where 1.3 were allowed, one at 9 forks 7 times where 1.7 were.
     */
    public static final int MIN_FIRST_LOOK = 9;

    /** The default one-sided error of the interval over the whole sequence: a 95 % interval's. */
    public static final double DEFAULT_INTERVAL_ERROR = (1 - Compare.DEFAULT_CONFIDENCE_LEVEL) / 2;

    private static final NormalDistribution STANDARD_NORMAL = NormalDistribution.of(0, 1);

    /** How the error of the whole sequence is spent over the information fraction {@code t} in (0, 1]. */
    public enum Spending {
        /**
         * Lan-DeMets' O'Brien-Fleming-like function, {@code 2 - 2 Phi(z(1 - e/2) / sqrt(t))}: almost
         * nothing early, nearly all of {@code e} at the end.
         */
        OBRIEN_FLEMING,
        /** Lan-DeMets' Pocock-like function, {@code e ln(1 + (e_1 - 1) t)}: spread evenly over the looks. */
        POCOCK;

        /**
         * The error spent up to the information fraction {@code t}.
         *
         * @param total the error of the whole sequence, in (0, 1)
         * @param t the information fraction; 0 spends nothing, 1 or more spends {@code total}
         * @return the error spent so far
         */
        public double spent(double total, double t) {
            if (t <= 0) {
                return 0;
            }
            if (t >= 1) {
                return total;
            }
            return switch (this) {
                case OBRIEN_FLEMING -> 2 * STANDARD_NORMAL.survivalProbability(
                        STANDARD_NORMAL.inverseSurvivalProbability(total / 2) / Math.sqrt(t));
                case POCOCK -> total * Math.log(1 + (Math.E - 1) * t);
            };
        }
    }

    /**
     * One look at the comparison.
     *
     * @param index 0 for the first look
     * @param forks forks a side at this look
     * @param alpha the significance level of each one-sided test at this look
     * @param confidenceLevel the two-sided level of the ratio's interval at this look
     * @param last whether no look follows
     */
    public record Look(int index, int forks, double alpha, double confidenceLevel, boolean last) {
    }

    private final double alpha;
    private final int maxForks;
    private final Spending spending;
    private final double intervalError;

    private GroupSequential(double alpha, int maxForks, Spending spending, double intervalError) {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha must be in (0, 1), got " + alpha);
        }
        if (maxForks < 2) {
            throw new IllegalArgumentException("the most forks a side must be 2 or more, got " + maxForks);
        }
        if (!(intervalError > 0 && intervalError < 0.5)) {
            throw new IllegalArgumentException("the interval's one-sided error must be in (0, 0.5), got " + intervalError);
        }
        this.alpha = alpha;
        this.maxForks = maxForks;
        this.spending = Objects.requireNonNull(spending, "spending");
        this.intervalError = intervalError;
    }

    /**
     * A design with Pocock-like spending (the default: it lets the early looks decide) and a 95 %
     * interval's error.
     *
     * @param alpha the significance level of each one-sided test over the whole sequence, in (0, 1)
     * @param maxForks the most forks a side, at least 2
     * @return the design
     * @throws IllegalArgumentException if an argument is out of range
     */
    public static GroupSequential of(double alpha, int maxForks) {
        return new GroupSequential(alpha, maxForks, Spending.POCOCK, DEFAULT_INTERVAL_ERROR);
    }

    /**
     * With another spending function.
     *
     * @param s how the errors are spent over the looks
     * @return a new design
     */
    public GroupSequential with(Spending s) {
        return new GroupSequential(alpha, maxForks, s, intervalError);
    }

    /**
     * With another one-sided error of the interval over the whole sequence.
     *
     * @param error in (0, 0.5), e.g. 0.025 for intervals as sure as one 95 % interval
     * @return a new design
     * @throws IllegalArgumentException if {@code error} is out of range
     */
    public GroupSequential withIntervalError(double error) {
        return new GroupSequential(alpha, maxForks, spending, error);
    }

    /**
     * The most forks a side.
     *
     * @return at least 2
     */
    public int maxForks() {
        return maxForks;
    }

    /**
     * The looks planned for a run that reaches {@link #maxForks()}: the first where a rank test can
     * reject (and not before {@link #MIN_FIRST_LOOK} forks), then every {@link #LOOK_EVERY} pairs, and the last at {@link #maxForks()}.
     *
     * @return at least one look, the last one {@link Look#last() last}
     */
    public List<Look> looks() {
        int first = maxForks;
        for (int n = Math.min(MIN_FIRST_LOOK, maxForks); n < maxForks; n++) {
            if (Compare.permutationFloor(n, n) < spending.spent(alpha, (double) n / maxForks)) {
                first = n;
                break;
            }
        }
        List<Look> looks = new ArrayList<>();
        int previous = 0;
        for (int n = first; n < maxForks; n += LOOK_EVERY) {
            looks.add(look(looks.size(), previous, n, false));
            previous = n;
        }
        looks.add(look(looks.size(), previous, maxForks, true));
        return List.copyOf(looks);
    }

    /**
     * The final look of a run stopped before {@link #maxForks()} (by a time budget): all the error
     * not spent by the previous look is spent here.
     *
     * @param previous the previous look, or empty if there was none
     * @param forks forks a side now, more than at {@code previous}
     * @return the look
     */
    public Look finalLook(Optional<Look> previous, int forks) {
        int before = previous.map(Look::forks).orElse(0);
        if (forks <= before) {
            throw new IllegalArgumentException("the final look needs more than the previous look's " + before
                    + " forks a side, got " + forks);
        }
        return look(previous.map(l -> l.index() + 1).orElse(0), before, forks, true);
    }

    private Look look(int index, int previous, int forks, boolean last) {
        double from = (double) previous / maxForks;
        double to = last ? 1 : (double) forks / maxForks;
        double a = spending.spent(alpha, to) - spending.spent(alpha, from);
        double g = spending.spent(intervalError, to) - spending.spent(intervalError, from);
        return new Look(index, forks, a, 1 - 2 * g, last);
    }

    /**
     * The comparison to run at a look: the given one at the look's alpha and interval level.
     *
     * @param compare the comparison as the user asked for it (test, unit, threshold, bootstrap)
     * @param look the look
     * @return the comparison for this look
     */
    public Compare compareAt(Compare compare, Look look) {
        return compare.withAlpha(look.alpha()).withConfidenceLevel(look.confidenceLevel());
    }

    /**
     * Whether a benchmark's verdict is settled at this look (or in any comparison: compare's JSON says it
     * for every benchmark).
     *
     * @param r a comparison made by {@link #compareAt}, or any other
     * @param thresholdRel the threshold of practical significance, e.g. 0.01
     * @return {@code slower} or {@code faster} where the comparison says so; {@code same} where the
     *         ratio's interval lies wholly inside {@code (1 - thresholdRel, 1 + thresholdRel)} and the test
     *         could have flagged a change (a finite {@link BenchmarkComparison#mdc() MDC}: with fewer forks
     *         than that, 7 a side at alpha 0.001, no verdict but {@code same} is possible, and an interval of
     *         so few fork medians says little); empty otherwise (more forks could tell)
     */
    public static Optional<Verdict> settled(BenchmarkComparison r, double thresholdRel) {
        if (r.verdict() != Verdict.SAME) {
            return Optional.of(r.verdict());
        }
        Interval interval = r.ratioInterval();
        if (interval.isDefined() && Double.isFinite(r.mdc()) && interval.lower() > 1 - thresholdRel
                && interval.upper() < 1 + thresholdRel) {
            return Optional.of(Verdict.SAME);
        }
        return Optional.empty();
    }

    /**
     * Whether every benchmark of a comparison is settled ({@link #settled}).
     *
     * @param report a comparison made by {@link #compareAt}
     * @return true if no benchmark needs more forks
     */
    public static boolean allSettled(CompareReport report) {
        return report.results().stream().allMatch(r -> settled(r, report.thresholdRel()).isPresent());
    }

    /**
     * The fewest forks a side with which a rank test of fork medians can reject at {@code alpha}: the
     * first {@code n} whose permutation floor {@code 1 / C(2n, n)} is below it (7 for 0.001).
     *
     * @param alpha the significance level of a one-sided test, in (0, 1)
     * @return at least 2
     */
    public static int fewestForks(double alpha) {
        if (!(alpha > 0 && alpha < 1)) {
            throw new IllegalArgumentException("alpha must be in (0, 1), got " + alpha);
        }
        int n = 2;
        while (Compare.permutationFloor(n, n) >= alpha) {
            n++;
        }
        return n;
    }

    /**
     * Forks a side at which a benchmark's minimal detectable change would reach a target, as the MDC
     * falls with the square root of the forks: {@code ceil(n (mdc / target)^2)}, and never fewer than
     * the forks whose permutation floor is below {@code alpha}.
     *
     * @param r a comparison
     * @param target the relative change to detect, e.g. 0.01
     * @param alpha the significance level of each one-sided test
     * @return forks (or values) a side; empty where the MDC is not finite (a zero median, or too few
     *         forks for any test to reject)
     */
    public static OptionalInt forksFor(BenchmarkComparison r, double target, double alpha) {
        if (!Double.isFinite(r.mdc()) || !(target > 0)) {
            return OptionalInt.empty();
        }
        int least = fewestForks(alpha);
        double ratio = r.mdc() / target;
        double forks = Math.ceil(Math.min(r.nBase(), r.nNew()) * ratio * ratio);
        return OptionalInt.of((int) Math.max(least, Math.min(Integer.MAX_VALUE, forks)));
    }
}

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

import dev.kbench.api.InputException;
import dev.kbench.api.SampleRecord;
import dev.kbench.api.internal.Quantiles;
import dev.kbench.stats.internal.Decimals;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.apache.commons.numbers.combinatorics.BinomialCoefficientDouble;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * Compares two sets of samples benchmark by benchmark, {@code kbench compare BASE.csv NEW.csv}
 * (docs/formats.md §3). Immutable: start from {@link #withDefaults()} and derive with the
 * {@code with...} methods, each of which validates its argument. Thread-safe.
 *
 * {@snippet :
 * CompareReport report = Compare.withDefaults()
 *         .with(TestMethod.MANN_WHITNEY_U)
 *         .withAlpha(0.01)
 *         .compare(SamplesCsv.read(basePath), SamplesCsv.read(newPath));
 * boolean regression = report.count(Verdict.SLOWER) > 0;
 * }
 *
 * <p>For each benchmark ({@code benchmark}, {@code params}) present in both inputs, the values to
 * test are the samples (default) or the per-repetition means ({@link Aggregation}); the test gives a
 * statistic and three p-values, SciPy's wherever SciPy's are finite; the verdict comes from the two
 * one-sided p-values at alpha, as benchstats does: {@code pvalue_less < alpha} is
 * {@link Verdict#SLOWER}, {@code pvalue_greater < alpha} {@link Verdict#FASTER}, both or neither
 * {@link Verdict#SAME}. The effect size is the ratio of medians with a bootstrap confidence interval;
 * with repetition means, a permutation check reports how stable the verdict is. Randomness is seeded
 * per benchmark from {@link #withSeed(long)} and the benchmark's identity, so a report does not depend
 * on the order of the benchmarks, nor on the threads: many benchmarks are compared in parallel on the
 * common fork-join pool.
 */
public final class Compare {

    /** The default significance level, benchstats' and kbench's. */
    public static final double DEFAULT_ALPHA = 0.001;
    /** The default number of bootstrap replicates of the ratio of medians. */
    public static final int DEFAULT_BOOTSTRAP_RESAMPLES = 1000;
    /** The most bootstrap replicates {@link #withBootstrapResamples(int)} accepts (8 MB per benchmark). */
    public static final int MAX_BOOTSTRAP_RESAMPLES = 1_000_000;
    /** The default number of shuffles of the stability check. */
    public static final int DEFAULT_STABILITY_SHUFFLES = 1000;
    /** The default share of shuffles that must agree with the verdict for it to count as stable. */
    public static final double DEFAULT_STABILITY_THRESHOLD = 0.95;
    /** The default confidence level of the ratio's interval. */
    public static final double DEFAULT_CONFIDENCE_LEVEL = 0.95;
    /** The default seed. */
    public static final long DEFAULT_SEED = 0x6b62656e6368L;
    /** Fewer tested values than this on a side earn a note, as benchstats warns. */
    public static final int FEW_VALUES = 10;

    /**
     * The default practical-significance threshold: 1 %, Criterion.rs' noise threshold, three times
     * the between-process spread of medians measured at large sizes and below the smallest change
     * worth a CI failure.
     */
    public static final double DEFAULT_THRESHOLD = 0.01;
    /** The power at which the minimal detectable change is defined. */
    public static final double MDC_POWER = 0.8;
    /**
     * How far apart the two sides' median SM clocks may be before a comparison says so: 1%, the default
     * practical threshold ({@link #DEFAULT_THRESHOLD}), since a compute-bound kernel's time follows the clock;
     * and more than one step of NVIDIA's clock table (15 MHz, 0.76% of the H200's 1980 MHz), so two runs a
     * step apart, as boost clocks wander, are not called different.
     */
    public static final double CLOCK_TOLERANCE = 0.01;

    private static final NormalDistribution STANDARD_NORMAL = NormalDistribution.of(0, 1);
    private static final int PARALLEL_THRESHOLD = 16;
    private static final Compare DEFAULT = new Compare(new Settings());

    /** The fewest forks a side for the note on fork medians that sit on a timer's steps. */
    static final int STEPS_FORKS = 20;

    private final TestMethod method;
    private final BrunnerMunzelTest.Distribution distribution;
    private final double alpha;
    private final Correction correction;
    private final Unit unit;
    private final Center center;
    private final double thresholdRel;
    private final int bootstrapResamples;
    private final double confidenceLevel;
    private final int stabilityShuffles;
    private final double stabilityThreshold;
    private final long seed;
    private final TwoSampleTest test;

    /**
     * The settings of a comparison while one is derived from another: each {@code with...} copies them,
     * changes one and builds a new comparison, so a new setting is added in one place.
     */
    private static final class Settings {
        TestMethod method = TestMethod.BRUNNER_MUNZEL;
        BrunnerMunzelTest.Distribution distribution = BrunnerMunzelTest.Distribution.T;
        double alpha = DEFAULT_ALPHA;
        Correction correction = Correction.NONE;
        Unit unit = Unit.AUTO;
        Center center = Center.DEFAULT;
        double thresholdRel = DEFAULT_THRESHOLD;
        int bootstrapResamples = DEFAULT_BOOTSTRAP_RESAMPLES;
        double confidenceLevel = DEFAULT_CONFIDENCE_LEVEL;
        int stabilityShuffles = DEFAULT_STABILITY_SHUFFLES;
        double stabilityThreshold = DEFAULT_STABILITY_THRESHOLD;
        long seed = DEFAULT_SEED;

        /** The defaults. */
        Settings() {
        }

        /** A copy of {@code c}'s settings. */
        Settings(Compare c) {
            method = c.method;
            distribution = c.distribution;
            alpha = c.alpha;
            correction = c.correction;
            unit = c.unit;
            center = c.center;
            thresholdRel = c.thresholdRel;
            bootstrapResamples = c.bootstrapResamples;
            confidenceLevel = c.confidenceLevel;
            stabilityShuffles = c.stabilityShuffles;
            stabilityThreshold = c.stabilityThreshold;
            seed = c.seed;
        }
    }

    private Compare(Settings s) {
        this.method = s.method;
        this.distribution = s.distribution;
        this.alpha = s.alpha;
        this.correction = s.correction;
        this.unit = s.unit;
        this.center = s.center;
        this.thresholdRel = s.thresholdRel;
        this.bootstrapResamples = s.bootstrapResamples;
        this.confidenceLevel = s.confidenceLevel;
        this.stabilityShuffles = s.stabilityShuffles;
        this.stabilityThreshold = s.stabilityThreshold;
        this.seed = s.seed;
        this.test = method.test(distribution);
    }

    /** A comparison with this one's settings, changed by {@code change}. */
    private Compare changed(Consumer<Settings> change) {
        Settings s = new Settings(this);
        change.accept(s);
        return new Compare(s);
    }

    /**
     * The defaults of docs/formats.md §3: Brunner-Munzel on the t distribution, alpha 0.001, no
     * correction, raw samples, 1000 bootstrap replicates at 95 %, 1000 stability shuffles (used with
     * repetition means) with threshold 0.95.
     *
     * @return the default comparison
     */
    public static Compare withDefaults() {
        return DEFAULT;
    }

    /**
     * With another test.
     *
     * @param m the method
     * @return a new comparison
     */
    public Compare with(TestMethod m) {
        TestMethod checked = Objects.requireNonNull(m, "method");
        return changed(s -> s.method = checked);
    }

    /**
     * With another p-value distribution for Brunner-Munzel (ignored by the other methods).
     *
     * @param d the distribution
     * @return a new comparison
     */
    public Compare with(BrunnerMunzelTest.Distribution d) {
        BrunnerMunzelTest.Distribution checked = Objects.requireNonNull(d, "distribution");
        return changed(s -> s.distribution = checked);
    }

    /**
     * With another multiple-comparison correction.
     *
     * @param c the correction
     * @return a new comparison
     */
    public Compare with(Correction c) {
        Correction checked = Objects.requireNonNull(c, "correction");
        return changed(s -> s.correction = checked);
    }

    /**
     * With another aggregation of the samples.
     *
     * @param a the aggregation
     * @return a new comparison
     */
    public Compare with(Aggregation a) {
        Unit checked = Objects.requireNonNull(a, "aggregation").unit();
        return changed(s -> s.unit = checked);
    }

    /**
     * With another significance level.
     *
     * @param a the level, in (0, 1)
     * @return a new comparison
     * @throws IllegalArgumentException if {@code a} is not in (0, 1)
     */
    public Compare withAlpha(double a) {
        double checked = checkAlpha(a);
        return changed(s -> s.alpha = checked);
    }

    /**
     * With another number of bootstrap replicates for the ratio's interval.
     *
     * @param resamples the count, 0 to skip the interval (its bounds are then NaN), at most
     *        {@link #MAX_BOOTSTRAP_RESAMPLES}
     * @return a new comparison
     * @throws IllegalArgumentException if {@code resamples} is negative or above the maximum
     */
    public Compare withBootstrapResamples(int resamples) {
        if (resamples > MAX_BOOTSTRAP_RESAMPLES) {
            throw new IllegalArgumentException("bootstrap resamples must be at most " + MAX_BOOTSTRAP_RESAMPLES
                    + ", got " + resamples);
        }
        int checked = checkCount("bootstrap resamples", resamples);
        return changed(s -> s.bootstrapResamples = checked);
    }

    /**
     * With another confidence level for the ratio's interval.
     *
     * @param level the level, in (0, 1), e.g. 0.95
     * @return a new comparison
     * @throws IllegalArgumentException if {@code level} is not in (0, 1)
     */
    public Compare withConfidenceLevel(double level) {
        double checked = checkLevel("confidence level", level);
        return changed(s -> s.confidenceLevel = checked);
    }

    /**
     * The confidence level of the ratio's interval.
     *
     * @return in (0, 1); {@value #DEFAULT_CONFIDENCE_LEVEL} unless {@link #withConfidenceLevel} changed it
     */
    public double confidenceLevel() {
        return confidenceLevel;
    }

    /**
     * With another number of shuffles for the stability check.
     *
     * @param shuffles the count, 0 to skip the check
     * @return a new comparison
     * @throws IllegalArgumentException if {@code shuffles} is negative
     */
    public Compare withStabilityShuffles(int shuffles) {
        int checked = checkCount("stability shuffles", shuffles);
        return changed(s -> s.stabilityShuffles = checked);
    }

    /**
     * With another share of shuffles that must agree with the verdict for it to be stable.
     *
     * @param threshold the share, in (0, 1]
     * @return a new comparison
     * @throws IllegalArgumentException if {@code threshold} is not in (0, 1]
     */
    public Compare withStabilityThreshold(double threshold) {
        if (!(threshold > 0 && threshold <= 1)) {
            throw new IllegalArgumentException("stability threshold must be in (0, 1], got " + threshold);
        }
        return changed(s -> s.stabilityThreshold = threshold);
    }

    /**
     * With another seed for the bootstrap and the shuffles.
     *
     * @param s the seed
     * @return a new comparison
     */
    public Compare withSeed(long s) {
        return changed(settings -> settings.seed = s);
    }

    /**
     * The test this comparison runs.
     *
     * @return the test
     */
    public TwoSampleTest test() {
        return test;
    }

    /**
     * With another unit of the test.
     *
     * @param u the unit; {@link Unit#AUTO} (the default) tests forks where each side has at least 2
     * @return a new comparison
     */
    public Compare with(Unit u) {
        Unit checked = Objects.requireNonNull(u, "unit");
        return changed(s -> s.unit = checked);
    }

    /**
     * With another center of the fork medians ({@link Center}): the base and new values, the ratio and its
     * interval of benchmarks tested with the fork unit; samples and repetitions tested always use the median.
     *
     * @param c the center; {@link Center#MEDIAN} is the default
     * @return a new comparison
     */
    public Compare with(Center c) {
        Center checked = Objects.requireNonNull(c, "center");
        return changed(s -> s.center = checked);
    }

    /**
     * With another practical-significance threshold: a benchmark is slower only when the test says so
     * and the ratio's confidence interval lies entirely above {@code 1 + threshold} (faster: below
     * {@code 1 - threshold}).
     *
     * @param threshold the relative change, in [0, 1), e.g. 0.01 for 1 %; 0 lets the test alone decide
     * @return a new comparison
     * @throws IllegalArgumentException if {@code threshold} is not in [0, 1)
     */
    public Compare withThreshold(double threshold) {
        if (!(threshold >= 0 && threshold < 1)) {
            throw new IllegalArgumentException("threshold must be in [0, 1), got " + threshold + "; the default is "
                    + DEFAULT_THRESHOLD);
        }
        return changed(s -> s.thresholdRel = threshold);
    }

    /**
     * Compares every benchmark present in both inputs.
     *
     * @param base the base samples, e.g. of the main branch
     * @param next the new samples, e.g. of a pull request
     * @return the report
     * @throws InputException naming the benchmark if one has fewer than 2 values to test on
     *         a side, lacks repetition indices with {@link Unit#REPETITION}, or has fewer than 2 forks
     *         on a side with {@link Unit#FORK}; a {@link SamplesFormatException} if a sample repeats
     */
    public CompareReport compare(List<SampleRecord> base, List<SampleRecord> next) {
        return compare(SampleSet.of(base), SampleSet.of(next));
    }

    /**
     * Compares every benchmark present in both inputs.
     *
     * @param base the base samples, e.g. of the main branch
     * @param next the new samples, e.g. of a pull request
     * @return the report
     * @throws InputException as {@link #compare(List, List)}
     */
    public CompareReport compare(SampleSet base, SampleSet next) {
        Map<BenchmarkId, SampleSet.Series> baseGroups = base.series();
        Map<BenchmarkId, SampleSet.Series> nextGroups = next.series();
        List<BenchmarkId> common = new ArrayList<>();
        List<BenchmarkId> onlyInBase = new ArrayList<>();
        for (BenchmarkId id : baseGroups.keySet()) {
            (nextGroups.containsKey(id) ? common : onlyInBase).add(id);
        }
        List<BenchmarkId> onlyInNew = nextGroups.keySet().stream().filter(id -> !baseGroups.containsKey(id))
                .sorted(BenchmarkId.ORDER).toList();
        common.sort(BenchmarkId.ORDER); // rows in a fixed order, whatever order the runs wrote them in
        onlyInBase.sort(BenchmarkId.ORDER);

        double level = correction == Correction.BONFERRONI && !common.isEmpty() ? alpha / common.size() : alpha;
        IntStream indices = IntStream.range(0, common.size());
        if (common.size() >= PARALLEL_THRESHOLD) {
            indices = indices.parallel();
        }
        List<BenchmarkComparison> results = indices
                .mapToObj(i -> {
                    BenchmarkId id = common.get(i);
                    return compareOne(id, baseGroups.get(id), nextGroups.get(id), level);
                })
                .toList();
        return new CompareReport(method, distribution, unit, alpha, correction, level, thresholdRel, center,
                results, onlyInBase, onlyInNew);
    }

    /** The median SM clock of a side's samples, NaN if one has none. */
    static double medianClock(SampleSet.Series samples) {
        double[] clocks = samples.smClockMHz();
        for (double c : clocks) {
            if (Double.isNaN(c)) {
                return Double.NaN;
            }
        }
        return Quantiles.of(clocks, 0.5);
    }

    /** Each sample's cycles in units of ms x MHz (1000 cycles): its time times its repetition's clock. */
    static double[] cycles(SampleSet.Series samples) {
        double[] cycles = new double[samples.size()];
        for (int i = 0; i < cycles.length; i++) {
            cycles[i] = samples.timesMillis()[i] * samples.smClockMHz()[i];
        }
        return cycles;
    }

    private BenchmarkComparison compareOne(BenchmarkId id, SampleSet.Series baseSamples,
                                           SampleSet.Series nextSamples, double level) {
        Unit resolved = unit;
        if (unit == Unit.AUTO) {
            resolved = baseSamples.forkCount() >= Unit.FEWEST_FORKS && nextSamples.forkCount() >= Unit.FEWEST_FORKS
                    ? Unit.FORK : Unit.SAMPLE;
        }
        Values base = values(id, "base", baseSamples, resolved);
        Values next = values(id, "new", nextSamples, resolved);
        List<String> notes = new ArrayList<>();
        FiniteResult finite = FiniteResult.of(test.test(base.tested, next.tested), base.tested, next.tested);
        finite.note().ifPresent(notes::add);
        TestResult result = finite.result();
        double floor = 0;
        if (resolved == Unit.FORK) {
            floor = permutationFloor(base.tested.length, next.tested.length);
            result = new TestResult(result.statistic(), Math.min(1, Math.max(result.pValueTwoSided(), 2 * floor)),
                    Math.max(result.pValueLess(), floor), Math.max(result.pValueGreater(), floor));
        }
        Verdict tested = result.verdict(level);
        if (base.tested.length < FEW_VALUES || next.tested.length < FEW_VALUES) {
            notes.add("fewer than " + FEW_VALUES + " values (base " + base.tested.length + ", new "
                    + next.tested.length + "): the test has little power; take more " + switch (resolved) {
                        case FORK -> "forks";
                        case REPETITION -> "repetitions";
                        default -> "samples";
                    });
        }
        if (resolved == Unit.FORK && !(floor < level)) {
            notes.add(String.format(Locale.ROOT, "no verdict but same is possible: with %d and %d forks the least"
                    + " one-sided p-value, 1/C(%d, %d) = %.2g, is not below alpha %s; %d forks a side are the least that"
                    + " can reach it", base.tested.length, next.tested.length, base.tested.length + next.tested.length,
                    Math.min(base.tested.length, next.tested.length), floor, Decimals.plain(level),
                    leastForks(level)));
        }

        Center used = resolved == Unit.FORK ? center : Center.MEDIAN;
        double medianBase = Center.MEDIAN.of(base.tested);
        double medianNext = Center.MEDIAN.of(next.tested);
        double centerBase = used == Center.MEDIAN ? medianBase : used.of(base.tested);
        double centerNext = used == Center.MEDIAN ? medianNext : used.of(next.tested);
        double ratio = MedianBootstrap.ratio(centerNext, centerBase);
        SplittableRandom random = new SplittableRandom(mix(seed, id));
        Interval interval;
        if (bootstrapResamples == 0) {
            interval = new Interval(Double.NaN, Double.NaN, confidenceLevel);
        } else if (resolved == Unit.FORK) {
            interval = MedianBootstrap.hierarchicalRatioInterval(base.pooled, base.sizes, next.pooled, next.sizes,
                    used, bootstrapResamples, confidenceLevel, random.split());
        } else {
            interval = MedianBootstrap.ratioInterval(base.tested, next.tested, bootstrapResamples, confidenceLevel,
                    random.split());
        }

        Verdict verdict = practical(tested, ratio, interval);
        if (verdict != tested) {
            notes.add(String.format(Locale.ROOT, "within the threshold: the test says %s, but the ratio's interval"
                    + " is not entirely beyond %s%.4g%%", tested.jsonName(), tested == Verdict.SLOWER ? "+" : "-",
                    100 * thresholdRel));
        }
        if (used == Center.MEDIAN && resolved == Unit.FORK) {
            steps(base.tested, next.tested, centerBase).ifPresent(notes::add);
        }
        double mdc = floor >= level ? Double.POSITIVE_INFINITY
                : minimalDetectableChange(base.tested, next.tested, centerBase, level);

        Optional<Stability> stability = Optional.empty();
        if (resolved == Unit.REPETITION && stabilityShuffles > 0) {
            Stability s = stability(base, next, tested, level, random.split());
            if (!s.stable()) {
                notes.add(String.format(Locale.ROOT,
                        "unstable: only %.1f%% of %d shuffles across repetitions agree with '%s'; the outcome"
                                + " depends on run order (drift or interference); interleave and repeat the runs",
                        100 * s.agreement(), s.shuffles(), tested.jsonName()));
            }
            stability = Optional.of(s);
        }
        double clockBase = medianClock(baseSamples);
        double clockNext = medianClock(nextSamples);
        double cyclesRatio = Double.isNaN(clockBase) || Double.isNaN(clockNext) ? Double.NaN
                : MedianBootstrap.ratio(Quantiles.of(cycles(nextSamples), 0.5), Quantiles.of(cycles(baseSamples), 0.5));
        if (Math.abs(clockNext / clockBase - 1) > CLOCK_TOLERANCE) {
            notes.add(String.format(Locale.ROOT, "the SM clocks differ: base ran at %s MHz, new at %s MHz (medians,"
                    + " %+.1f%%); the time's change may be the clock's: in cycles it is %+.2f%% (--per-clock)",
                    Decimals.plain(clockBase),
                    Decimals.plain(clockNext), 100 * (clockNext / clockBase - 1),
                    100 * (cyclesRatio - 1)));
        }
        return new BenchmarkComparison(id, base.tested.length, next.tested.length, baseSamples.size(),
                nextSamples.size(), medianBase, medianNext, centerBase, centerNext, ratio, interval, result, verdict, stability, notes,
                resolved, baseSamples.forkCount(), nextSamples.forkCount(), tested, mdc, clockBase, clockNext,
                cyclesRatio);
    }

    /**
     * The verdict of practical significance: the test's, where the ratio's interval (the ratio itself
     * without a bootstrap) lies entirely beyond the threshold in the test's direction, else same.
     */
    private Verdict practical(Verdict tested, double ratio, Interval interval) {
        if (thresholdRel == 0) {
            return tested;
        }
        double lower = interval.isDefined() ? interval.lower() : ratio;
        double upper = interval.isDefined() ? interval.upper() : ratio;
        return switch (tested) {
            case SLOWER -> lower > 1 + thresholdRel ? Verdict.SLOWER : Verdict.SAME;
            case FASTER -> upper < 1 - thresholdRel ? Verdict.FASTER : Verdict.SAME;
            case SAME -> Verdict.SAME;
        };
    }

    /**
     * The smallest one-sided p-value any rank test can give {@code nx} and {@code ny} values: that of
     * complete separation, one arrangement of {@code C(nx + ny, nx)} equally likely ones,
     * {@code scipy.stats.mannwhitneyu(x, y, method='exact', alternative='less')} for separated samples.
     *
     * @param nx the base values
     * @param ny the new values
     * @return {@code 1 / C(nx + ny, nx)}
     */
    static double permutationFloor(int nx, int ny) {
        return 1 / BinomialCoefficientDouble.value(nx + ny, Math.min(nx, ny));
    }

    /**
     * The fewest forks a side whose {@link #permutationFloor} is below {@code level}: 7 for 0.001, 5 for 0.01.
     *
     * @param level a one-sided level in (0, 1)
     * @return the forks a side
     */
    static int leastForks(double level) {
        int forks = 1;
        while (!(permutationFloor(forks, forks) < level)) {
            forks++;
        }
        return forks;
    }

    /**
     * A note where the fork medians sit on a few values a sizable step apart, as a GPU timer's steps make them
     * for a kernel of a few microseconds: the median of such values, its ratio and its interval move in
     * whole steps. Said where at least {@value #STEPS_FORKS} forks a side take at most one distinct value in
     * eight and the smallest gap between them is at least a quarter of the threshold.
     */
    private Optional<String> steps(double[] base, double[] next, double center) {
        if (base.length < STEPS_FORKS || next.length < STEPS_FORKS || !(center > 0) || thresholdRel == 0) {
            return Optional.empty();
        }
        double[] all = IntStream.range(0, base.length + next.length)
                .mapToDouble(i -> i < base.length ? base[i] : next[i - base.length]).sorted().distinct().toArray();
        double step = Double.POSITIVE_INFINITY;
        for (int i = 1; i < all.length; i++) {
            step = Math.min(step, all[i] - all[i - 1]);
        }
        if (all.length < 2 || all.length > (base.length + next.length) / 8 || step / center < thresholdRel / 4) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "the fork medians take %d values, %.2g%% apart at the least"
                + " (a timer's steps?): the median's ratio and interval move in such steps; --center trimmed_mean"
                + " narrows between them", all.length, 100 * step / center));
    }

    /**
     * The minimal detectable change: the relative shift of the median that a one-sided test at
     * {@code level} detects with {@link #MDC_POWER} power, by the normal approximation
     * {@code (z(1 - level) + z(power)) * sqrt(sb^2 / nb + sn^2 / nn) / median(base)}, with {@code s}
     * each side's robust spread of the tested values, 1.4826 times their median absolute deviation.
     *
     * @return the relative change, e.g. 0.004 for 0.4 %; infinite for a zero base median
     */
    static double minimalDetectableChange(double[] base, double[] next, double medianBase, double level) {
        double sb = Summarizer.MAD_TO_SIGMA * Summarizer.mad(base);
        double sn = Summarizer.MAD_TO_SIGMA * Summarizer.mad(next);
        double z = STANDARD_NORMAL.inverseCumulativeProbability(1 - level)
                + STANDARD_NORMAL.inverseCumulativeProbability(MDC_POWER);
        double se = Math.sqrt(sb * sb / base.length + sn * sn / next.length);
        return medianBase > 0 ? z * se / medianBase : Double.POSITIVE_INFINITY;
    }

    private Stability stability(Values base, Values next, Verdict verdict, double level, SplittableRandom random) {
        double[] basePool = base.pooled.clone();
        double[] nextPool = next.pooled.clone();
        int agree = 0;
        for (int i = 0; i < stabilityShuffles; i++) {
            shuffle(basePool, random);
            shuffle(nextPool, random);
            double[] b = means(basePool, base.sizes);
            double[] n = means(nextPool, next.sizes);
            if (FiniteResult.of(test.test(b, n), b, n).result().verdict(level) == verdict) {
                agree++;
            }
        }
        double share = (double) agree / stabilityShuffles;
        return new Stability(stabilityShuffles, share, share >= stabilityThreshold);
    }

    private static void shuffle(double[] a, SplittableRandom random) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            double t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    private static double[] means(double[] pooled, int[] sizes) {
        double[] means = new double[sizes.length];
        int from = 0;
        for (int r = 0; r < sizes.length; r++) {
            means[r] = NumPy.mean(Arrays.copyOfRange(pooled, from, from + sizes[r]));
            from += sizes[r];
        }
        return means;
    }

    private static double[] medians(double[] pooled, int[] sizes) {
        double[] medians = new double[sizes.length];
        int from = 0;
        for (int r = 0; r < sizes.length; r++) {
            medians[r] = Quantiles.of(Arrays.copyOfRange(pooled, from, from + sizes[r]), 0.5);
            from += sizes[r];
        }
        return medians;
    }

    /**
     * The values of one side: tested (samples, repetition means or fork medians), the samples in run
     * order, and the size of each repetition (or fork) within them.
     */
    private record Values(double[] tested, double[] pooled, int[] sizes) {
    }

    private static Values values(BenchmarkId id, String side, SampleSet.Series samples, Unit unit) {
        double[] times = samples.timesMillis();
        Values v = switch (unit) {
            case SAMPLE, AUTO -> new Values(times, times, new int[] {times.length});
            case REPETITION -> {
                for (int r : samples.repetitions()) {
                    if (r < 0) {
                        throw new InputException("benchmark '" + id + "' has samples without a repetition"
                                + " index in the " + side + " samples; the repetition unit needs the repetition"
                                + " column (or compare the raw samples)");
                    }
                }
                int[] sizes = samples.runSizes(true);
                yield new Values(means(times, sizes), times, sizes);
            }
            case FORK -> {
                if (samples.forkCount() < Unit.FEWEST_FORKS) {
                    throw new InputException("benchmark '" + id + "' has " + samples.forkCount()
                            + " fork in the " + side + " samples; the fork unit needs at least " + Unit.FEWEST_FORKS
                            + " forks on each side"
                            + " (measure with --forks, or test samples)");
                }
                int[] sizes = samples.runSizes(false);
                yield new Values(medians(times, sizes), times, sizes);
            }
        };
        if (v.tested.length < 2) {
            throw new InputException("benchmark '" + id + "' has " + v.tested.length + " "
                    + (unit == Unit.REPETITION ? "repetition(s)" : "sample(s)") + " in the "
                    + side + " samples; a comparison needs at least 2 on each side");
        }
        return v;
    }

    /** A per-benchmark seed: SplitMix64's finaliser over the seed and the identity's hash. */
    private static long mix(long seed, BenchmarkId id) {
        long z = seed + 0x9E3779B97F4A7C15L * (id.benchmark().hashCode() * 31L + id.params().hashCode() + 1);
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    static double checkAlpha(double a) {
        if (!(a > 0 && a < 1)) {
            throw new IllegalArgumentException("alpha must be in (0, 1), got " + a + "; the default is " + DEFAULT_ALPHA);
        }
        return a;
    }

    private static double checkLevel(String what, double level) {
        if (!(level > 0 && level < 1)) {
            throw new IllegalArgumentException(what + " must be in (0, 1), got " + level + "; e.g. 0.95");
        }
        return level;
    }

    private static int checkCount(String what, int count) {
        if (count < 0) {
            throw new IllegalArgumentException(what + " must be >= 0, got " + count);
        }
        return count;
    }
}

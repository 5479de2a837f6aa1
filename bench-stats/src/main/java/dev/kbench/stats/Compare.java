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

import dev.kbench.api.Quantiles;
import dev.kbench.api.SampleRecord;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.stream.IntStream;

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

    private static final int PARALLEL_THRESHOLD = 16;
    private static final Compare DEFAULT = new Compare(TestMethod.BRUNNER_MUNZEL, BrunnerMunzelTest.Distribution.T,
            DEFAULT_ALPHA, Correction.NONE, Aggregation.SAMPLES, DEFAULT_BOOTSTRAP_RESAMPLES,
            DEFAULT_CONFIDENCE_LEVEL, DEFAULT_STABILITY_SHUFFLES, DEFAULT_STABILITY_THRESHOLD, DEFAULT_SEED);

    private final TestMethod method;
    private final BrunnerMunzelTest.Distribution distribution;
    private final double alpha;
    private final Correction correction;
    private final Aggregation aggregation;
    private final int bootstrapResamples;
    private final double confidenceLevel;
    private final int stabilityShuffles;
    private final double stabilityThreshold;
    private final long seed;
    private final TwoSampleTest test;

    private Compare(TestMethod method, BrunnerMunzelTest.Distribution distribution, double alpha,
                    Correction correction, Aggregation aggregation, int bootstrapResamples,
                    double confidenceLevel, int stabilityShuffles, double stabilityThreshold, long seed) {
        this.method = method;
        this.distribution = distribution;
        this.alpha = alpha;
        this.correction = correction;
        this.aggregation = aggregation;
        this.bootstrapResamples = bootstrapResamples;
        this.confidenceLevel = confidenceLevel;
        this.stabilityShuffles = stabilityShuffles;
        this.stabilityThreshold = stabilityThreshold;
        this.seed = seed;
        this.test = method.test(distribution);
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
        return new Compare(Objects.requireNonNull(m, "method"), distribution, alpha, correction, aggregation,
                bootstrapResamples, confidenceLevel, stabilityShuffles, stabilityThreshold, seed);
    }

    /**
     * With another p-value distribution for Brunner-Munzel (ignored by the other methods).
     *
     * @param d the distribution
     * @return a new comparison
     */
    public Compare with(BrunnerMunzelTest.Distribution d) {
        return new Compare(method, Objects.requireNonNull(d, "distribution"), alpha, correction, aggregation,
                bootstrapResamples, confidenceLevel, stabilityShuffles, stabilityThreshold, seed);
    }

    /**
     * With another multiple-comparison correction.
     *
     * @param c the correction
     * @return a new comparison
     */
    public Compare with(Correction c) {
        return new Compare(method, distribution, alpha, Objects.requireNonNull(c, "correction"), aggregation,
                bootstrapResamples, confidenceLevel, stabilityShuffles, stabilityThreshold, seed);
    }

    /**
     * With another aggregation of the samples.
     *
     * @param a the aggregation
     * @return a new comparison
     */
    public Compare with(Aggregation a) {
        return new Compare(method, distribution, alpha, correction, Objects.requireNonNull(a, "aggregation"),
                bootstrapResamples, confidenceLevel, stabilityShuffles, stabilityThreshold, seed);
    }

    /**
     * With another significance level.
     *
     * @param a the level, in (0, 1)
     * @return a new comparison
     * @throws IllegalArgumentException if {@code a} is not in (0, 1)
     */
    public Compare withAlpha(double a) {
        return new Compare(method, distribution, checkAlpha(a), correction, aggregation,
                bootstrapResamples, confidenceLevel, stabilityShuffles, stabilityThreshold, seed);
    }

    /**
     * With another number of bootstrap replicates for the ratio's interval.
     *
     * @param resamples the count, 0 to skip the interval (its bounds are then NaN)
     * @return a new comparison
     * @throws IllegalArgumentException if {@code resamples} is negative
     */
    public Compare withBootstrapResamples(int resamples) {
        return new Compare(method, distribution, alpha, correction, aggregation,
                checkCount("bootstrap resamples", resamples), confidenceLevel, stabilityShuffles,
                stabilityThreshold, seed);
    }

    /**
     * With another confidence level for the ratio's interval.
     *
     * @param level the level, in (0, 1), e.g. 0.95
     * @return a new comparison
     * @throws IllegalArgumentException if {@code level} is not in (0, 1)
     */
    public Compare withConfidenceLevel(double level) {
        return new Compare(method, distribution, alpha, correction, aggregation, bootstrapResamples,
                checkLevel("confidence level", level), stabilityShuffles, stabilityThreshold, seed);
    }

    /**
     * With another number of shuffles for the stability check.
     *
     * @param shuffles the count, 0 to skip the check
     * @return a new comparison
     * @throws IllegalArgumentException if {@code shuffles} is negative
     */
    public Compare withStabilityShuffles(int shuffles) {
        return new Compare(method, distribution, alpha, correction, aggregation, bootstrapResamples,
                confidenceLevel, checkCount("stability shuffles", shuffles), stabilityThreshold, seed);
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
        return new Compare(method, distribution, alpha, correction, aggregation, bootstrapResamples,
                confidenceLevel, stabilityShuffles, threshold, seed);
    }

    /**
     * With another seed for the bootstrap and the shuffles.
     *
     * @param s the seed
     * @return a new comparison
     */
    public Compare withSeed(long s) {
        return new Compare(method, distribution, alpha, correction, aggregation, bootstrapResamples,
                confidenceLevel, stabilityShuffles, stabilityThreshold, s);
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
     * Compares every benchmark present in both inputs.
     *
     * @param base the base samples, e.g. of the main branch
     * @param next the new samples, e.g. of a pull request
     * @return the report
     * @throws IllegalArgumentException naming the benchmark if one has fewer than 2 values to test on
     *         a side, or lacks repetition indices with {@link Aggregation#REPETITION_MEAN}
     */
    public CompareReport compare(List<SampleRecord> base, List<SampleRecord> next) {
        Map<BenchmarkId, List<SampleRecord>> baseGroups = group(base);
        Map<BenchmarkId, List<SampleRecord>> nextGroups = group(next);
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
        return new CompareReport(method, distribution, aggregation, alpha, correction, level, results,
                onlyInBase, onlyInNew);
    }

    private BenchmarkComparison compareOne(BenchmarkId id, List<SampleRecord> baseSamples,
                                           List<SampleRecord> nextSamples, double level) {
        Values base = values(id, "base", baseSamples);
        Values next = values(id, "new", nextSamples);
        List<String> notes = new ArrayList<>();
        FiniteResult finite = FiniteResult.of(test.test(base.tested, next.tested), base.tested, next.tested);
        finite.note().ifPresent(notes::add);
        Verdict verdict = finite.result().verdict(level);
        if (base.tested.length < FEW_VALUES || next.tested.length < FEW_VALUES) {
            notes.add("fewer than " + FEW_VALUES + " values (base " + base.tested.length + ", new "
                    + next.tested.length + "): the test has little power; take more "
                    + (aggregation == Aggregation.REPETITION_MEAN ? "repetitions" : "samples"));
        }

        double medianBase = Quantiles.of(base.tested, 0.5);
        double medianNext = Quantiles.of(next.tested, 0.5);
        SplittableRandom random = new SplittableRandom(mix(seed, id));
        Interval interval = bootstrapResamples == 0
                ? new Interval(Double.NaN, Double.NaN, confidenceLevel)
                : MedianBootstrap.ratioInterval(base.tested, next.tested, bootstrapResamples, confidenceLevel,
                        random.split());

        Optional<Stability> stability = Optional.empty();
        if (aggregation == Aggregation.REPETITION_MEAN && stabilityShuffles > 0) {
            Stability s = stability(base, next, verdict, level, random.split());
            if (!s.stable()) {
                notes.add(String.format(Locale.ROOT,
                        "unstable: only %.1f%% of %d shuffles across repetitions agree with '%s'; the outcome"
                                + " depends on run order (drift or interference); interleave and repeat the runs",
                        100 * s.agreement(), s.shuffles(), verdict.jsonName()));
            }
            stability = Optional.of(s);
        }
        return new BenchmarkComparison(id, base.tested.length, next.tested.length, baseSamples.size(),
                nextSamples.size(), medianBase, medianNext, MedianBootstrap.ratio(medianNext, medianBase),
                interval, finite.result(), verdict, stability, notes);
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
            double[] rep = new double[sizes[r]];
            System.arraycopy(pooled, from, rep, 0, sizes[r]);
            means[r] = NumPy.mean(rep);
            from += sizes[r];
        }
        return means;
    }

    /**
     * The values of one side: tested (samples or repetition means) and, for repetition means, the
     * samples pooled in repetition order with each repetition's size.
     */
    private record Values(double[] tested, double[] pooled, int[] sizes) {
    }

    private Values values(BenchmarkId id, String side, List<SampleRecord> samples) {
        Values v = switch (aggregation) {
            case SAMPLES -> {
                double[] t = samples.stream().mapToDouble(SampleRecord::timeMillis).toArray();
                yield new Values(t, t, new int[] {t.length});
            }
            case REPETITION_MEAN -> repetitionMeans(id, side, samples);
        };
        if (v.tested.length < 2) {
            throw new IllegalArgumentException("benchmark '" + id + "' has " + v.tested.length + " "
                    + (aggregation == Aggregation.REPETITION_MEAN ? "repetition(s)" : "sample(s)") + " in the "
                    + side + " samples; a comparison needs at least 2 on each side");
        }
        return v;
    }

    private static Values repetitionMeans(BenchmarkId id, String side, List<SampleRecord> samples) {
        TreeMap<Integer, List<SampleRecord>> reps = new TreeMap<>();
        for (SampleRecord r : samples) {
            if (r.repetition().isEmpty()) {
                throw new IllegalArgumentException("benchmark '" + id + "' has samples without a repetition index"
                        + " in the " + side + " samples; aggregation by repetition mean needs the repetition"
                        + " column (or compare the raw samples)");
            }
            reps.computeIfAbsent(r.repetition().getAsInt(), k -> new ArrayList<>()).add(r);
        }
        double[] means = new double[reps.size()];
        double[] pooled = new double[samples.size()];
        int[] sizes = new int[reps.size()];
        int r = 0;
        int at = 0;
        for (List<SampleRecord> rep : reps.values()) {
            double[] times = rep.stream().sorted(Comparator.comparingInt(SampleRecord::sample))
                    .mapToDouble(SampleRecord::timeMillis).toArray();
            means[r] = NumPy.mean(times);
            sizes[r] = times.length;
            System.arraycopy(times, 0, pooled, at, times.length);
            at += times.length;
            r++;
        }
        return new Values(means, pooled, sizes);
    }

    private static Map<BenchmarkId, List<SampleRecord>> group(List<SampleRecord> samples) {
        Map<BenchmarkId, List<SampleRecord>> groups = new LinkedHashMap<>();
        for (SampleRecord r : samples) {
            groups.computeIfAbsent(BenchmarkId.of(r), k -> new ArrayList<>()).add(r);
        }
        return groups;
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

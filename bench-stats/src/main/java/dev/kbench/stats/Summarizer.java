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

import dev.kbench.api.MeasurementWarning;
import dev.kbench.api.SampleRecord;
import dev.kbench.api.ThrottleReason;
import dev.kbench.api.internal.Quantiles;
import dev.kbench.stats.internal.Decimals;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.apache.commons.statistics.descriptive.DoubleStatistics;
import org.apache.commons.statistics.descriptive.Statistic;

/**
 * Summarises benchmark samples ({@code kbench summary}, docs/formats.md §4). Immutable: start from
 * {@link #withDefaults()} and derive with the {@code with...} methods, each of which validates its
 * argument. Thread-safe.
 *
 * {@snippet :
 * List<Summary> summaries = Summarizer.withDefaults()
 *         .withQuantiles("0.1", "0.5", "0.9")
 *         .summarize(SamplesCsv.read(path));
 * }
 *
 * <p>Mean and standard deviation come from Commons Statistics' descriptive statistics (two-pass,
 * within an ulp or two of NumPy's); quantiles, median and quartiles from
 * {@link Quantiles} (NumPy's {@code linear}).
 */
public final class Summarizer {

    /** The default quantiles, docs/formats.md §4's. */
    public static final List<String> DEFAULT_QUANTILES = List.of("0.2", "0.5", "0.8");
    /** Fewer samples than this earn a warning, as benchstats warns. */
    public static final int DEFAULT_MIN_SAMPLES = 10;
    /** Relative noise above this earns a warning. */
    public static final double DEFAULT_NOISE_THRESHOLD = 0.05;
    /** A leading sample this many times the median counts as not warmed up. */
    public static final double DEFAULT_WARMUP_FACTOR = 1.5;
    /** The default confidence level of the median's interval. */
    public static final double DEFAULT_CONFIDENCE_LEVEL = 0.95;
    /** MAD times this estimates the standard deviation of normal data: 1 / Phi^-1(3/4). */
    static final double MAD_TO_SIGMA = 1.482602218505602;

    private static final Set<Statistic> MOMENTS = Set.of(Statistic.MIN, Statistic.MAX, Statistic.MEAN,
            Statistic.STANDARD_DEVIATION);
    private static final Summarizer DEFAULT = new Summarizer(parse(DEFAULT_QUANTILES), DEFAULT_CONFIDENCE_LEVEL,
            DEFAULT_NOISE_THRESHOLD, DEFAULT_MIN_SAMPLES, DEFAULT_WARMUP_FACTOR);

    private final List<Probability> quantiles;
    private final double confidenceLevel;
    private final double noiseThreshold;
    private final int minSamples;
    private final double warmupFactor;

    private record Probability(String label, double value) {
    }

    private Summarizer(List<Probability> quantiles, double confidenceLevel, double noiseThreshold, int minSamples,
                       double warmupFactor) {
        this.quantiles = quantiles;
        this.confidenceLevel = confidenceLevel;
        this.noiseThreshold = noiseThreshold;
        this.minSamples = minSamples;
        this.warmupFactor = warmupFactor;
    }

    /**
     * Quantiles 0.2, 0.5, 0.8; median interval at 95 %; warnings below 10 samples, above 5 % relative
     * noise, and for leading samples 1.5 times the median.
     *
     * @return the default summariser
     */
    public static Summarizer withDefaults() {
        return DEFAULT;
    }

    /**
     * With other quantiles, each kept as written for the JSON key ({@code "0.2"}, {@code "0.50"}).
     *
     * @param probabilities decimal probabilities in [0, 1], no duplicates; none for no quantiles
     * @return a new summariser
     * @throws IllegalArgumentException naming the bad entry if one is not a decimal in [0, 1] or
     *         repeats another
     */
    public Summarizer withQuantiles(String... probabilities) {
        return new Summarizer(parse(Arrays.asList(probabilities)), confidenceLevel, noiseThreshold, minSamples,
                warmupFactor);
    }

    /**
     * With other quantiles, labelled by their shortest decimal ({@code 0.2}, {@code 1}).
     *
     * @param probabilities probabilities in [0, 1], no duplicates
     * @return a new summariser
     * @throws IllegalArgumentException if one is outside [0, 1] or repeats another
     */
    public Summarizer withQuantiles(double... probabilities) {
        List<String> labels = new ArrayList<>();
        for (double p : probabilities) {
            Quantiles.checkProbability(p);
            labels.add(Decimals.plain(p));
        }
        return new Summarizer(parse(labels), confidenceLevel, noiseThreshold, minSamples, warmupFactor);
    }

    /**
     * With another confidence level for the median's interval.
     *
     * @param level the level, in (0, 1)
     * @return a new summariser
     * @throws IllegalArgumentException if {@code level} is not in (0, 1)
     */
    public Summarizer withConfidenceLevel(double level) {
        if (!(level > 0 && level < 1)) {
            throw new IllegalArgumentException("confidence level must be in (0, 1), got " + level + "; e.g. 0.95");
        }
        return new Summarizer(quantiles, level, noiseThreshold, minSamples, warmupFactor);
    }

    /**
     * With another noise threshold.
     *
     * @param threshold the relative noise above which to warn, {@code > 0}, e.g. 0.05 for 5 %
     * @return a new summariser
     * @throws IllegalArgumentException if {@code threshold} is not positive
     */
    public Summarizer withNoiseThreshold(double threshold) {
        if (!(threshold > 0) || Double.isInfinite(threshold)) {
            throw new IllegalArgumentException("noise threshold must be finite and > 0, got " + threshold
                    + "; e.g. 0.05 for 5 %");
        }
        return new Summarizer(quantiles, confidenceLevel, threshold, minSamples, warmupFactor);
    }

    /**
     * With another minimum number of samples below which to warn.
     *
     * @param min the minimum, {@code >= 1}
     * @return a new summariser
     * @throws IllegalArgumentException if {@code min < 1}
     */
    public Summarizer withMinSamples(int min) {
        if (min < 1) {
            throw new IllegalArgumentException("minimum samples must be >= 1, got " + min);
        }
        return new Summarizer(quantiles, confidenceLevel, noiseThreshold, min, warmupFactor);
    }

    /**
     * With another factor over the median above which a leading sample counts as not warmed up.
     *
     * @param factor the factor, {@code > 1}
     * @return a new summariser
     * @throws IllegalArgumentException if {@code factor <= 1}
     */
    public Summarizer withWarmupFactor(double factor) {
        if (!(factor > 1) || Double.isInfinite(factor)) {
            throw new IllegalArgumentException("warmup factor must be finite and > 1, got " + factor + "; e.g. 1.5");
        }
        return new Summarizer(quantiles, confidenceLevel, noiseThreshold, minSamples, factor);
    }

    /**
     * Summarises every benchmark of a samples file, in {@link BenchmarkId#ORDER}. Samples are taken in
     * run order: by repetition, then sample index. With repetitions, a repetition of fewer than
     * {@link MeasurementWarning#MIN_SAMPLES_PER_REPETITION} samples earns a
     * {@link SummaryWarning.Kind#FEW_SAMPLES_PER_REPETITION} warning.
     *
     * @param samples the samples
     * @return one summary per ({@code benchmark}, {@code params})
     */
    public List<Summary> summarize(List<SampleRecord> samples) {
        return summarize(SampleSet.of(samples));
    }

    /**
     * Summarises one benchmark's samples, taken as one run.
     *
     * @param id the benchmark
     * @param timesMillis the samples in the order they were taken, not empty, finite
     * @return the summary
     * @throws IllegalArgumentException if there are no samples or one is not finite
     */
    public Summary summarize(BenchmarkId id, double[] timesMillis) {
        return summarize(id, timesMillis, new int[] {timesMillis.length}, false);
    }

    /**
     * Summarises every benchmark of a samples set, in the order benchmarks first appear, each in run
     * order (by fork, repetition, sample).
     *
     * @param samples the samples
     * @return one summary per ({@code benchmark}, {@code params})
     */
    public List<Summary> summarize(SampleSet samples) {
        List<Summary> result = new ArrayList<>(samples.series().size());
        samples.series().forEach((id, series) -> {
            Summary summary = summarize(id, series.timesMillis(), series.runSizes(true),
                    Arrays.stream(series.repetitions()).allMatch(r -> r >= 0));
            result.add(throttled(series).map(w -> summary.withWarnings(List.of(w))).orElse(summary));
        });
        result.sort(Comparator.comparing(Summary::id, BenchmarkId.ORDER));
        return result;
    }

    /**
     * The {@link SummaryWarning.Kind#THROTTLED} warning of a series with a throttled repetition: how many of the
     * repetitions with a known {@code throttle} were throttled, and how often each reason was seen. A
     * repetition is one (device, run, fork, repetition) of the benchmark.
     */
    static Optional<SummaryWarning> throttled(SampleSet.Series series) {
        int[] throttling = series.throttling();
        int at = 0;
        int known = 0;
        int throttled = 0;
        ThrottleReason[] all = ThrottleReason.values();
        int[] counts = new int[all.length];
        for (int size : series.runSizes(true)) {
            int mask = throttling[at];
            at += size;
            if (mask < 0) {
                continue;
            }
            known++;
            if (mask != 0) {
                throttled++;
            }
            for (int i = 0; i < all.length; i++) {
                if ((mask & (1 << i)) != 0) {
                    counts[i]++;
                }
            }
        }
        if (throttled == 0) {
            return Optional.empty();
        }
        List<String> reasons = new ArrayList<>();
        for (int i = 0; i < all.length; i++) {
            if (counts[i] > 0) {
                reasons.add(all[i].token() + " " + counts[i]);
            }
        }
        return Optional.of(new SummaryWarning(SummaryWarning.Kind.THROTTLED, String.format(Locale.ROOT,
                "throttled in %d of %d repetitions (%s): the device lowered its clocks while they ran; compare "
                        + "sm_clock_mhz, let it cool or lower its load", throttled, known, String.join(", ", reasons))));
    }

    /**
     * The median absolute deviation from the median.
     *
     * @param values the values, not empty
     * @return NumPy's linear median of {@code |v - median(values)|}
     */
    static double mad(double[] values) {
        return mad(values, Quantiles.of(values, 0.5));
    }

    private static double mad(double[] values, double median) {
        double[] deviations = new double[values.length];
        for (int i = 0; i < values.length; i++) {
            deviations[i] = Math.abs(values[i] - median);
        }
        return Quantiles.of(deviations, 0.5);
    }

    private Summary summarize(BenchmarkId id, double[] times, int[] runSizes, boolean repetitions) {
        Objects.requireNonNull(id, "id");
        if (times.length == 0) {
            throw new IllegalArgumentException("benchmark '" + id + "' has no samples to summarise");
        }
        for (double t : times) {
            if (!Double.isFinite(t)) {
                throw new IllegalArgumentException("benchmark '" + id + "' has a non-finite sample " + t);
            }
        }
        int n = times.length;
        double[] sorted = times.clone();
        Arrays.sort(sorted);
        DoubleStatistics moments = DoubleStatistics.of(MOMENTS, times);

        double median = Quantiles.ofSorted(sorted, 0.5);
        List<QuantileValue> qs = quantiles.stream()
                .map(p -> new QuantileValue(p.label(), p.value(), Quantiles.ofSorted(sorted, p.value())))
                .toList();
        double q1 = Quantiles.ofSorted(sorted, 0.25);
        double q3 = Quantiles.ofSorted(sorted, 0.75);
        double iqr = q3 - q1;

        double mad = mad(times, median);
        double noise = MAD_TO_SIGMA * mad;
        double relativeNoise = median == 0 ? (noise == 0 ? 0 : Double.POSITIVE_INFINITY) : noise / median;

        Outliers outliers = outliers(sorted, q1, q3, iqr);
        List<SummaryWarning> warnings = new ArrayList<>();
        if (n < minSamples) {
            warnings.add(new SummaryWarning(SummaryWarning.Kind.FEW_SAMPLES, String.format(Locale.ROOT,
                    "only %d sample(s), fewer than %d: statistics are unreliable; take more samples", n, minSamples)));
        }
        if (relativeNoise > noiseThreshold) {
            warnings.add(new SummaryWarning(SummaryWarning.Kind.NOISY, String.format(Locale.ROOT,
                    "relative noise %.1f%% is above %.1f%%: quiesce the machine (clocks, other load) or take more"
                            + " samples", 100 * relativeNoise, 100 * noiseThreshold)));
        }
        warmupWarning(times, runSizes, median).ifPresent(warnings::add);
        if (repetitions) {
            MeasurementWarning.fewSamplesPerRepetition(Arrays.stream(runSizes).min().orElseThrow())
                    .map(SummaryWarning::of).ifPresent(warnings::add);
        }

        return new Summary(id, n, moments.getAsDouble(Statistic.MIN), moments.getAsDouble(Statistic.MAX),
                moments.getAsDouble(Statistic.MEAN), median, moments.getAsDouble(Statistic.STANDARD_DEVIATION), qs,
                iqr, mad, medianInterval(sorted, confidenceLevel), relativeNoise, outliers, warnings);
    }

    /** The median's interval of {@link Quantiles#medianInterval}, which the noise stopping rule also uses. */
    static Interval medianInterval(double[] sorted, double level) {
        double[] bounds = Quantiles.medianInterval(sorted, level);
        return new Interval(bounds[0], bounds[1], level);
    }

    private static Outliers outliers(double[] sorted, double q1, double q3, double iqr) {
        double lowMildFence = q1 - Outliers.MILD * iqr;
        double lowSevereFence = q1 - Outliers.SEVERE * iqr;
        double highMildFence = q3 + Outliers.MILD * iqr;
        double highSevereFence = q3 + Outliers.SEVERE * iqr;
        int lowSevere = 0;
        int lowMild = 0;
        int highMild = 0;
        int highSevere = 0;
        for (double v : sorted) {
            if (v < lowSevereFence) {
                lowSevere++;
            } else if (v < lowMildFence) {
                lowMild++;
            } else if (v > highSevereFence) {
                highSevere++;
            } else if (v > highMildFence) {
                highMild++;
            }
        }
        return new Outliers(lowSevere, lowMild, highMild, highSevere, lowMildFence, highMildFence);
    }

    /**
     * Leading samples of a run above {@code warmupFactor} times the median mean a missing warmup when
     * they appear in at least half of the runs that have two samples or more.
     */
    private Optional<SummaryWarning> warmupWarning(double[] times, int[] runSizes, double median) {
        if (!(median > 0)) {
            return Optional.empty();
        }
        double limit = warmupFactor * median;
        int runs = 0;
        int slowRuns = 0;
        int maxLeading = 0;
        double worst = 0;
        int from = 0;
        for (int size : runSizes) {
            if (size >= 2) {
                runs++;
                int leading = 0;
                while (leading < size - 1 && times[from + leading] > limit) {
                    worst = Math.max(worst, times[from + leading] / median);
                    leading++;
                }
                if (leading > 0) {
                    slowRuns++;
                    maxLeading = Math.max(maxLeading, leading);
                }
            }
            from += size;
        }
        if (slowRuns == 0 || 2 * slowRuns < runs) {
            return Optional.empty();
        }
        String where = runSizes.length == 1 ? "" : String.format(Locale.ROOT, " in %d of %d repetitions", slowRuns, runs);
        return Optional.of(new SummaryWarning(SummaryWarning.Kind.MISSING_WARMUP, String.format(Locale.ROOT,
                "the first %d sample(s)%s are much slower than the rest (up to %.2fx the median): the warmup was"
                        + " too short; warm up longer or drop the first samples", maxLeading, where, worst)));
    }

    private static List<Probability> parse(List<String> labels) {
        List<Probability> result = new ArrayList<>(labels.size());
        Set<Double> seen = new HashSet<>();
        for (String raw : labels) {
            Objects.requireNonNull(raw, "quantile");
            String label = raw.strip();
            double p = Decimals.parse(label);
            if (!(p >= 0 && p <= 1)) {
                throw new IllegalArgumentException("quantile '" + raw + "' is not a probability in [0, 1];"
                        + " use e.g. 0.2,0.5,0.8");
            }
            if (!seen.add(p + 0.0)) {
                throw new IllegalArgumentException("quantile '" + raw + "' is given twice");
            }
            result.add(new Probability(label, p));
        }
        return List.copyOf(result);
    }
}

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
package dev.kbench.cli;

import dev.kbench.api.Backend;
import dev.kbench.api.Bench;
import dev.kbench.api.CacheSizes;
import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.DeviceFacts;
import dev.kbench.api.NoiseTarget;
import dev.kbench.api.Schedule;
import dev.kbench.api.Submission;
import dev.kbench.api.SuiteOptions;
import dev.kbench.api.Timing;
import dev.kbench.api.TimingMethod;
import dev.kbench.api.internal.BackendAnswers;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * How a suite is measured: the options shared by {@code run} and {@code demo}. Every field is
 * {@code null} when not given; {@link #resolve(SuiteOptions, DeviceFacts)} applies the given ones over
 * the defaults, in this one place.
 */
final class MeasureOptions {

    /** The most timed calls of one repetition: each holds two device events until the repetition ends. */
    static final int MAX_SAMPLES = 100_000;
    /** The most repetitions of one benchmark: every sample is kept in memory until the run ends. */
    static final int MAX_REPETITIONS = 1_000_000;
    /** The longest warmup or repetition target, in ms: 10 minutes. */
    static final double MAX_MILLIS = 600_000;
    /** The longest noise budget, in ms: a day. */
    static final double MAX_BUDGET_MILLIS = 86_400_000;
    /** The largest cache clear: 64 GiB (and never more than the device's memory, where it is known). */
    static final long MAX_CACHE_CLEAR_BYTES = 64L << 30;

    @Spec(Spec.Target.MIXEE)
    private CommandSpec spec;

    private static final Pattern SIZE = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([kmg]i?b?|b)?", Pattern.CASE_INSENSITIVE);
    private static final Pattern PERCENT = Pattern.compile("(\\d+(?:\\.\\d+)?(?:[eE][-+]?\\d+)?)\\s*(%)?");

    @Option(names = "--warmup-ms", paramLabel = "MS",
            description = "Warmup per benchmark before its first repetition (default 25).")
    Double warmupMillis;

    @Option(names = "--rep-ms", paramLabel = "MS",
            description = "Target device time of one repetition's timed calls (default 10).")
    Double repetitionMillis;

    @Option(names = "--repetitions", paramLabel = "R",
            description = "Repetitions per benchmark (default 10); without --noise-target.")
    Integer repetitions;

    @Option(names = "--schedule", paramLabel = "ORDER",
            description = "interleaved (default: every round visits all benchmarks in a fresh seeded random order) "
                    + "or sequential (A-A-A, B-B-B).")
    Schedule schedule;

    @Option(names = "--seed", paramLabel = "SEED",
            description = "Seed of the interleaved order; a run prints its seed so it can be replayed.")
    Long seed;

    @Option(names = "--max-samples", paramLabel = "N",
            description = "Cap on timed calls per repetition (default 100).")
    Integer maxSamplesPerRepetition;

    @Option(names = "--min-samples", paramLabel = "N",
            description = "Floor on timed calls per repetition (default 1, as Triton): a benchmark whose call takes "
                    + "longer than --rep-ms / N still gets N, and its repetitions take longer.")
    Integer minSamplesPerRepetition;

    @Option(names = "--cache-clear", paramLabel = "SIZE",
            description = "Bytes written before each timed call to flush the caches: a size such as 256MiB "
                    + "(default, as Triton), 'device' (twice the device's last-level cache), or 0/off.")
    String cacheClear;

    @Option(names = "--timing", paramLabel = "cold|hot",
            description = "cold (default: each timed call alone between its own events, after the cache clear) or "
                    + "hot (batches of back-to-back calls, no clear, one sample per batch: the batch's time per call; "
                    + "the host's launches are hidden where the backend can hold its stream or with --graph).")
    Timing timing;

    @Option(names = "--graph",
            description = "Replay the timed calls from a captured graph (CUDA graphs), so the host launches none of "
                    + "them: cold, each captured call between its events after its clear; hot, a batch per replay.")
    boolean graph;

    @Option(names = "--place-every", paramLabel = "R",
            description = "Allocate each benchmark's buffers and the cache-clear buffer afresh every R repetitions, "
                    + "behind a pad of seeded random size, so that one process samples several placements in device "
                    + "memory (default 0: allocated once).")
    Integer placeEvery;

    @Option(names = "--noise-target", paramLabel = "REL",
            description = "Stop a benchmark once its median's 95%% confidence half-width is below this, "
                    + "e.g. 0.5%% or 0.005 (NVBench's stdrel), or at its time budget; replaces --repetitions.")
    String noiseTarget;

    @Option(names = "--noise-budget-ms", paramLabel = "MS",
            description = "With --noise-target: wall time per benchmark (default 10000).")
    Double noiseBudgetMillis;

    @Option(names = "--min-repetitions", paramLabel = "R",
            description = "With --noise-target: repetitions before the target is checked (default 3).")
    Integer minRepetitions;

    @Option(names = "--max-repetitions", paramLabel = "R",
            description = "With --noise-target: the most repetitions (default 1000).")
    Integer maxRepetitions;

    /**
     * The options given, applied over {@code defaults}.
     *
     * @param defaults the command's defaults
     * @param facts the device, for {@code --cache-clear device}
     * @return the settings
     * @throws UsageException naming the option and value that are invalid
     */
    SuiteOptions resolve(SuiteOptions defaults, DeviceFacts facts) {
        checkRanges();
        SuiteOptions options = defaults;
        if (noiseTarget == null && (noiseBudgetMillis != null || minRepetitions != null || maxRepetitions != null)) {
            throw new UsageException("--noise-budget-ms, --min-repetitions and --max-repetitions need --noise-target");
        }
        if (noiseTarget != null && repetitions != null) {
            throw new UsageException("--repetitions and --noise-target exclude each other; the noise target "
                    + "takes --min-repetitions and --max-repetitions");
        }
        if (repetitions != null) {
            options = options.withRepetitions(repetitions);
        }
        if (timing == Timing.HOT && cacheClear != null && parseCacheClear(cacheClear, facts) != 0) {
            throw new UsageException("--cache-clear '" + cacheClear + "' with --timing hot: hot timing runs "
                    + "calls back to back with no clear; drop --cache-clear, or use --timing cold");
        }
        if (timing == Timing.HOT) {
            options = options.withTiming(timing).withCacheClearBytes(0);
        }
        if (graph) {
            options = options.withSubmission(Submission.GRAPH);
        }
        if (placeEvery != null) {
            options = options.withPlaceEvery(placeEvery);
        }
        if (schedule != null) {
            options = options.withSchedule(schedule);
        }
        if (seed != null) {
            options = options.withSeed(seed);
        }
        if (warmupMillis != null || repetitionMillis != null) {
            options = options.withMillis(warmupMillis != null ? warmupMillis : options.warmupMillis(),
                    repetitionMillis != null ? repetitionMillis : options.repetitionMillis());
        }
        if (maxSamplesPerRepetition != null) {
            if (maxSamplesPerRepetition < options.minSamplesPerRepetition() && minSamplesPerRepetition == null) {
                options = options.withMinSamplesPerRepetition(maxSamplesPerRepetition);   // the command's floor gives way
            }
            options = options.withMaxSamplesPerRepetition(maxSamplesPerRepetition);
        }
        if (minSamplesPerRepetition != null) {
            if (minSamplesPerRepetition > options.maxSamplesPerRepetition()) {
                throw new UsageException("--min-samples " + given("--min-samples", minSamplesPerRepetition)
                        + " is more than --max-samples " + options.maxSamplesPerRepetition() + "; give a floor at most the cap");
            }
            options = options.withMinSamplesPerRepetition(minSamplesPerRepetition);
        }
        if (cacheClear != null) {
            long bytes = parseCacheClear(cacheClear, facts);
            if (facts != null && facts.totalMemoryBytes().isPresent() && bytes > facts.totalMemoryBytes().getAsLong()) {
                throw new UsageException("--cache-clear '" + cacheClear + "' (" + bytes + " bytes) is more than "
                        + "the device's memory, " + facts.totalMemoryBytes().getAsLong() + " bytes; give a smaller size, "
                        + "'device' or 0");
            }
            options = options.withCacheClearBytes(bytes);
        }
        if (noiseTarget != null) {
            NoiseTarget target = NoiseTarget.of(parseRelative(noiseTarget));
            if (noiseBudgetMillis != null) {
                target = target.withBudgetMillis(noiseBudgetMillis);
            }
            if (minRepetitions != null || maxRepetitions != null) {
                target = target.withRepetitions(minRepetitions != null ? minRepetitions : target.minRepetitions(),
                        maxRepetitions != null ? maxRepetitions : target.maxRepetitions());
            }
            options = options.withNoiseTarget(target);
        }
        return options;
    }

    /**
     * Checks every number against its range, naming the option, the value as given and the range.
     *
     * @throws UsageException on the first value out of range
     */
    private void checkRanges() {
        range("--warmup-ms", warmupMillis, 0, true, MAX_MILLIS, "0 to 600000 (10 minutes)");
        range("--rep-ms", repetitionMillis, 0, false, MAX_MILLIS, "more than 0, up to 600000 (10 minutes)");
        range("--repetitions", repetitions, 1, true, MAX_REPETITIONS, "1 to " + MAX_REPETITIONS);
        range("--max-samples", maxSamplesPerRepetition, 1, true, MAX_SAMPLES, "1 to " + MAX_SAMPLES
                + " timed calls per repetition (each holds two device events until the repetition ends)");
        range("--min-samples", minSamplesPerRepetition, 1, true, MAX_SAMPLES, "1 to " + MAX_SAMPLES
                + " timed calls per repetition");
        range("--place-every", placeEvery, 0, true, MAX_REPETITIONS, "0 (allocated once) to " + MAX_REPETITIONS
                + " repetitions");
        range("--noise-budget-ms", noiseBudgetMillis, 0, false, MAX_BUDGET_MILLIS, "more than 0, up to 86400000 (a day)");
        range("--min-repetitions", minRepetitions, 1, true, MAX_REPETITIONS, "1 to " + MAX_REPETITIONS);
        range("--max-repetitions", maxRepetitions, 1, true, MAX_REPETITIONS, "1 to " + MAX_REPETITIONS);
        if (minRepetitions != null && maxRepetitions != null && minRepetitions > maxRepetitions) {
            throw new UsageException("--min-repetitions " + given("--min-repetitions", minRepetitions)
                    + " is more than --max-repetitions " + given("--max-repetitions", maxRepetitions));
        }
        if (noiseTarget != null) {
            double relative = parseRelative(noiseTarget);
            if (!(relative > 0 && relative < 1)) {
                throw new UsageException("--noise-target '" + noiseTarget + "' is out of range: more than 0, "
                        + "less than 1 (100%), e.g. 0.5% or 0.005");
            }
        }
    }

    private void range(String option, Number value, double min, boolean minIncluded, double max, String allowed) {
        if (value == null) {
            return;
        }
        double v = value.doubleValue();
        if (!((minIncluded ? v >= min : v > min) && v <= max)) {
            throw new UsageException(option + " " + given(option, value) + " is out of range: " + allowed);
        }
    }

    /** The value of an option as typed on the command line, else as parsed. */
    private String given(String option, Object parsed) {
        if (spec != null) {
            OptionSpec o = spec.findOption(option);
            if (o != null && !o.originalStringValues().isEmpty()) {
                return o.originalStringValues().getLast();
            }
        }
        return String.valueOf(parsed);
    }

    /**
     * Allocates (and frees) the cache-clear buffer once before anything is measured, so a size the device
     * cannot hold fails naming {@code --cache-clear} rather than deep in the run.
     *
     * @param driver the driver to measure on
     * @param options the resolved options
     * @throws UsageException naming {@code --cache-clear} and its value if the buffer cannot be allocated
     */
    void checkCacheClear(Backend driver, SuiteOptions options) {
        if (cacheClear == null || options.cacheClearBytes() == 0) {
            return;
        }
        DeviceBuffer clear;
        try {
            clear = driver.device().allocate(options.cacheClearBytes());
        } catch (RuntimeException | OutOfMemoryError e) {
            throw new UsageException("--cache-clear '" + cacheClear + "': cannot allocate the "
                    + options.cacheClearBytes() + "-byte clear buffer on " + driver.device().facts().name()
                    + ": " + e.getMessage() + "; give a smaller size, 'device' or 0", e);
        }
        BackendAnswers.nonNull(clear, driver.device(), "Device.allocate(" + options.cacheClearBytes() + ")").close();
    }

    /**
     * What {@code --cache-clear device} falls back to, said once: a device that reports no last-level cache
     * (PoCL on a machine whose cache it cannot read reports 0, which the OpenCL backend passes on as unknown)
     * gets Triton's 256 MiB, not a clear sized to it.
     *
     * @param facts the device measured on
     * @return the note for stderr, or empty when the device's cache sized the clear (or device was not asked for)
     */
    java.util.Optional<String> deviceClearNote(DeviceFacts facts) {
        if (!needsDevice() || facts.lastLevelCacheBytes().isPresent()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of("kbench: --cache-clear device: " + facts.name() + " reports no last-level cache size, "
                + "so the clear is Triton's 256 MiB, as without the option; give a size (e.g. --cache-clear 64MiB) to "
                + "clear less");
    }

    /**
     * How the run would take its samples on this driver; a {@code --graph} the backend cannot capture
     * fails here, naming the option, before anything is measured.
     *
     * @param driver the driver to measure on
     * @param options the resolved options
     * @return the method
     * @throws UsageException naming {@code --graph} if the backend has no graphs
     */
    TimingMethod method(Backend driver, SuiteOptions options) {
        try {
            return Bench.method(driver, options.timing(), options.submission());
        } catch (UnsupportedOperationException e) {
            throw new UsageException("--graph: the " + driver.name() + " backend cannot capture graphs ("
                    + e.getMessage() + "); drop --graph, or use a backend with graphs (cuda)", e);
        }
    }

    /** Whether the options need the device's facts to resolve. */
    boolean needsDevice() {
        return cacheClear != null && cacheClear.trim().equalsIgnoreCase("device");
    }

    /**
     * Checks what can be checked without a device, so bad input fails before a driver is looked up.
     *
     * @throws UsageException on the first invalid value
     */
    void validate() {
        try {
            dev.kbench.api.internal.Flags.checkTiming();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
        if (cacheClear != null && !needsDevice()) {
            parseCacheClear(cacheClear, null);
        }
        resolve(SuiteOptions.withDefaults(), null);
    }

    /**
     * A cache-clear size: {@code 0}/{@code off}, {@code device}, or bytes with an optional
     * {@code k}/{@code KiB}/{@code M}/{@code MiB}/{@code G}/{@code GiB} suffix (binary multiples).
     */
    static long parseCacheClear(String text, DeviceFacts facts) {
        String t = text.trim();
        if (t.equalsIgnoreCase("off") || t.equals("0")) {
            return 0;
        }
        if (t.equalsIgnoreCase("triton")) {
            return CacheSizes.TRITON_BYTES;
        }
        if (t.equalsIgnoreCase("device")) {
            return facts == null ? CacheSizes.TRITON_BYTES : CacheSizes.deviceSized(facts, 2);
        }
        Matcher m = SIZE.matcher(t);
        if (!m.matches()) {
            throw new UsageException("--cache-clear '" + text + "' is not a size such as 256MiB, 'device' or 0");
        }
        double value = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "" : m.group(2).toLowerCase(Locale.ROOT);
        long multiple = switch (unit.isEmpty() ? ' ' : unit.charAt(0)) {
            case 'k' -> 1L << 10;
            case 'm' -> 1L << 20;
            case 'g' -> 1L << 30;
            default -> 1;
        };
        double bytes = value * multiple;
        if (bytes > MAX_CACHE_CLEAR_BYTES) {
            throw new UsageException("--cache-clear '" + text + "' is out of range: 0 (off) or 4 bytes to 64GiB, "
                    + "or 'device'");
        }
        if (bytes != Math.rint(bytes) || (long) bytes % 4 != 0) {
            throw new UsageException("--cache-clear '" + text + "' is " + (bytes != Math.rint(bytes)
                    ? "not a whole number of bytes" : (long) bytes + " bytes, not a multiple of 4")
                    + ": the clear writes 4-byte words; give 0 (off), a multiple of 4 bytes such as 256MiB, or 'device'");
        }
        return (long) bytes;
    }

    /** A relative value: {@code 0.5%} or {@code 0.005}. */
    static double parseRelative(String text) {
        return parseRelative("--noise-target", text);
    }

    /**
     * A relative value of an option: {@code 0.5%} or {@code 0.005}.
     *
     * @param option the option's name for the message
     * @param text the value as given
     * @return the fraction
     * @throws UsageException naming the option and the value if it is not a relative value
     */
    static double parseRelative(String option, String text) {
        Matcher m = PERCENT.matcher(text.trim());
        if (!m.matches()) {
            throw new UsageException(option + " '" + text + "' is not a relative width such as 0.5% or 0.005");
        }
        double value = Double.parseDouble(m.group(1));
        return m.group(2) != null ? value / 100 : value;
    }
}

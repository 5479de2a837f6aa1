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

import dev.kbench.api.spi.CacheClearer;
import dev.kbench.api.CacheSizes;
import dev.kbench.api.DeviceFacts;
import dev.kbench.api.NoiseTarget;
import dev.kbench.api.Schedule;
import dev.kbench.api.SuiteOptions;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.Option;

/**
 * How a suite is measured: the options shared by {@code run} and {@code demo}. Every field is
 * {@code null} when not given; {@link #resolve(SuiteOptions, DeviceFacts)} applies the given ones over
 * the defaults, in this one place.
 */
final class MeasureOptions {

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

    @Option(names = "--cache-clear", paramLabel = "SIZE",
            description = "Bytes written before each timed call to flush the caches: a size such as 256MiB "
                    + "(default, as Triton), 'device' (twice the device's last-level cache), or 0/off.")
    String cacheClear;

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
     * @throws IllegalArgumentException naming the option and value that are invalid
     */
    SuiteOptions resolve(SuiteOptions defaults, DeviceFacts facts) {
        SuiteOptions options = defaults;
        if (noiseTarget == null && (noiseBudgetMillis != null || minRepetitions != null || maxRepetitions != null)) {
            throw new IllegalArgumentException("--noise-budget-ms, --min-repetitions and --max-repetitions need --noise-target");
        }
        if (noiseTarget != null && repetitions != null) {
            throw new IllegalArgumentException("--repetitions and --noise-target exclude each other; the noise target "
                    + "takes --min-repetitions and --max-repetitions");
        }
        if (repetitions != null) {
            options = options.withRepetitions(repetitions);
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
            options = options.withMaxSamplesPerRepetition(maxSamplesPerRepetition);
        }
        if (cacheClear != null) {
            options = options.withCacheClearBytes(parseCacheClear(cacheClear, facts));
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

    /** Whether the options need the device's facts to resolve. */
    boolean needsDevice() {
        return cacheClear != null && cacheClear.trim().equalsIgnoreCase("device");
    }

    /**
     * Checks what can be checked without a device, so bad input fails before a driver is looked up.
     *
     * @throws IllegalArgumentException on the first invalid value
     */
    void validate() {
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
            return CacheClearer.TRITON_BYTES;
        }
        if (t.equalsIgnoreCase("device")) {
            return facts == null ? CacheClearer.TRITON_BYTES : CacheSizes.deviceSized(facts, 2);
        }
        Matcher m = SIZE.matcher(t);
        if (!m.matches()) {
            throw new IllegalArgumentException("--cache-clear '" + text + "' is not a size such as 256MiB, 'device' or 0");
        }
        double value = Double.parseDouble(m.group(1));
        String unit = m.group(2) == null ? "" : m.group(2).toLowerCase(Locale.ROOT);
        long multiple = switch (unit.isEmpty() ? ' ' : unit.charAt(0)) {
            case 'k' -> 1L << 10;
            case 'm' -> 1L << 20;
            case 'g' -> 1L << 30;
            default -> 1;
        };
        long bytes = Math.round(value * multiple);
        return (bytes + 3) & ~3L;
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
     * @throws IllegalArgumentException naming the option and the value if it is not a relative value
     */
    static double parseRelative(String option, String text) {
        Matcher m = PERCENT.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException(option + " '" + text + "' is not a relative width such as 0.5% or 0.005");
        }
        double value = Double.parseDouble(m.group(1));
        return m.group(2) != null ? value / 100 : value;
    }
}

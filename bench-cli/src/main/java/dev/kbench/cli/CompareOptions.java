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

import dev.kbench.stats.Compare;
import dev.kbench.stats.Unit;
import picocli.CommandLine.Option;

/**
 * How two samples files are compared: the statistical options of {@code compare} and {@code report},
 * each checked (name, value as given, allowed range) before any file is read.
 */
final class CompareOptions {

    /** The option of the interval's level, which ab's looks set as they set {@code --alpha}. */
    static final String CONFIDENCE_LEVEL = "--confidence-level";

    @Option(names = "--method", paramLabel = "METHOD", defaultValue = "brunnermunzel",
            description = "brunnermunzel (default), mannwhitneyu or welch; p-values are SciPy's.")
    String method;

    @Option(names = "--alpha", paramLabel = "ALPHA", defaultValue = "0.001",
            description = "Significance level of each one-sided test, in (0, 1) (default 0.001).")
    String alpha;

    @Option(names = "--unit", paramLabel = "UNIT", defaultValue = "auto",
            description = "What one tested value is: auto (default: fork where both sides have >= 2 forks, else "
                    + "sample), fork (each fork's median; between-run variance is tested), sample, or repetition "
                    + "(each repetition's mean, with a stability check).")
    String unit;

    @Option(names = "--aggregate", paramLabel = "WHAT",
            description = "Older spelling of --unit: samples (= --unit sample) or repetition_mean (= --unit repetition).")
    String aggregate;

    @Option(names = "--threshold", paramLabel = "REL", defaultValue = "1%",
            description = "Practical significance: a benchmark is slower (faster) only if the test says so and the "
                    + "ratio's confidence interval lies entirely above 1 + REL (below 1 - REL); e.g. 1%% (default) or "
                    + "0.01; 0 lets the test alone decide.")
    String threshold;

    @Option(names = CONFIDENCE_LEVEL, paramLabel = "LEVEL", defaultValue = "95%",
            description = "Confidence level of the ratio's interval, which --threshold judges, e.g. 95%% (default) or "
                    + "0.99; from above 0 to below 100%%.")
    String confidenceLevel;

    @Option(names = "--center", paramLabel = "CENTER", defaultValue = "trimmed_mean",
            description = "Center of each side's fork medians for the ratio and its interval (fork unit): trimmed_mean "
                    + "(default, 20%%: narrows below the timer's step for kernels of a few us) or median.")
    String center;

    @Option(names = "--distribution", paramLabel = "DIST", defaultValue = "t",
            description = "Brunner-Munzel's p-value distribution: t (default) or normal.")
    String distribution;

    @Option(names = "--correction", paramLabel = "HOW", defaultValue = "none",
            description = "Multiple-comparison correction of alpha: none (default) or bonferroni.")
    String correction;

    @Option(names = "--bootstrap", paramLabel = "N", defaultValue = "1000",
            description = "Bootstrap resamples for the interval of the median ratio, 0 to "
                    + Compare.MAX_BOOTSTRAP_RESAMPLES + " (default 1000; 0 skips it).")
    String bootstrap;

    @Option(names = "--seed", paramLabel = "SEED", description = "Seed of the bootstrap and the stability shuffles.")
    Long seed;

    /**
     * The comparison these options ask for.
     *
     * @return the comparison
     * @throws UsageException naming the option, its value as given and the allowed range
     */
    Compare compare() {
        Compare compare = Compare.withDefaults()
                .with(choice("--method", method, StatsNames::method))
                .with(choice("--distribution", distribution, StatsNames::distribution))
                .with(unit())
                .with(choice("--correction", correction, StatsNames::correction))
                .with(choice("--center", center, StatsNames::center))
                .withAlpha(number("--alpha", alpha, "a number in (0, 1), e.g. 0.001", a -> a > 0 && a < 1))
                .withThreshold(relative("--threshold", threshold))
                .withConfidenceLevel(level(CONFIDENCE_LEVEL, confidenceLevel))
                .withBootstrapResamples((int) number("--bootstrap", bootstrap,
                        "an integer from 0 to " + Compare.MAX_BOOTSTRAP_RESAMPLES,
                        n -> n >= 0 && n <= Compare.MAX_BOOTSTRAP_RESAMPLES && n == Math.rint(n)));
        return seed == null ? compare : compare.withSeed(seed);
    }

    private Unit unit() {
        Unit u = choice("--unit", unit, StatsNames::unit);
        if (aggregate == null) {
            return u;
        }
        Unit legacy = choice("--aggregate", aggregate, StatsNames::aggregation).unit();
        if (u != Unit.AUTO && u != legacy) {
            throw new UsageException("--aggregate " + aggregate + " contradicts --unit " + unit + "; give one of them");
        }
        return legacy;
    }

    private static <T> T choice(String option, String value, java.util.function.Function<String, T> parse) {
        return UsageException.option(option, () -> parse.apply(value));
    }

    private static double number(String option, String text, String range, java.util.function.DoublePredicate ok) {
        return checked(option, text, t -> Double.parseDouble(t.strip()), ok, range);
    }

    /** A level of the interval: {@code 95%} or {@code 0.95}, above 0 and below 1. */
    private static double level(String option, String text) {
        return fraction(option, text, v -> v > 0 && v < 1, "a level above 0 and below 100%, e.g. 95% or 0.95");
    }

    /** A relative change: {@code 1%} or {@code 0.01}, from 0 to below 1. */
    private static double relative(String option, String text) {
        return fraction(option, text, v -> v >= 0 && v < 1, "a relative change from 0 to below 1, e.g. 1% or 0.01");
    }

    private static double fraction(String option, String text, java.util.function.DoublePredicate ok, String range) {
        return checked(option, text, t -> MeasureOptions.parseRelative(option, t), ok, range);
    }

    /** A number parsed and checked: one message, naming the option, its value as given and the range. */
    private static double checked(String option, String text, java.util.function.ToDoubleFunction<String> parse,
                                  java.util.function.DoublePredicate ok, String range) {
        double value;
        try {
            value = parse.applyAsDouble(text);
        } catch (NumberFormatException | UsageException e) {
            value = Double.NaN;
        }
        if (!ok.test(value)) {
            throw new UsageException(option + " '" + text + "' is out of range: expected " + range);
        }
        return value;
    }
}

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

import dev.kbench.stats.Aggregation;
import dev.kbench.stats.BrunnerMunzelTest.Distribution;
import dev.kbench.stats.Center;
import dev.kbench.stats.Correction;
import dev.kbench.stats.TestMethod;
import dev.kbench.stats.Unit;
import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The command line's words for the statistics choices of bench-stats ({@code --method},
 * {@code --distribution}, {@code --aggregate}, {@code --unit}, {@code --correction}). The words are the CLI's
 * own; they equal the names compare JSON writes ({@code jsonName()}), which the library's tables use.
 */
final class StatsNames {

    private StatsNames() {
    }

    /**
     * The word for a method.
     *
     * @param method the method
     * @return {@code brunnermunzel}, {@code mannwhitneyu} or {@code welch}
     */
    static String of(TestMethod method) {
        return switch (method) {
            case BRUNNER_MUNZEL -> "brunnermunzel";
            case MANN_WHITNEY_U -> "mannwhitneyu";
            case WELCH -> "welch";
        };
    }

    /**
     * The word for a Brunner-Munzel p-value distribution, as in SciPy.
     *
     * @param distribution the distribution
     * @return {@code t} or {@code normal}
     */
    static String of(Distribution distribution) {
        return switch (distribution) {
            case T -> "t";
            case NORMAL -> "normal";
        };
    }

    /**
     * The word for an aggregation.
     *
     * @param aggregation the aggregation
     * @return {@code samples} or {@code repetition_mean}
     */
    static String of(Aggregation aggregation) {
        return switch (aggregation) {
            case SAMPLES -> "samples";
            case REPETITION_MEAN -> "repetition_mean";
        };
    }

    /**
     * The word for a unit of the test ({@code --unit}).
     *
     * @param unit the unit
     * @return {@code auto}, {@code fork}, {@code repetition} or {@code sample}
     */
    static String of(Unit unit) {
        return switch (unit) {
            case AUTO -> "auto";
            case FORK -> "fork";
            case REPETITION -> "repetition";
            case SAMPLE -> "sample";
        };
    }

    /**
     * The word for a correction.
     *
     * @param correction the correction
     * @return {@code none} or {@code bonferroni}
     */
    static String of(Correction correction) {
        return switch (correction) {
            case NONE -> "none";
            case BONFERRONI -> "bonferroni";
        };
    }

    /**
     * The method of a word, case-insensitive.
     *
     * @param word as given
     * @return the method
     * @throws IllegalArgumentException naming the choices if {@code word} is none of them
     */
    static TestMethod method(String word) {
        return parse("method", word, TestMethod.values(), StatsNames::of);
    }

    /**
     * The distribution of a word, case-insensitive.
     *
     * @param word as given
     * @return the distribution
     * @throws IllegalArgumentException naming the choices if {@code word} is none of them
     */
    static Distribution distribution(String word) {
        return parse("distribution", word, Distribution.values(), StatsNames::of);
    }

    /**
     * The aggregation of a word, case-insensitive.
     *
     * @param word as given
     * @return the aggregation
     * @throws IllegalArgumentException naming the choices if {@code word} is none of them
     */
    static Aggregation aggregation(String word) {
        return parse("aggregation", word, Aggregation.values(), StatsNames::of);
    }

    /**
     * The unit of a word, case-insensitive.
     *
     * @param word as given
     * @return the unit
     * @throws IllegalArgumentException naming the choices if {@code word} is none of them
     */
    static Unit unit(String word) {
        return parse("unit", word, Unit.values(), StatsNames::of);
    }

    /**
     * The correction of a word, case-insensitive.
     *
     * @param word as given
     * @return the correction
     * @throws IllegalArgumentException naming the choices if {@code word} is none of them
     */
    static Correction correction(String word) {
        return parse("correction", word, Correction.values(), StatsNames::of);
    }

    /**
     * The center of a word, case-insensitive.
     *
     * @param word as given
     * @return the center
     * @throws IllegalArgumentException naming the choices if {@code word} is none of them
     */
    static Center center(String word) {
        return parse("center", word, Center.values(), Center::jsonName);
    }

    private static <E> E parse(String kind, String word, E[] values, Function<E, String> names) {
        for (E value : values) {
            if (names.apply(value).equals(word.toLowerCase(Locale.ROOT))) {
                return value;
            }
        }
        throw new IllegalArgumentException("unknown " + kind + " '" + word + "'; choose one of "
                + Arrays.stream(values).map(names).collect(Collectors.joining(", ")));
    }
}

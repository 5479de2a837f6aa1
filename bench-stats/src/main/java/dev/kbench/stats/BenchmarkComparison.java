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

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The comparison of one benchmark present in both the base and the new samples (a row of
 * docs/formats.md §3's {@code results}). All times are in milliseconds.
 *
 * @param id the benchmark and its parameters
 * @param nBase how many values of the base were tested (samples, or repetitions when aggregated)
 * @param nNew how many values of the new samples were tested
 * @param samplesBase how many samples the base had
 * @param samplesNew how many samples the new run had
 * @param medianBaseMillis the median of the tested base values (NumPy's linear quantile at 0.5)
 * @param medianNewMillis the median of the tested new values
 * @param ratio {@code medianNewMillis / medianBaseMillis}; 1 when both are 0, infinite when only the
 *        base median is 0
 * @param ratioInterval a seeded percentile-bootstrap confidence interval of {@code ratio}; NaN bounds
 *        when the bootstrap is disabled
 * @param test the statistic and p-values: SciPy's, or where SciPy's p-values are NaN the finite
 *        values of docs/formats.md §3 (all values equal: statistic 0 and p-values 1; complete
 *        separation: p-value 0 in its direction, 1 in the other); the statistic is infinite under
 *        complete separation where SciPy's is
 * @param verdict the verdict at the (possibly corrected) significance level
 * @param stability the permutation stability check, present with {@link Aggregation#REPETITION_MEAN}
 *        when enabled
 * @param notes what a reader should know about this row, e.g. too few values or a degenerate case
 * @param unit what one tested value is: {@link Unit#FORK} (a fork's median), {@link Unit#REPETITION}
 *        (a repetition's mean) or {@link Unit#SAMPLE}; never {@link Unit#AUTO}
 * @param forksBase how many forks (separate runs) the base has
 * @param forksNew how many forks the new samples have
 * @param testVerdict the test's verdict alone; {@code verdict} is {@code same} where the ratio's
 *        interval does not lie entirely beyond the threshold
 * @param mdc the minimal detectable change for these data: the relative shift of the median the
 *        test would flag with 80 % power (see {@link Compare}); infinite where no shift can be flagged
 * @param smClockBaseMHz the median SM clock of the base's samples ({@code sm_clock_mhz}); NaN where a sample
 *        has none
 * @param smClockNewMHz the median SM clock of the new samples; NaN where a sample has none
 * @param cyclesRatio the median of the new samples' cycles (each time times its repetition's SM clock) over
 *        the base's, as NVBench's robust compare states the change per clock; NaN where a clock is unknown
 */
public record BenchmarkComparison(BenchmarkId id, int nBase, int nNew, int samplesBase, int samplesNew,
                                  double medianBaseMillis, double medianNewMillis, double ratio,
                                  Interval ratioInterval, TestResult test, Verdict verdict,
                                  Optional<Stability> stability, List<String> notes, Unit unit, int forksBase,
                                  int forksNew, Verdict testVerdict, double mdc, double smClockBaseMHz,
                                  double smClockNewMHz, double cyclesRatio) {

    /** Validates and copies. */
    public BenchmarkComparison {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(ratioInterval, "ratioInterval");
        Objects.requireNonNull(test, "test");
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(stability, "stability");
        notes = List.copyOf(notes);
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(testVerdict, "testVerdict");
        if (unit == Unit.AUTO) {
            throw new IllegalArgumentException("a comparison's unit is fork, repetition or sample, not auto");
        }
    }

    /**
     * Whether the two sides ran at SM clocks more than {@link Compare#CLOCK_TOLERANCE} apart (medians).
     *
     * @return false where either clock is unknown
     */
    public boolean clocksDiffer() {
        return Math.abs(smClockNewMHz / smClockBaseMHz - 1) > Compare.CLOCK_TOLERANCE;
    }

    /**
     * What the verdict can say about between-run variance.
     *
     * @return {@code tested} (the unit is the fork), {@code unknown} (one fork on a side: the verdict
     *         is about two runs, not about the code) or {@code ignored} (forks on both sides, but
     *         samples or repetitions tested)
     */
    public String betweenRunVariance() {
        if (unit == Unit.FORK) {
            return "tested";
        }
        return forksBase < 2 || forksNew < 2 ? "unknown" : "ignored";
    }
}

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
 * <p>Made by {@link Compare} only; two comparisons are equal when every value is (doubles as
 * {@link Double#equals(Object)} compares them).
 */
public final class BenchmarkComparison {
    private final BenchmarkId id;
    private final int nBase;
    private final int nNew;
    private final int samplesBase;
    private final int samplesNew;
    private final double medianBaseMillis;
    private final double medianNewMillis;
    private final double centerBaseMillis;
    private final double centerNewMillis;
    private final double ratio;
    private final Interval ratioInterval;
    private final TestResult test;
    private final Verdict verdict;
    private final Optional<Stability> stability;
    private final List<String> notes;
    private final Unit unit;
    private final int forksBase;
    private final int forksNew;
    private final Verdict testVerdict;
    private final double mdc;
    private final double smClockBaseMHz;
    private final double smClockNewMHz;
    private final double cyclesRatio;

    /**
     * Validates and copies.
     *
     * @param id the benchmark and its parameters
     * @param nBase how many values of the base were tested (samples, or repetitions when aggregated)
     * @param nNew how many values of the new samples were tested
     * @param samplesBase how many samples the base had
     * @param samplesNew how many samples the new run had
     * @param medianBaseMillis the median of the tested base values (NumPy's linear quantile at 0.5)
     * @param medianNewMillis the median of the tested new values
     * @param centerBaseMillis the tested base values' center: their median, or with the fork unit the center
     *        compare was given ({@link Center}, by default the trimmed mean)
     * @param centerNewMillis the tested new values' center, likewise
     * @param ratio {@code centerNewMillis / centerBaseMillis}; 1 when both are 0, infinite when only the
     *        base center is 0
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
    BenchmarkComparison(BenchmarkId id, int nBase, int nNew, int samplesBase, int samplesNew, double medianBaseMillis,
                        double medianNewMillis, double centerBaseMillis, double centerNewMillis, double ratio, Interval ratioInterval, TestResult test, Verdict verdict,
                        Optional<Stability> stability, List<String> notes, Unit unit, int forksBase, int forksNew,
                        Verdict testVerdict, double mdc, double smClockBaseMHz, double smClockNewMHz,
                        double cyclesRatio) {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(ratioInterval, "ratioInterval");
        Objects.requireNonNull(test, "test");
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(stability, "stability");
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(testVerdict, "testVerdict");
        if (unit == Unit.AUTO) {
            throw new IllegalArgumentException("a comparison's unit is fork, repetition or sample, not auto");
        }
        this.id = id;
        this.nBase = nBase;
        this.nNew = nNew;
        this.samplesBase = samplesBase;
        this.samplesNew = samplesNew;
        this.medianBaseMillis = medianBaseMillis;
        this.medianNewMillis = medianNewMillis;
        this.centerBaseMillis = centerBaseMillis;
        this.centerNewMillis = centerNewMillis;
        this.ratio = ratio;
        this.ratioInterval = ratioInterval;
        this.test = test;
        this.verdict = verdict;
        this.stability = stability;
        this.notes = List.copyOf(notes);
        this.unit = unit;
        this.forksBase = forksBase;
        this.forksNew = forksNew;
        this.testVerdict = testVerdict;
        this.mdc = mdc;
        this.smClockBaseMHz = smClockBaseMHz;
        this.smClockNewMHz = smClockNewMHz;
        this.cyclesRatio = cyclesRatio;
    }

    /**
     * {@return the benchmark and its parameters}
     */
    public BenchmarkId id() {
        return id;
    }

    /**
     * {@return how many values of the base were tested (samples, or repetitions when aggregated)}
     */
    public int nBase() {
        return nBase;
    }

    /**
     * {@return how many values of the new samples were tested}
     */
    public int nNew() {
        return nNew;
    }

    /**
     * {@return how many samples the base had}
     */
    public int samplesBase() {
        return samplesBase;
    }

    /**
     * {@return how many samples the new run had}
     */
    public int samplesNew() {
        return samplesNew;
    }

    /**
     * {@return the median of the tested base values (NumPy's linear quantile at 0.5)}
     */
    public double medianBaseMillis() {
        return medianBaseMillis;
    }

    /**
     * {@return the median of the tested new values}
     */
    public double medianNewMillis() {
        return medianNewMillis;
    }

    /**
     * {@return the tested base values' center, which the ratio compares: their median, or with the fork unit the
     * center compare was given ({@link Center}, by default the trimmed mean)}
     */
    public double centerBaseMillis() {
        return centerBaseMillis;
    }

    /**
     * {@return the tested new values' center, likewise}
     */
    public double centerNewMillis() {
        return centerNewMillis;
    }

    /**
     * {@return {@code centerNewMillis / centerBaseMillis}; 1 when both are 0, infinite when only the base center is 0}
     */
    public double ratio() {
        return ratio;
    }

    /**
     * {@return a seeded percentile-bootstrap confidence interval of {@code ratio}; NaN bounds when the bootstrap is
     * disabled}
     */
    public Interval ratioInterval() {
        return ratioInterval;
    }

    /**
     * {@return the statistic and p-values: SciPy's, or where SciPy's p-values are NaN the finite values of
     * docs/formats.md §3 (all values equal: statistic 0 and p-values 1; complete separation: p-value 0 in its
     * direction, 1 in the other); the statistic is infinite under complete separation where SciPy's is}
     */
    public TestResult test() {
        return test;
    }

    /**
     * {@return the verdict at the (possibly corrected) significance level}
     */
    public Verdict verdict() {
        return verdict;
    }

    /**
     * {@return the permutation stability check, present with {@link Aggregation#REPETITION_MEAN} when enabled}
     */
    public Optional<Stability> stability() {
        return stability;
    }

    /**
     * {@return what a reader should know about this row, e.g. too few values or a degenerate case}
     */
    public List<String> notes() {
        return notes;
    }

    /**
     * {@return what one tested value is: {@link Unit#FORK} (a fork's median), {@link Unit#REPETITION} (a repetition's
     * mean) or {@link Unit#SAMPLE}; never {@link Unit#AUTO}}
     */
    public Unit unit() {
        return unit;
    }

    /**
     * {@return how many forks (separate runs) the base has}
     */
    public int forksBase() {
        return forksBase;
    }

    /**
     * {@return how many forks the new samples have}
     */
    public int forksNew() {
        return forksNew;
    }

    /**
     * {@return the test's verdict alone; {@code verdict} is {@code same} where the ratio's interval does not lie
     * entirely beyond the threshold}
     */
    public Verdict testVerdict() {
        return testVerdict;
    }

    /**
     * {@return the minimal detectable change for these data: the relative shift of the median the test would flag with
     * 80 % power (see {@link Compare}); infinite where no shift can be flagged}
     */
    public double mdc() {
        return mdc;
    }

    /**
     * {@return the median SM clock of the base's samples ({@code sm_clock_mhz}); NaN where a sample has none}
     */
    public double smClockBaseMHz() {
        return smClockBaseMHz;
    }

    /**
     * {@return the median SM clock of the new samples; NaN where a sample has none}
     */
    public double smClockNewMHz() {
        return smClockNewMHz;
    }

    /**
     * {@return the median of the new samples' cycles (each time times its repetition's SM clock) over the base's, as
     * NVBench's robust compare states the change per clock; NaN where a clock is unknown}
     */
    public double cyclesRatio() {
        return cyclesRatio;
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

    private List<Object> values() {
        return List.of(id, nBase, nNew, samplesBase, samplesNew, medianBaseMillis, medianNewMillis, centerBaseMillis,
                centerNewMillis, ratio, ratioInterval, test, verdict, stability, notes, unit, forksBase, forksNew, testVerdict, mdc, smClockBaseMHz,
                smClockNewMHz, cyclesRatio);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof BenchmarkComparison other && values().equals(other.values());
    }

    @Override
    public int hashCode() {
        return values().hashCode();
    }

    @Override
    public String toString() {
        return "BenchmarkComparison[id=" + id + ", nBase=" + nBase + ", nNew=" + nNew + ", samplesBase=" + samplesBase
                + ", samplesNew=" + samplesNew + ", medianBaseMillis=" + medianBaseMillis + ", medianNewMillis="
                + medianNewMillis + ", centerBaseMillis=" + centerBaseMillis + ", centerNewMillis=" + centerNewMillis
                + ", ratio=" + ratio + ", ratioInterval=" + ratioInterval + ", test=" + test
                + ", verdict=" + verdict + ", stability=" + stability + ", notes=" + notes + ", unit=" + unit
                + ", forksBase=" + forksBase + ", forksNew=" + forksNew + ", testVerdict=" + testVerdict + ", mdc="
                + mdc + ", smClockBaseMHz=" + smClockBaseMHz + ", smClockNewMHz=" + smClockNewMHz + ", cyclesRatio="
                + cyclesRatio + "]";
    }
}

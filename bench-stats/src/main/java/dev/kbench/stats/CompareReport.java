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

/**
 * The result of {@link Compare#compare}: one row per benchmark present in both inputs, in
 * {@link BenchmarkId#ORDER}, and the benchmarks present in only one of them (docs/formats.md §3).
 *
 * @param method the test
 * @param distribution the p-value distribution, meaningful for {@link TestMethod#BRUNNER_MUNZEL}
 * @param unit the unit asked for; each result says which it used
 * @param alpha the significance level asked for
 * @param correction the multiple-comparison correction
 * @param alphaPerBenchmark the level each benchmark was tested at: {@code alpha}, or
 *        {@code alpha / results().size()} with {@link Correction#BONFERRONI}
 * @param thresholdRel the practical-significance threshold, a relative change
 * @param center the center of fork medians asked for (benchmarks tested with other units use the median)
 * @param results the comparisons
 * @param onlyInBase benchmarks with samples in the base only, in {@link BenchmarkId#ORDER}
 * @param onlyInNew benchmarks with samples in the new input only, in {@link BenchmarkId#ORDER}
 */
public record CompareReport(TestMethod method, BrunnerMunzelTest.Distribution distribution, Unit unit,
                            double alpha, Correction correction, double alphaPerBenchmark, double thresholdRel,
                            Center center, List<BenchmarkComparison> results, List<BenchmarkId> onlyInBase,
                            List<BenchmarkId> onlyInNew) {

    /** Validates and copies. */
    public CompareReport {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(distribution, "distribution");
        Objects.requireNonNull(unit, "unit");
        Objects.requireNonNull(correction, "correction");
        Objects.requireNonNull(center, "center");
        results = List.copyOf(results);
        onlyInBase = List.copyOf(onlyInBase);
        onlyInNew = List.copyOf(onlyInNew);
    }

    /**
     * What was tested, as JSON's {@code aggregation}: the name of the unit every result used
     * ({@code samples}, {@code repetition_mean} or {@code fork_median}), {@code mixed} when they
     * differ, or that of the unit asked for when there are no results.
     *
     * @return the name
     */
    public String aggregationName() {
        List<Unit> used = results.stream().map(BenchmarkComparison::unit).distinct().toList();
        if (used.isEmpty()) {
            return unit.aggregationName();
        }
        return used.size() == 1 ? used.getFirst().aggregationName() : "mixed";
    }

    /**
     * How many results could not measure between-run variance: one fork on a side.
     *
     * @return the count of results whose {@link BenchmarkComparison#betweenRunVariance()} is unknown
     */
    public long countOneFork() {
        return results.stream().filter(r -> r.betweenRunVariance().equals("unknown")).count();
    }

    /**
     * What the verdicts can and cannot tell, one sentence per line, as {@code kbench compare} prints it
     * under its table: results with one fork on a side (between-run variance unknown: the verdicts are
     * about these two runs, not about the code), and results with forks on both sides tested sample by
     * sample (between-run variance ignored). Print them with the verdicts.
     *
     * @return the lines, empty when every result tested forks
     */
    public List<String> caveats() {
        List<String> lines = new java.util.ArrayList<>(2);
        long unknown = countOneFork();
        if (unknown > 0) {
            lines.add(unknown + " of " + results.size() + " benchmark(s) have one fork on a side: between-run variance"
                    + " is unknown, so their verdicts are about these two runs, not about the code; measure each side"
                    + " in several processes (kbench run --forks, or Forks in code).");
        }
        long ignored = results.stream().filter(r -> r.betweenRunVariance().equals("ignored")).count();
        if (ignored > 0) {
            lines.add(ignored + " benchmark(s) have forks on both sides but were tested per " + unit.jsonName()
                    + ": between-run variance is ignored (--unit auto tests forks).");
        }
        return List.copyOf(lines);
    }

    /**
     * How many benchmarks have a verdict, e.g. to choose the exit status.
     *
     * @param verdict the verdict to count
     * @return the number of results with it
     */
    public long count(Verdict verdict) {
        return results.stream().filter(r -> r.verdict() == verdict).count();
    }
}

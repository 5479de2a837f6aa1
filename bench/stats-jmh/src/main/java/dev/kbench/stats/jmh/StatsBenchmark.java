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
package dev.kbench.stats.jmh;

import dev.kbench.api.SampleRecord;
import dev.kbench.stats.Aggregation;
import dev.kbench.stats.BrunnerMunzelTest;
import dev.kbench.stats.Compare;
import dev.kbench.stats.CompareReport;
import dev.kbench.stats.MannWhitneyUTest;
import dev.kbench.stats.TestResult;
import dev.kbench.stats.WelchTTest;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The stats engine at the sizes docs/stats.md measures: one Brunner-Munzel test on 2 x 10^6 samples
 * (10^6 per side), and a whole {@code kbench compare} of 10,000 benchmarks x 100 samples per side.
 * Data: seeded log-normal times (continuous, no ties), the new side 1 % slower.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class StatsBenchmark {

    static final int SIDE = 1_000_000;
    static final int BENCHMARKS = 10_000;
    static final int SAMPLES = 100;

    double[] base;
    double[] next;
    double[] base4;
    double[] next4;
    List<SampleRecord> baseRecords;
    List<SampleRecord> nextRecords;

    @Setup
    public void setup() {
        SplittableRandom random = new SplittableRandom(42);
        base = times(random, SIDE, 1.0);
        next = times(random, SIDE, 1.01);
        base4 = times(random, 2 * SIDE, 1.0);
        next4 = times(random, 2 * SIDE, 1.01);
        baseRecords = records(random, 1.0);
        nextRecords = records(random, 1.01);
    }

    private static double[] times(SplittableRandom random, int n, double scale) {
        double[] t = new double[n];
        for (int i = 0; i < n; i++) {
            t[i] = scale * Math.exp(0.05 * gaussian(random));
        }
        return t;
    }

    /** 10,000 benchmarks of 10 repetitions x 10 samples. */
    private static List<SampleRecord> records(SplittableRandom random, double scale) {
        List<SampleRecord> rows = new ArrayList<>(BENCHMARKS * SAMPLES);
        for (int b = 0; b < BENCHMARKS; b++) {
            double level = 0.01 * (1 + b % 97);
            for (int i = 0; i < SAMPLES; i++) {
                rows.add(SampleRecord.builder("bench" + b, "n=" + b).repetition(i / 10).sample(i % 10)
                        .timeMillis(level * scale * Math.exp(0.05 * gaussian(random))).backend("cuda").device("H200")
                        .build());
            }
        }
        return rows;
    }

    private static double gaussian(SplittableRandom random) {
        double u = 1 - random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    /** Brunner-Munzel (t), 10^6 vs 10^6 samples: one primitive sort of the pooled values, the placement variances. */
    @Benchmark
    public TestResult brunnerMunzel2M() {
        return BrunnerMunzelTest.withDefaults().test(base, next);
    }

    /** Brunner-Munzel (t), 2 x 10^6 vs 2 x 10^6 samples. */
    @Benchmark
    public TestResult brunnerMunzel4M() {
        return BrunnerMunzelTest.withDefaults().test(base4, next4);
    }

    /** Mann-Whitney U (asymptotic with tie correction), 10^6 vs 10^6 samples. */
    @Benchmark
    public TestResult mannWhitney2M() {
        return MannWhitneyUTest.withDefaults().test(base, next);
    }

    /** Welch's t, 10^6 vs 10^6 samples. */
    @Benchmark
    public TestResult welch2M() {
        return WelchTTest.withDefaults().test(base, next);
    }

    /** kbench compare's defaults: Brunner-Munzel on raw samples, 1000 bootstrap replicates per benchmark. */
    @Benchmark
    public CompareReport compare10kBenchmarks() {
        return Compare.withDefaults().compare(baseRecords, nextRecords);
    }

    /** The same without the bootstrap interval: the tests and grouping alone. */
    @Benchmark
    public CompareReport compare10kBenchmarksNoBootstrap() {
        return Compare.withDefaults().withBootstrapResamples(0).compare(baseRecords, nextRecords);
    }

    /** Repetition means (10 per side) with the stability check at 100 shuffles per benchmark. */
    @Benchmark
    public CompareReport compare10kBenchmarksRepetitionMeans100Shuffles() {
        return Compare.withDefaults().with(Aggregation.REPETITION_MEAN).withStabilityShuffles(100)
                .compare(baseRecords, nextRecords);
    }
}

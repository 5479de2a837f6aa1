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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import dev.kbench.api.RepetitionTelemetry;
import dev.kbench.api.SampleRecord;
import dev.kbench.api.ThrottleReason;
import dev.kbench.stats.io.SamplesCsv;
import dev.kbench.stats.io.SamplesCsvWriter;
import dev.kbench.stats.io.StatsJson;
import dev.kbench.stats.io.WriteMode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * These tests seal the machine-readable formats of docs/formats.md §2-§4: seeded samples, written and
 * compared byte for byte with the files under {@code src/test/resources/dev/kbench/stats/golden},
 * under several default locales. A deliberate format change regenerates them with
 * {@code -Dkbench.golden.update=true} (then review the diff).
 */
class GoldenFilesTest {

    private static final Locale SAVED = Locale.getDefault();
    private static final Path GOLDEN = Path.of("src/test/resources/dev/kbench/stats/golden");

    @TempDir
    Path dir;

    @AfterEach
    void restoreLocale() {
        Locale.setDefault(SAVED);
    }

    /** Seeded samples of a base or new run: shifts, ties, a constant, complete separation, one-sided benchmarks. */
    static List<SampleRecord> samples(boolean next) {
        SplittableRandom random = new SplittableRandom(next ? 2 : 1);
        List<SampleRecord> rows = new ArrayList<>();
        add(rows, random, "gemm", "m=64;n=64", 3, 8, 0.0589 * (next ? 1.02 : 1), 0.0012, "cuda", "NVIDIA H200", 1L << 20, 1L << 19);
        add(rows, random, "copy, strided", "", 3, 8, 0.25, 0.01, "cuda", "NVIDIA H200", 1L << 24, -1);
        add(rows, random, "noop", "", 2, 4, 0.001, 0, "cuda", "NVIDIA H200", -1, -1);
        add(rows, random, "reduce", "n=1024", 2, 5, next ? 0.09 : 0.03, 0.001, "cuda", "NVIDIA H200", -1, -1);
        add(rows, random, next ? "fresh" : "gone", "", 1, 3, 1.0, 0.01, "", "", -1, -1);
        return rows;
    }

    private static void add(List<SampleRecord> rows, SplittableRandom random, String benchmark, String params, int reps,
                            int samples, double mean, double sd, String backend, String device, long bytes, long flops) {
        for (int r = 0; r < reps; r++) {
            for (int s = 0; s < samples; s++) {
                double t = Math.round((mean + sd * gaussian(random)) * 1e7) / 1e7;
                SampleRecord row = SampleRecord.builder(benchmark, params).repetition(r).sample(s).timeMillis(t)
                        .backend(backend).device(device).bytes(bytes < 0 ? OptionalLong.empty() : OptionalLong.of(bytes))
                        .flops(flops < 0 ? OptionalLong.empty() : OptionalLong.of(flops)).build();
                if (benchmark.equals("gemm")) {
                    // telemetry as NVML gives it: the second repetition throttled, energy for the first only
                    row = row.withTelemetry(new RepetitionTelemetry(OptionalDouble.empty(), Optional.of(r == 1
                            ? Set.of(ThrottleReason.POWER_LIMIT, ThrottleReason.SW_POWER_CAP) : Set.of()),
                            r == 0 ? OptionalDouble.of(0.0021) : OptionalDouble.empty()));
                }
                rows.add(row);
            }
        }
    }

    /** Box-Muller on the seeded generator, so the data does not depend on the JDK's Gaussian. */
    private static double gaussian(SplittableRandom random) {
        double u = 1 - random.nextDouble();
        return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random.nextDouble());
    }

    private static String golden(String name, String actual) throws IOException {
        if (Boolean.getBoolean("kbench.golden.update")) {
            Files.createDirectories(GOLDEN);
            Files.writeString(GOLDEN.resolve(name), actual, StandardCharsets.UTF_8);
            return actual;
        }
        try (InputStream in = GoldenFilesTest.class.getResourceAsStream("golden/" + name)) {
            if (in == null) {
                throw new IllegalStateException("golden file " + name + " is missing; run with -Dkbench.golden.update=true");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"und", "de-DE", "fr-FR", "tr-TR", "ar-EG", "hi-IN"})
    void samplesCsv(String locale) throws IOException {
        Locale.setDefault(Locale.forLanguageTag(locale));
        Path file = dir.resolve("base.csv");
        try (SamplesCsvWriter out = SamplesCsvWriter.open(file, WriteMode.CREATE_NEW)) {
            List<SampleRecord> rows = samples(false);
            out.append(rows.subList(0, 10));
            out.append(rows.subList(10, rows.size()));
        }
        String text = Files.readString(file, StandardCharsets.UTF_8);
        assertEquals(golden("base.csv", text), text);
        assertEquals(samples(false), SamplesCsv.read(file));

        Path next = dir.resolve("new.csv");
        try (SamplesCsvWriter out = SamplesCsvWriter.open(next, WriteMode.CREATE_NEW)) {
            out.append(samples(true));
        }
        String nextText = Files.readString(next, StandardCharsets.UTF_8);
        assertEquals(golden("new.csv", nextText), nextText);
    }

    @ParameterizedTest
    @ValueSource(strings = {"und", "de-DE", "fr-FR", "tr-TR", "ar-EG", "hi-IN"})
    void compareJson(String locale) throws IOException {
        Locale.setDefault(Locale.forLanguageTag(locale));
        CompareReport samples = Compare.withDefaults().withThreshold(0).compare(samples(false), samples(true));
        String json = StatsJson.compare(samples);
        assertEquals(golden("compare.json", json), json);

        CompareReport reps = Compare.withDefaults().withThreshold(0).with(TestMethod.MANN_WHITNEY_U).with(Aggregation.REPETITION_MEAN)
                .with(Correction.BONFERRONI).withAlpha(0.05).withStabilityShuffles(200)
                .compare(samples(false), samples(true));
        String repsJson = StatsJson.compare(reps);
        assertEquals(golden("compare-repetitions.json", repsJson), repsJson);
    }

    @ParameterizedTest
    @ValueSource(strings = {"und", "de-DE", "fr-FR", "tr-TR", "ar-EG", "hi-IN"})
    void summaryJson(String locale) throws IOException {
        Locale.setDefault(Locale.forLanguageTag(locale));
        List<Summary> summaries = Summarizer.withDefaults().summarize(samples(false));
        String json = StatsJson.summary(summaries);
        assertEquals(golden("summary.json", json), json);
        String details = StatsJson.summaryWithDetails(Summarizer.withDefaults().withQuantiles("0.1", "0.50", "0.9")
                .summarize(samples(true)));
        assertEquals(golden("summary-details.json", details), details);
    }

    @Test
    void compareJsonHasTheContractKeysInOrder() throws IOException {
        JsonNode root = JsonMapper.builder().build().readTree(StatsJson.compare(
                Compare.withDefaults().withThreshold(0).compare(samples(false), samples(true))));
        assertEquals(List.of("method", "alpha", "results", "only_in_base", "only_in_new"),
                names(root).subList(0, 5));
        assertEquals("brunnermunzel", root.get("method").asText());
        assertEquals(0.001, root.get("alpha").asDouble());
        List<String> contract = List.of("benchmark", "params", "n_base", "n_new", "median_base_ms", "median_new_ms",
                "ratio", "statistic", "pvalue_two_sided", "pvalue_less", "pvalue_greater", "verdict");
        for (JsonNode r : root.get("results")) {
            assertEquals(contract, names(r).subList(0, contract.size()));
            assertTrue(List.of("slower", "faster", "same").contains(r.get("verdict").asText()));
            for (String p : List.of("pvalue_two_sided", "pvalue_less", "pvalue_greater")) {
                assertTrue(r.get(p).isNumber(), p + " must be finite: " + r);
            }
        }
        assertEquals("gone", root.get("only_in_base").get(0).get("benchmark").asText());
        assertEquals("fresh", root.get("only_in_new").get(0).get("benchmark").asText());
    }

    @Test
    void summaryJsonHasExactlyTheContractKeys() throws IOException {
        JsonNode root = JsonMapper.builder().build().readTree(StatsJson.summary(
                Summarizer.withDefaults().summarize(samples(false))));
        assertEquals(List.of("results"), names(root));
        for (JsonNode r : root.get("results")) {
            assertEquals(List.of("benchmark", "params", "n", "min_ms", "max_ms", "mean_ms", "median_ms", "stddev_ms",
                    "quantiles"), names(r));
            assertEquals(List.of("0.2", "0.5", "0.8"), names(r.get("quantiles")));
        }
    }

    private static List<String> names(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}

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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kbench.api.RepetitionTelemetry;
import dev.kbench.api.SampleRecord;
import dev.kbench.api.ThrottleReason;
import dev.kbench.stats.io.SamplesCsvWriter;
import dev.kbench.stats.io.WriteMode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code compare} and {@code summary} on samples files with telemetry, written by {@link SamplesCsvWriter} as a
 * run writes them: different SM clocks warned about, {@code --per-clock} stating the change in cycles,
 * throttled repetitions counted.
 */
class TelemetryCliTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /**
     * 4 repetitions of 10 samples of one benchmark, each time {@code scale} times a fixed pattern around 1 ms,
     * at one SM clock; repetition 2 throttled by the power cap where {@code throttled}.
     */
    private Path write(String name, double scale, OptionalDouble clock, boolean throttled) throws IOException {
        List<SampleRecord> rows = new ArrayList<>();
        for (int r = 0; r < 4; r++) {
            RepetitionTelemetry t = new RepetitionTelemetry(clock, clock.isPresent()
                    ? Optional.of(throttled && r == 2 ? Set.of(ThrottleReason.SW_POWER_CAP) : Set.of()) : Optional.empty(),
                    OptionalDouble.empty());
            for (int s = 0; s < 10; s++) {
                double time = scale * (1 + 0.001 * ((7 * (10 * r + s)) % 11));
                rows.add(SampleRecord.builder("gelu", "n=16777216").repetition(r).sample(s).timeMillis(time)
                        .backend("cuda").device("NVIDIA H200").bytes(1L << 27).telemetry(t).build());
            }
        }
        Path file = dir.resolve(name);
        try (SamplesCsvWriter out = SamplesCsvWriter.open(file, WriteMode.CREATE_NEW)) {
            out.append(rows);
        }
        return file;
    }

    @Test
    void differentClocksAreWarnedAboutAndPerClockStatesTheCycles() throws IOException {
        // new ran 10% slower at a clock 1/1.1 of the base's: the same cycles
        Path base = write("base.csv", 1, OptionalDouble.of(1980), false);
        Path next = write("new.csv", 1.1, OptionalDouble.of(1800), false);
        Cli.Result r = Cli.run("compare", base.toString(), next.toString(), "--per-clock");
        assertEquals(1, r.status(), "10% slower in time is still a regression: " + r);
        assertTrue(r.err().contains("kbench compare: warning: gelu[n=16777216] ran at different SM clocks: base 1980 "
                + "MHz, new 1800 MHz (medians, more than 1% apart); the change in time may be the clock's: +10.00% in "
                + "time, +0.00% in cycles (--per-clock)"), r.toString());
        assertTrue(r.out().contains("per clock (cycles = time x SM clock of each repetition):\n"
                + "  gelu[n=16777216]: time +10.00%, cycles +0.00% (SM clock: base 1980 MHz, new 1800 MHz, differ)\n"),
                r.toString());

        Cli.Result json = Cli.run("compare", base.toString(), next.toString(), "--format", "json");
        JsonNode result = JSON.readTree(json.out()).get("results").get(0);
        assertEquals(1980, result.get("sm_clock_mhz_base").asDouble());
        assertEquals(1800, result.get("sm_clock_mhz_new").asDouble());
        assertEquals(1.0, result.get("cycles_ratio").asDouble(), 1e-12);
        assertTrue(result.get("notes").toString().contains("the SM clocks differ"), result.toString());
        assertTrue(json.err().contains("ran at different SM clocks"), "the warning goes to stderr, the JSON stays clean");
    }

    @Test
    void clocksWithinOnePercentAreNotWarnedAbout() throws IOException {
        // 1965 MHz is one 15 MHz step below 1980: 0.76%
        Path base = write("base.csv", 1, OptionalDouble.of(1980), false);
        Path next = write("new.csv", 1, OptionalDouble.of(1965), false);
        Cli.Result r = Cli.run("compare", base.toString(), next.toString(), "--per-clock");
        assertEquals(0, r.status(), r.toString());
        assertFalse(r.err().contains("different SM clocks"), r.toString());
        assertTrue(r.out().contains("time +0.00%, cycles -0.76% (SM clock: base 1980 MHz, new 1965 MHz)\n"), r.out());
    }

    @Test
    void perClockWithoutClocksIsRefusedNamingTheFile() throws IOException {
        Path base = write("base.csv", 1, OptionalDouble.empty(), false);
        Path next = write("new.csv", 1, OptionalDouble.of(1980), false);
        Cli.Result r = Cli.run("compare", base.toString(), next.toString(), "--per-clock");
        assertEquals(2, r.status(), r.toString());
        assertTrue(r.err().contains("--per-clock needs the SM clock of every sample (the sm_clock_mhz column, read "
                + "through NVML on CUDA): " + base), r.toString());
        assertEquals(0, Cli.run("compare", base.toString(), next.toString()).status(), "without it, no clocks is fine");
    }

    @Test
    void summarySaysHowManyRepetitionsWereThrottledAndWhy() throws IOException {
        Path file = write("run.csv", 1, OptionalDouble.of(1980), true);
        Cli.Result table = Cli.run("summary", file.toString());
        assertEquals(0, table.status(), table.toString());
        assertTrue(table.out().contains("throttled in 1 of 4 repetitions (sw_power_cap 1)"), table.out());
        Cli.Result json = Cli.run("summary", file.toString(), "--format", "json", "--details");
        JsonNode warning = JSON.readTree(json.out()).get("results").get(0).get("warnings").get(0);
        assertEquals("throttled", warning.get("kind").asText());
        assertTrue(warning.get("message").asText().startsWith("throttled in 1 of 4 repetitions (sw_power_cap 1): "),
                warning.toString());
    }

    @Test
    void aForkedRunKeepsEachForksTelemetryInTheMergedOutcome() {
        // fork 0: two quiet repetitions at 1980 MHz; fork 1: its repetition 1 capped at 1755 MHz, with energy
        List<SampleRecord> rows = new ArrayList<>();
        for (int fork = 0; fork < 2; fork++) {
            for (int r = 0; r < 2; r++) {
                boolean capped = fork == 1 && r == 1;
                RepetitionTelemetry t = new RepetitionTelemetry(OptionalDouble.of(capped ? 1755 : 1980),
                        Optional.of(capped ? Set.of(ThrottleReason.SW_POWER_CAP) : Set.of()),
                        fork == 1 ? OptionalDouble.of(0.002) : OptionalDouble.empty());
                for (int s = 0; s < 3; s++) {
                    rows.add(SampleRecord.builder("gelu", "n=1024").repetition(r).sample(s).timeMillis(1)
                            .backend("cuda").device("NVIDIA H200").bytes(8192).fork(fork).telemetry(t).build());
                }
            }
        }
        dev.kbench.api.BenchmarkOutcome merged = ForkedRuns.merged(rows, ForkedRuns.Reported.NONE, java.util.Map.of(), 1,
                dev.kbench.api.Schedule.INTERLEAVED).outcomes().getFirst();
        assertEquals(4, merged.telemetry().size(), "fork 0's repetitions, then fork 1's");
        assertEquals(1, merged.throttledRepetitions());
        assertEquals(Optional.of(Set.of(ThrottleReason.SW_POWER_CAP)), merged.telemetry().get(3).throttling());
        assertEquals(OptionalDouble.of(1755), merged.telemetry().get(3).smClockMHz());
        assertEquals(OptionalDouble.empty(), merged.telemetry().get(0).joulesPerCall());
        assertEquals(0.002, merged.joulesPerCall().getAsDouble(), 0, "the median of the repetitions that have energy");
    }
}

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
package dev.kbench.stats.format;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kbench.api.BenchmarkOutcome;
import dev.kbench.api.Params;
import dev.kbench.api.RepetitionTelemetry;
import dev.kbench.api.Schedule;
import dev.kbench.api.SuiteOptions;
import dev.kbench.api.SuiteResult;
import dev.kbench.api.ThrottleReason;
import dev.kbench.api.Timing;
import dev.kbench.api.TimingMethod;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The run table and run JSON with per-repetition telemetry: throttled repetitions marked, energy given. */
class RunTelemetryTest {

    private static String write(RunFormat format, List<RepetitionTelemetry> telemetry) {
        double[] rep = {0.5, 0.5, 0.5, 0.5, 0.5};
        SuiteResult result = SuiteResult.builder("cuda", "NVIDIA H200").order(Schedule.INTERLEAVED, 1)
                .outcomes(List.of(BenchmarkOutcome.builder("gelu", Params.none()).repetitions(List.of(rep, rep, rep))
                        .work(OptionalLong.of(1L << 30), OptionalLong.empty()).timing(Timing.HOT, TimingMethod.HELD, 100, "")
                        .telemetry(telemetry).build())).build();
        StringWriter out = new StringWriter();
        format.write(RunReport.of(result, SuiteOptions.withDefaults().withTiming(Timing.HOT),
                new Statistic.Quantiles(List.of("0.5"))), new PrintWriter(out), false);
        return out.toString();
    }

    private static RepetitionTelemetry rep(Set<ThrottleReason> reasons, double joules) {
        return new RepetitionTelemetry(OptionalDouble.of(1980), Optional.of(reasons), OptionalDouble.of(joules));
    }

    @Test
    void theTableMarksThrottledRepetitionsAndGivesTheEnergy() {
        String table = write(RunFormat.TABLE, List.of(rep(Set.of(), 0.004), rep(Set.of(ThrottleReason.HW_SLOWDOWN,
                ThrottleReason.POWER_LIMIT), 0.005), rep(Set.of(), 0.006)));
        // median 5 mJ a call of 1 GiB: 1.073741824 GB / 0.005 J = 214.7 GB/J
        assertTrue(table.contains("energy 5 mJ/call, 215 GB/J"), table);
        assertTrue(table.contains("throttled in 1 of 3 repetitions (hw_slowdown 1, power_limit 1)"), table);
    }

    @Test
    void theJsonListsEachRepetitionsTelemetry() throws Exception {
        JsonNode r = new ObjectMapper().readTree(write(RunFormat.JSON, List.of(rep(Set.of(), 0.004),
                rep(Set.of(ThrottleReason.SW_THERMAL), 0.005), RepetitionTelemetry.NONE))).get("results").get(0);
        assertEquals(1, r.get("throttled_repetitions").asInt());
        assertEquals(0.0045, r.get("joules_per_call").asDouble(), 1e-15, "the median of the two that have energy");
        assertEquals(1.073741824 / 0.0045, r.get("gb_per_j").asDouble(), 1e-9);
        assertTrue(r.get("gflop_per_j").isNull(), "no FLOPs stated");
        assertTrue(r.get("energy_note").isNull());
        assertEquals("[{\"sm_clock_mhz\":1980.0,\"throttle\":[],\"joules_per_call\":0.004},"
                + "{\"sm_clock_mhz\":1980.0,\"throttle\":[\"sw_thermal\"],\"joules_per_call\":0.005},"
                + "{\"sm_clock_mhz\":null,\"throttle\":null,\"joules_per_call\":null}]", r.get("telemetry").toString());
    }

    @Test
    void withoutTelemetryTheJsonSaysNullNeverZero() throws Exception {
        JsonNode r = new ObjectMapper().readTree(write(RunFormat.JSON, List.of())).get("results").get(0);
        assertTrue(r.get("throttled_repetitions").isNull());
        assertTrue(r.get("joules_per_call").isNull());
        assertTrue(r.get("gb_per_j").isNull());
        assertEquals(3, r.get("telemetry").size());
    }
}

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
package dev.kbench.api;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Results rebuilt from recorded samples: what is given is kept (copied), what is not has its default. */
class ResultBuildersTest {

    @Test
    void anOutcomeKeepsItsSamplesAndTimingAndDefaultsTheRest() {
        double[] first = {1.0, 2.0};
        List<double[]> repetitions = new ArrayList<>(List.of(first, new double[] {3.0}));
        BenchmarkOutcome outcome = BenchmarkOutcome.builder("copy", Params.of(Map.of("n", 1024)))
                .repetitions(repetitions).work(OptionalLong.of(8192), OptionalLong.empty())
                .timing(Timing.HOT, TimingMethod.BATCH, 50, "no hold").build();
        first[0] = 99;                       // the builder copied the samples
        repetitions.clear();
        assertEquals(2, outcome.repetitions().size());
        assertArrayEquals(new double[] {1.0, 2.0}, outcome.repetitions().getFirst());
        assertEquals(OptionalLong.of(8192), outcome.bytesPerCall());
        assertEquals(OptionalLong.empty(), outcome.flopsPerCall());
        assertEquals(Timing.HOT, outcome.timing());
        assertEquals(TimingMethod.BATCH, outcome.method());
        assertEquals(50, outcome.callsPerSample());
        assertEquals("no hold", outcome.timingNote());
        assertEquals(StopReason.REPETITIONS, outcome.stopReason());
        assertEquals(Optional.empty(), outcome.reason());
        assertTrue(Double.isNaN(outcome.estimateMillis()) && Double.isNaN(outcome.clearMillis()), "not measured");
        BenchmarkOutcome plain = BenchmarkOutcome.builder("copy", Params.none()).build();
        assertEquals(Timing.COLD, plain.timing());
        assertEquals(TimingMethod.EVENTS, plain.method());
        assertEquals(1, plain.callsPerSample());
        assertEquals(List.of(), plain.repetitions());
        assertThrows(IllegalArgumentException.class, () -> BenchmarkOutcome.builder("copy", Params.none())
                .timing(Timing.HOT, TimingMethod.BATCH, 0, ""));
    }

    @Test
    void aSuiteResultKeepsItsOrderRunIdAndOutcomes() {
        BenchmarkOutcome outcome = BenchmarkOutcome.builder("copy", Params.none()).build();
        SuiteResult result = SuiteResult.builder("opencl", "cpu").order(Schedule.SEQUENTIAL, 42).runId("r1")
                .outcomes(List.of(outcome)).build();
        assertEquals("opencl", result.backend());
        assertEquals("cpu", result.device());
        assertEquals(Schedule.SEQUENTIAL, result.schedule());
        assertEquals(42, result.seed());
        assertEquals("r1", result.runId());
        assertEquals(List.of(outcome), result.outcomes());
        SuiteResult bare = SuiteResult.builder("opencl", "cpu").build();
        assertEquals(Schedule.INTERLEAVED, bare.schedule());
        assertEquals("", bare.runId());
        assertEquals(List.of(), bare.outcomes());
    }

    @Test
    void aSampleKeepsWhatWasSetAndLeavesTheRestEmpty() {
        RepetitionTelemetry telemetry = new RepetitionTelemetry(OptionalDouble.of(1980),
                Optional.of(Set.of(ThrottleReason.SW_POWER_CAP)), OptionalDouble.of(0.25));
        SampleRecord full = SampleRecord.builder("gemm", "m=64").repetition(2).sample(3).timeMillis(0.5)
                .backend("cuda").device("NVIDIA H200").bytes(4096).flops(8192).fork(1).host("node1")
                .deviceId("GPU-1").runId("r1").telemetry(telemetry).build();
        assertEquals(new SampleRecord("gemm", "m=64", OptionalInt.of(2), 3, 0.5, "cuda", "NVIDIA H200",
                OptionalLong.of(4096), OptionalLong.of(8192), 1, "node1", "GPU-1", OptionalDouble.of(1980), "r1",
                Optional.of(Set.of(ThrottleReason.SW_POWER_CAP)), OptionalDouble.of(0.25)), full);
        SampleRecord bare = SampleRecord.builder("copy", "").timeMillis(1).build();
        assertEquals(new SampleRecord("copy", "", OptionalInt.empty(), 0, 1, "", "", OptionalLong.empty(),
                OptionalLong.empty(), 0, "", "", OptionalDouble.empty(), "", Optional.empty(), OptionalDouble.empty()),
                bare);
        IllegalArgumentException unset = assertThrows(IllegalArgumentException.class,
                () -> SampleRecord.builder("copy", "n=4").sample(7).build());
        assertEquals("time_ms not set for sample 7 of copy[n=4]", unset.getMessage());
        IllegalArgumentException negative = assertThrows(IllegalArgumentException.class,
                () -> SampleRecord.builder("copy", "").timeMillis(-1).build());
        assertEquals("time_ms must be finite and >= 0, got -1.0", negative.getMessage());
    }
}

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
package dev.kbench.cli.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.Backend;
import dev.kbench.api.BenchmarkOutcome;
import dev.kbench.api.StopReason;
import dev.kbench.api.Suite;
import dev.kbench.api.SuiteListener;
import dev.kbench.api.SuiteOptions;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The built-in suite's random inputs made ahead (a fork in standby makes them before its turn): the same
 * values as those made when a workload is set up, within the budget, taken once, freed by whoever holds
 * them; and a run of a prepared suite on PoCL takes every one it made.
 */
class HostInputsTest {

    private static final HostInputs.Floats SOME = new HostInputs.Floats(11, -2f, 3f);

    private static Backend driver;

    @BeforeAll
    static void pocl() {
        driver = dev.kbench.cli.Pocl.require();
    }

    @Test
    void valuesMadeAheadAreTheOnesMadeAtSetUp() {
        try (HostInputs inputs = new HostInputs(); Arena arena = Arena.ofConfined()) {
            assertEquals(4000, inputs.make(List.of(SOME.of(1000)), HostInputs.BUDGET_BYTES));
            HostInputs.Made made = inputs.take(SOME.of(1000)).orElseThrow();
            MemorySegment now = HostInputs.random(arena, SOME.of(1000));
            assertEquals(-1, now.mismatch(made.values()));
            made.arena().close();
            float first = now.getAtIndex(java.lang.foreign.ValueLayout.JAVA_FLOAT, 0);
            assertTrue(first >= -2f && first < 3f, "in [lo, hi): " + first);
        }
    }

    @Test
    void eachInputIsTakenOnceAndTheBudgetIsKept() {
        try (HostInputs inputs = new HostInputs()) {
            // 400 + 4000 bytes would pass a 1000-byte budget: the large one is left to its workload, the
            // small one after it is still made
            long made = inputs.make(List.of(SOME.of(100), SOME.of(1000), SOME.of(100), SOME.of(50)), 1000);
            assertEquals(600, made);
            assertTrue(inputs.take(SOME.of(1000)).isEmpty());
            HostInputs.Made small = inputs.take(SOME.of(100)).orElseThrow();
            assertTrue(inputs.take(SOME.of(100)).isEmpty(), "taken twice");
            small.arena().close();
            assertTrue(inputs.take(SOME.of(50)).isPresent());
        }
    }

    @Test
    void closingFreesWhatNoWorkloadTookAndMakesNoMore() {
        HostInputs inputs = new HostInputs();
        inputs.make(List.of(SOME.of(10)), HostInputs.BUDGET_BYTES);
        MemorySegment values = inputs.take(SOME.of(10)).orElseThrow().values();
        inputs.make(List.of(SOME.of(20)), HostInputs.BUDGET_BYTES);
        inputs.close();
        assertTrue(values.scope().isAlive(), "a taken input is its taker's to free");
        assertTrue(inputs.take(SOME.of(20)).isEmpty());
        assertEquals(0, inputs.make(List.of(SOME.of(30)), HostInputs.BUDGET_BYTES));
    }

    @Test
    void aPreparedRunTakesEveryInputItMadeAndPassesItsChecks() {
        try (SuiteKernels kernels = SuiteKernels.forDevice(driver.device(), java.util.Optional.empty())) {
            // copy (1 input) and triad (2) at two lengths; n = 0 is skipped and makes nothing
            Suite suite = BuiltinSuite.create(kernels, driver.device().facts().totalMemoryBytes())
                    .filter(List.of("copy", "triad")).withOverrides(Map.of("n", "1000,3000,0"));
            assertEquals(3 * (1000 + 3000) * Float.BYTES, BuiltinSuite.prepare(kernels, suite));
            List<BenchmarkOutcome> outcomes = suite.run(driver, SuiteOptions.withDefaults().withRepetitions(1)
                    .withMillis(0, 0.5).withMaxSamplesPerRepetition(2).withCacheClearBytes(0),
                    SuiteListener.all(List.of())).outcomes();
            assertEquals(6, outcomes.size());
            outcomes.stream().filter(o -> !o.params().toString().equals("n=0")).forEach(o ->
                    assertEquals(StopReason.REPETITIONS, o.stopReason(), o.benchmark() + " " + o.params() + ": " + o.reason()));
            for (HostInputs.Floats f : List.of(CopyWorkload.SRC, TriadWorkload.B, TriadWorkload.C)) {
                for (long n : new long[] {1000, 3000}) {
                    assertFalse(kernels.inputs().take(f.of(n)).isPresent(), f + " at " + n + " was not taken");
                }
            }
        }
    }

    @Test
    void aFreedInputCannotBeRead() {
        HostInputs inputs = new HostInputs();
        inputs.make(List.of(SOME.of(10)), HostInputs.BUDGET_BYTES);
        HostInputs.Made made = inputs.take(SOME.of(10)).orElseThrow();
        made.arena().close();
        assertThrows(IllegalStateException.class, () -> made.values().getAtIndex(java.lang.foreign.ValueLayout.JAVA_FLOAT, 0));
        inputs.close();
    }
}

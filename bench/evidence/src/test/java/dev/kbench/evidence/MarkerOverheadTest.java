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
package dev.kbench.evidence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.Drivers;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/** MarkerOverhead on the OpenCL driver of the test run (PoCL in CI): markers bracket the kernel's own interval. */
class MarkerOverheadTest {

    static void assertMarkersBracketTheKernel(List<MarkerOverhead.Scenario> scenarios, int iterations) {
        assertEquals(List.of("empty", "kernel", "clear+kernel", "clear"),
                scenarios.stream().map(MarkerOverhead.Scenario::scenario).toList());
        for (MarkerOverhead.Scenario scenario : scenarios) {
            assertEquals(iterations, scenario.timestamps().size());
            for (MarkerOverhead.Timestamps t : scenario.timestamps()) {
                assertTrue(t.startMarkerEnd() > 0 && t.endMarkerEnd() >= t.startMarkerEnd(), t::toString);
                if (scenario.withKernel()) {
                    // In an in-order queue the kernel starts after the start marker completes and the end
                    // marker completes after the kernel.
                    assertTrue(t.startMarkerEnd() <= t.kernelStart(), () -> "kernel started before the start marker: " + t);
                    assertTrue(t.kernelStart() <= t.kernelEnd(), t::toString);
                    assertTrue(t.kernelEnd() <= t.endMarkerEnd(), () -> "end marker before the kernel's end: " + t);
                }
            }
        }
    }

    @Test
    void markersBracketTheKernelsOwnProfilingInterval() {
        List<MarkerOverhead.Scenario> scenarios = MarkerOverhead.run(Drivers.system().select("opencl"), 20, 1 << 12,
                1 << 20, new PrintStream(OutputStream.nullOutputStream()));
        assertMarkersBracketTheKernel(scenarios, 20);
    }
}

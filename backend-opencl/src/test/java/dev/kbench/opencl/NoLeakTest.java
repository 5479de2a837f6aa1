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
package dev.kbench.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import dev.kbench.api.Bench;
import dev.kbench.api.BenchOptions;
import dev.kbench.api.BenchResult;
import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.Dim3;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelModule;
import org.junit.jupiter.api.Test;

/** Every OpenCL object is released: counted objects balance, and native memory stays flat over 100,000s of repetitions. */
class NoLeakTest {

    /** 100,000 timed repetitions per doBench round, as the issue asks. */
    static final int REPETITIONS = 100_000;

    @Test
    void everyEventOfADoBenchIsReleased() {
        OpenClDriver driver = OpenCl.driver();
        OpenClDevice device = OpenCl.device();
        NativeCounts counts = device.counts();
        try (KernelModule module = device.loadModule(Gelu.source()); DeviceBuffer x = device.allocate(4096)) {
            List<KernelArg> args = List.of(KernelArg.buffer(x), KernelArg.buffer(x), KernelArg.i32(1024));
            long createdBefore = counts.created(NativeCounts.Kind.EVENT);
            long liveEvents = counts.live(NativeCounts.Kind.EVENT);
            long liveBuffers = counts.live(NativeCounts.Kind.BUFFER);
            BenchResult result = Bench.doBench(driver, () -> module.kernel(Gelu.ENTRY).launch(Dim3.of(4), Dim3.of(256), args),
                    BenchOptions.withDefaults().withCacheClearBytes(1 << 20).withWarmupMillis(1).withRepMillis(1e9)
                            .withMaxCalls(5_000, 10));
            assertEquals(5_000, result.repeatCalls());
            assertEquals(2 + 2L * result.repeatCalls(), counts.created(NativeCounts.Kind.EVENT) - createdBefore,
                    "one marker per recorded event: the estimate's pair and one pair per repetition");
            assertEquals(liveEvents, counts.live(NativeCounts.Kind.EVENT), "every cl_event was released");
            assertEquals(liveBuffers, counts.live(NativeCounts.Kind.BUFFER), "the cache clearer's buffer was released");
        }
    }

    /**
     * Native memory does not grow with repetitions. A child JVM with a fixed, pre-touched 64 MiB heap (so
     * the Java heap cannot move the resident set) runs 5 doBench rounds of 100,000 repetitions each; the
     * first two fill the allocator's pools (each round holds 200,000 markers at once), the last three
     * must not add more than 48 MiB (measured without a leak: 305, 311, 316, 316 MiB after rounds 1 to 4).
     * Leaking only the markers grows PoCL's resident set by 55 to 74 MiB per round (measured with
     * {@code clReleaseEvent} removed: 256, 330, 385, 443 MiB after rounds 0 to 3), over 170 MiB in three.
     */
    @Test
    void nativeMemoryStaysFlatOverHundredsOfThousandsOfRepetitions() throws Exception {
        OpenCl.driver();
        Jvm.Result result = Jvm.run(Jvm.Layout.MODULE_PATH, List.of("-Xms64m", "-Xmx64m", "-XX:+AlwaysPreTouch"), Map.of(),
                "dev.kbench.opencl.LeakProbe", List.of("5", Integer.toString(REPETITIONS)));
        assertEquals(0, result.exitCode(), result::toString);
        assertEquals("", result.stderr());
        List<long[]> rows = result.stdout().lines().skip(1).map(l -> List.of(l.split(",")).stream()
                .mapToLong(Long::parseLong).toArray()).toList();
        assertEquals(5, rows.size(), result.stdout());
        for (long[] row : rows) {
            assertEquals(REPETITIONS, row[1], result.stdout());
            assertEquals(0, row[3], () -> "live cl_events after a round: " + result.stdout());
            assertEquals(List.of(1L, 1L, 1L), List.of(row[4], row[5], row[6]), "only the probe's own buffer, program, kernel");
        }
        long baselineKb = rows.get(1)[2];
        long finalKb = rows.get(4)[2];
        assertTrue(finalKb - baselineKb < 48 * 1024, () -> "resident set grew by " + (finalKb - baselineKb)
                + " KiB over 300,000 repetitions:\n" + result.stdout());
    }
}

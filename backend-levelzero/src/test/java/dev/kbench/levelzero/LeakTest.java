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
package dev.kbench.levelzero;

import static dev.kbench.api.KernelArg.buffer;
import static dev.kbench.api.KernelArg.f32;
import static dev.kbench.api.KernelArg.i32;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.Dim3;
import dev.kbench.api.KernelModule;
import dev.kbench.api.KernelSource;
import dev.kbench.spi.CacheClearer;
import dev.kbench.spi.DeviceInterface;
import dev.kbench.spi.Event;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.management.JMException;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

/**
 * 100,000 repetitions of everything a benchmark does (events, launches, buffers, copies, modules, clears)
 * leak neither Level Zero objects nor native memory.
 *
 * <p>Two exact instruments: the test driver counts its live objects and bytes; the JVM's native memory
 * tracking (NMT, enabled by the pom's argLine) counts the blocks and bytes that arenas allocate, under
 * its "Other" category. Other users of that category (direct buffers of the test harness) may move a
 * little, so the check allows 100 blocks and 64 KiB: leaking one arena, or one byte, per repetition
 * would exceed both by three orders of magnitude.
 */
class LeakTest {

    private static final int REPETITIONS = 100_000;
    private static final long SLACK_BLOCKS = 100;
    private static final long SLACK_BYTES = 64 << 10;
    private static final List<String> LIVE = List.of("live.contexts", "live.commandLists", "live.eventPools",
            "live.events", "live.modules", "live.buildLogs", "live.kernels", "live.allocations", "live.allocatedBytes");
    private static final Pattern OTHER = Pattern.compile(
            "Other \\(reserved=\\d+, committed=\\d+\\)\\s*\\(malloc=(\\d+)[^#)]*#(\\d+)");

    /** NMT's malloc bytes and blocks of the "Other" category, where Unsafe (and so FFM arena) memory goes. */
    private static long[] otherMalloc() {
        String summary;
        try {
            summary = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "vmNativeMemory",
                    new Object[] {new String[] {"summary", "scale=b"}}, new String[] {String[].class.getName()});
        } catch (JMException e) {
            throw new AssertionError("cannot read native memory tracking", e);
        }
        assertTrue(summary.contains("Total:"), "NMT is off; run with -XX:NativeMemoryTracking=summary: " + summary);
        Matcher m = OTHER.matcher(summary);
        return m.find() ? new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2))} : new long[] {0, 0};
    }

    @Test
    void theInstrumentSeesArenaMemory() {
        long[] before = otherMalloc();
        try (Arena arena = Arena.ofConfined()) {
            for (int i = 0; i < 1000; i++) {
                arena.allocate(100);
            }
            long[] during = otherMalloc();
            assertTrue(during[1] - before[1] >= 1000, (during[1] - before[1]) + " blocks");
            assertTrue(during[0] - before[0] >= 100_000, (during[0] - before[0]) + " bytes");
        }
        long[] after = otherMalloc();
        assertTrue(Math.abs(after[1] - before[1]) < SLACK_BLOCKS, (after[1] - before[1]) + " blocks");
    }

    @Test
    void hundredThousandRepetitionsLeakNothing() {
        TestDriver.assertScenario("default");
        KernelSource source = TestDriver.kernels();
        List<Long> liveBefore = LIVE.stream().map(TestDriver::stat).toList();
        try (LevelZeroDriver driver = new LevelZeroDriver()) {
            DeviceInterface device = driver.device();
            int n = 256;
            try (DeviceBuffer data = device.allocate(4L * n); CacheClearer clearer = driver.cacheClearer(4096);
                 Arena host = Arena.ofConfined()) {
                MemorySegment values = TestDriver.floats(host, 1, 2, 3, 4);
                repeat(device, source, data, clearer, values, 1_000);     // warm up: slabs, staging, JIT
                long[] javaBefore = otherMalloc();
                List<Long> liveWarm = LIVE.stream().map(TestDriver::stat).toList();

                repeat(device, source, data, clearer, values, REPETITIONS);

                device.synchronize();
                assertEquals(liveWarm, LIVE.stream().map(TestDriver::stat).toList(),
                        "live test-driver objects " + LIVE + " after " + REPETITIONS + " repetitions");
                long[] javaAfter = otherMalloc();
                assertTrue(javaAfter[1] - javaBefore[1] < SLACK_BLOCKS,
                        "native blocks grew by " + (javaAfter[1] - javaBefore[1]));
                assertTrue(javaAfter[0] - javaBefore[0] < SLACK_BYTES,
                        "native bytes grew by " + (javaAfter[0] - javaBefore[0]));
            }
        }
        assertEquals(liveBefore, LIVE.stream().map(TestDriver::stat).toList(), "after closing the driver");
    }
    private static void repeat(DeviceInterface device, KernelSource source, DeviceBuffer data, CacheClearer clearer,
                               MemorySegment values, int times) {
        for (int i = 0; i < times; i++) {
            try (KernelModule module = device.loadModule(source);
                 Event start = device.createEvent(); Event end = device.createEvent();
                 DeviceBuffer scratch = device.allocate(4096)) {
                clearer.clear();
                start.record();
                module.kernel("fill").launch(Dim3.of(4), Dim3.of(64), buffer(data), f32(i), i32(256));
                module.kernel("copy").launch(Dim3.of(4), Dim3.of(64), buffer(data), buffer(scratch), i32(256));
                end.record();
                if (i % 16 == 0) {
                    device.write(values, scratch);
                    device.read(scratch, values);
                    assertTrue(start.elapsedMillis(end) >= 0);
                }
            }
        }
    }
}

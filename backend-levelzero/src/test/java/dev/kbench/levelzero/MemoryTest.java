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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.DeviceException;
import dev.kbench.spi.DeviceInterface;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Device buffers: allocation, copies staged through Level Zero host memory, fills. */
class MemoryTest {

    private static LevelZeroDriver driver;
    private static DeviceInterface device;

    @BeforeAll
    static void open() {
        TestDriver.assertScenario("default");
        driver = new LevelZeroDriver();
        device = driver.device();
    }

    @AfterAll
    static void close() {
        driver.close();
    }

    @Test
    void copiesLargerThanTheStagingBufferGoInChunks() {
        long bytes = LevelZeroDevice.STAGING_LIMIT_BYTES * 2 + 12345;
        try (Arena arena = Arena.ofConfined(); DeviceBuffer buffer = device.allocate(bytes)) {
            MemorySegment source = arena.allocate(bytes);
            for (long i = 0; i < bytes; i++) {
                source.set(ValueLayout.JAVA_BYTE, i, (byte) (i * 31 + (i >>> 20)));
            }
            long copies = TestDriver.stat("run.copies");
            device.write(source, buffer);
            MemorySegment back = arena.allocate(bytes);
            device.read(buffer, back);
            assertEquals(6, TestDriver.stat("run.copies") - copies);
            assertEquals(-1L, source.mismatch(back));
        }
    }

    @Test
    void fillWritesThe32BitPatternOnTheStream() {
        try (DeviceBuffer buffer = device.allocate(4096)) {
            long fills = TestDriver.stat("run.fills");
            device.fill(buffer, Float.floatToRawIntBits(1.5f));
            float[] back = new float[1024];
            device.read(buffer, MemorySegment.ofArray(back));
            assertEquals(fills + 1, TestDriver.stat("run.fills"));
            for (float f : back) {
                assertEquals(1.5f, f);
            }
        }
    }

    @Test
    void aRefusedAllocationNamesTheSizeAndTheResult() {
        DeviceException e = assertThrows(DeviceException.class, () -> device.allocate(5L << 30));
        assertEquals("zeMemAllocDevice(5368709120 bytes) returned ZE_RESULT_ERROR_UNSUPPORTED_SIZE (0x78000009)",
                e.getMessage());
    }

    @Test
    void closedAndForeignBuffersAreRefused() {
        DeviceBuffer closed = device.allocate(16);
        long live = TestDriver.stat("live.allocations");
        closed.close();
        assertEquals(live - 1, TestDriver.stat("live.allocations"));
        closed.close();   // idempotent
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> device.fill(closed, 0));
        assertEquals("the target buffer is closed", e.getMessage());
        try (LevelZeroDriver other = new LevelZeroDriver()) {
            DeviceBuffer foreign = other.device().allocate(16);
            IllegalArgumentException f = assertThrows(IllegalArgumentException.class, () -> device.fill(foreign, 0));
            assertTrue(f.getMessage().startsWith("the target buffer was not allocated by this levelzero device"), f.getMessage());
        }
    }
}

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

import dev.kbench.api.DeviceBuffer;
import dev.kbench.spi.DeviceInterface;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    void heapMemoryRoundTripsThroughLevelZeroHostMemory() {
        // The test driver refuses copies from memory it did not allocate, so this also shows that the
        // backend stages heap (and arena) memory through zeMemAllocHost memory.
        long[] data = new long[3000];
        for (int i = 0; i < data.length; i++) {
            data[i] = i * 0x9e3779b97f4a7c15L;
        }
        try (DeviceBuffer buffer = device.allocate(8L * data.length)) {
            device.write(MemorySegment.ofArray(data), buffer);
            long[] back = new long[data.length];
            device.read(buffer, MemorySegment.ofArray(back));
            assertArrayEquals(data, back);
        }
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
    void partialWritesAndReadsTouchTheStartOnly() {
        try (DeviceBuffer buffer = device.allocate(64)) {
            device.fill(buffer, 0x01020304);
            device.write(MemorySegment.ofArray(new int[] {7, 8}), buffer);
            int[] back = new int[5];
            device.read(buffer, MemorySegment.ofArray(back));
            assertArrayEquals(new int[] {7, 8, 0x01020304, 0x01020304, 0x01020304}, back);
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
    void sizesAreValidatedWithTheValue() {
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class, () -> device.allocate(0));
        assertEquals("a device buffer needs at least 1 byte, got 0", zero.getMessage());
        try (DeviceBuffer six = device.allocate(6); DeviceBuffer eight = device.allocate(8)) {
            IllegalArgumentException fill = assertThrows(IllegalArgumentException.class, () -> device.fill(six, 0));
            assertEquals("fill writes a 32-bit pattern: the buffer's size must be a multiple of 4, got 6 bytes", fill.getMessage());
            IllegalArgumentException write = assertThrows(IllegalArgumentException.class,
                    () -> device.write(MemorySegment.ofArray(new long[2]), eight));
            assertEquals("cannot write 16 bytes into a device buffer of 8 bytes", write.getMessage());
            IllegalArgumentException read = assertThrows(IllegalArgumentException.class,
                    () -> device.read(six, MemorySegment.ofArray(new long[1])));
            assertEquals("cannot read 8 bytes from a device buffer of 6 bytes", read.getMessage());
        }
    }

    @Test
    void aRefusedAllocationNamesTheSizeAndTheResult() {
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> device.allocate(5L << 30));
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

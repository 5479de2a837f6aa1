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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

import dev.kbench.api.DeviceBuffer;
import dev.kbench.spi.CacheClearer;
import dev.kbench.spi.DeviceInterface;
import org.junit.jupiter.api.Test;

/** Allocate, write, read and fill device buffers, and the cache clearer's buffer. */
class MemoryTest {

    @Test
    void writeThenReadReturnsTheSameBytes() {
        DeviceInterface device = OpenCl.driver().device();
        int n = 300_001;
        try (Arena arena = Arena.ofConfined(); DeviceBuffer buffer = device.allocate(4L * n)) {
            MemorySegment source = arena.allocate(4L * n);
            for (int i = 0; i < n; i++) {
                source.setAtIndex(ValueLayout.JAVA_INT, i, i * 31 + 7);
            }
            device.write(source, buffer);
            MemorySegment target = arena.allocate(4L * n);
            device.read(buffer, target);
            assertEquals(-1, source.mismatch(target), "the bytes read back differ from those written");
        }
    }

    @Test
    void heapSegmentsAreStagedThroughNativeMemory() {
        DeviceInterface device = OpenCl.driver().device();
        float[] values = new float[10_000];
        for (int i = 0; i < values.length; i++) {
            values[i] = i * 0.25f - 17;
        }
        try (DeviceBuffer buffer = device.allocate(4L * values.length)) {
            device.write(MemorySegment.ofArray(values), buffer);
            float[] back = new float[values.length];
            device.read(buffer, MemorySegment.ofArray(back));
            assertArrayEquals(values, back);
        }
    }

    @Test
    void fillWritesThePatternOverTheWholeBuffer() {
        DeviceInterface device = OpenCl.driver().device();
        int n = 4096;
        try (DeviceBuffer buffer = device.allocate(4L * n)) {
            device.fill(buffer, Float.floatToRawIntBits(2.5f));
            float[] back = new float[n];
            device.read(buffer, MemorySegment.ofArray(back));
            float[] expected = new float[n];
            Arrays.fill(expected, 2.5f);
            assertArrayEquals(expected, back);

            device.fill(buffer, 0xDEADBEEF);
            int[] words = new int[n];
            device.read(buffer, MemorySegment.ofArray(words));
            assertTrue(Arrays.stream(words).allMatch(w -> w == 0xDEADBEEF));
        }
    }

    @Test
    void aShortWriteOrReadTouchesOnlyTheStartOfTheBuffer() {
        DeviceInterface device = OpenCl.driver().device();
        try (DeviceBuffer buffer = device.allocate(64)) {
            device.fill(buffer, 0x01010101);
            device.write(MemorySegment.ofArray(new int[] {5, 6}), buffer);
            int[] all = new int[16];
            device.read(buffer, MemorySegment.ofArray(all));
            assertEquals(5, all[0]);
            assertEquals(6, all[1]);
            assertEquals(0x01010101, all[2]);
            int[] start = new int[1];
            device.read(buffer, MemorySegment.ofArray(start));
            assertEquals(5, start[0]);
        }
    }

    @Test
    void badSizesAreRejectedWithTheValue() {
        OpenClDevice device = OpenCl.device();
        IllegalArgumentException zero = assertThrows(IllegalArgumentException.class, () -> device.allocate(0));
        assertEquals("a device buffer needs at least 1 byte, got 0", zero.getMessage());
        long max = Long.parseLong(device.facts().extra().get("maxMemAllocBytes"));
        IllegalStateException huge = assertThrows(IllegalStateException.class, () -> device.allocate(max + 1));
        assertTrue(huge.getMessage().startsWith("cannot allocate " + (max + 1) + " bytes"), huge.getMessage());
        assertTrue(huge.getMessage().endsWith("one OpenCL buffer may hold at most " + max + " bytes (CL_DEVICE_MAX_MEM_ALLOC_SIZE)"),
                huge.getMessage());
        try (DeviceBuffer odd = device.allocate(6)) {
            IllegalArgumentException fill = assertThrows(IllegalArgumentException.class, () -> device.fill(odd, 1));
            assertEquals("fill writes a 32-bit pattern: the buffer's size must be a multiple of 4, got 6 bytes", fill.getMessage());
            IllegalArgumentException write = assertThrows(IllegalArgumentException.class,
                    () -> device.write(MemorySegment.ofArray(new byte[7]), odd));
            assertEquals("cannot write 7 bytes into a device buffer of 6 bytes", write.getMessage());
            IllegalArgumentException read = assertThrows(IllegalArgumentException.class,
                    () -> device.read(odd, MemorySegment.ofArray(new byte[8])));
            assertEquals("cannot read 8 bytes from a device buffer of 6 bytes", read.getMessage());
        }
    }

    @Test
    void buffersAreReleasedWhenClosed() {
        OpenClDevice device = OpenCl.device();
        long live = device.counts().live(NativeCounts.Kind.BUFFER);
        DeviceBuffer buffer = device.allocate(1 << 20);
        assertEquals(live + 1, device.counts().live(NativeCounts.Kind.BUFFER));
        buffer.close();
        buffer.close();
        assertEquals(live, device.counts().live(NativeCounts.Kind.BUFFER));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> device.fill(buffer, 0));
        assertEquals("the target buffer is closed", e.getMessage());
    }

    @Test
    void theCacheClearerFillsABufferOfTheRequestedSizeAndFreesIt() {
        OpenClDriver driver = OpenCl.driver();
        OpenClDevice device = OpenCl.device();
        long live = device.counts().live(NativeCounts.Kind.BUFFER);
        try (CacheClearer four = driver.cacheClearer(1 << 20); CacheClearer odd = driver.cacheClearer(1001)) {
            assertEquals(1 << 20, four.bytes());
            assertEquals(1001, odd.bytes());
            assertEquals(live + 2, device.counts().live(NativeCounts.Kind.BUFFER));
            four.clear();
            odd.clear();
            device.synchronize();
        }
        assertEquals(live, device.counts().live(NativeCounts.Kind.BUFFER));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> driver.cacheClearer(0));
        assertEquals("a cache clearer needs at least 1 byte, got 0", e.getMessage());
    }
}

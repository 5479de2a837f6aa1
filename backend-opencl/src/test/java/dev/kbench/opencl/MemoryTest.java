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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.DeviceException;
import dev.kbench.spi.CacheClearer;
import org.junit.jupiter.api.Test;

/** What the conformance kit cannot see of OpenCL buffers: the device's allocation limit and live native objects. */
class MemoryTest {

    @Test
    void aBufferBeyondTheDevicesLimitIsRefusedWithTheLimit() {
        OpenClDevice device = OpenCl.device();
        long max = Long.parseLong(device.facts().extra().get("maxMemAllocBytes"));
        DeviceException huge = assertThrows(DeviceException.class, () -> device.allocate(max + 1));
        assertTrue(huge.getMessage().startsWith("cannot allocate " + (max + 1) + " bytes"), huge.getMessage());
        assertTrue(huge.getMessage().endsWith("one OpenCL buffer may hold at most " + max + " bytes (CL_DEVICE_MAX_MEM_ALLOC_SIZE)"),
                huge.getMessage());
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

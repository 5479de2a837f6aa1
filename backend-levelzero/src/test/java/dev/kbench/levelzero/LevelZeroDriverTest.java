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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.Availability;
import dev.kbench.api.DeviceFacts;
import dev.kbench.api.Dim3;
import dev.kbench.api.DriverStatus;
import dev.kbench.api.Drivers;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelModule;
import dev.kbench.api.SourceKind;
import dev.kbench.spi.CacheClearer;
import dev.kbench.spi.DeviceInterface;
import dev.kbench.spi.Driver;
import dev.kbench.spi.Event;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The driver through the real loader with the test driver: discovery, facts, handles, lifecycle. */
class LevelZeroDriverTest {

    private static LevelZeroDriver driver;

    @BeforeAll
    static void open() {
        TestDriver.assertScenario("default");
        driver = new LevelZeroDriver();
    }

    @AfterAll
    static void close() {
        driver.close();
    }

    @Test
    void activeThroughTheLoaderWithTheTestDriver() {
        Availability availability = driver.availability();
        assertTrue(availability.active(), availability.reason());
        assertEquals("kbench test driver (CPU) through libze_loader.so.1 (driver API 1.4)", availability.reason());
        assertEquals(List.of("driver 0 (API 1.4, driver version 0x00010000): device 0: kbench test driver (CPU) "
                + "[GPU, vendor 0x0000, device 0x6b62, 16 EUs, 1000 MHz]"), driver.inventory());
        assertEquals("levelzero", driver.name());
    }

    @Test
    void foundByServiceLoaderAndChosenByTheLookup() {
        // Drivers.system() finds providers with ServiceLoader (the API module declares the `uses`).
        List<DriverStatus> found = Drivers.system().statuses().stream()
                .filter(s -> s.name().equals("levelzero")).toList();
        assertEquals(1, found.size());
        assertTrue(found.getFirst().active(), found.getFirst().describe());
        assertTrue(found.getFirst().backend().orElseThrow() instanceof LevelZeroDriver);
        try (Driver fresh = new LevelZeroDriver()) {
            assertSame(fresh, Drivers.of(List.of(fresh)).active());
        }
    }

    @Test
    void factsComeFromTheDeviceProperties() {
        DeviceFacts facts = driver.device().facts();
        assertEquals("kbench test driver (CPU)", facts.name());
        assertEquals("PCI vendor 0x0000", facts.vendor());
        assertEquals(OptionalLong.of(8L << 30), facts.totalMemoryBytes());
        assertEquals(OptionalLong.of(4L << 20), facts.lastLevelCacheBytes());
        assertEquals(OptionalLong.of(16), facts.computeUnits());
        assertEquals(OptionalDouble.of(1000), facts.clockMHz());
        assertEquals(OptionalDouble.empty(), facts.peakBandwidthBytesPerSecond());
        Map<String, String> extra = facts.extra();
        assertEquals("1.4", extra.get("driverApiVersion"));
        // API >= 1.2: the backend asks for ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2, in cycles per second.
        assertEquals("19200000 cycles/s (ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2)", extra.get("timerResolution"));
        assertEquals("24", extra.get("timestampValidBits"));
        assertEquals("0.873813", extra.get("timestampWrapSeconds"));
        assertEquals("0", extra.get("commandQueueGroupOrdinal"));
        assertEquals("GPU", extra.get("deviceType"));
        assertEquals(Set.of(SourceKind.SPIRV), driver.device().acceptedSources());
    }

    @Test
    void unwrapGivesTheNativeHandles() {
        DeviceInterface device = driver.device();
        LevelZeroHandles handles = device.unwrap(LevelZeroHandles.class);
        for (MemorySegment h : List.of(handles.driver(), handles.device(), handles.context(), handles.commandList())) {
            assertNotEquals(MemorySegment.NULL, h);
        }
        assertEquals(handles.commandList(), device.unwrap(MemorySegment.class));
        UnsupportedOperationException e = assertThrows(UnsupportedOperationException.class,
                () -> device.unwrap(String.class));
        assertTrue(e.getMessage().contains("java.lang.String"), e.getMessage());
    }

    @Test
    void closingTheDriverReleasesEverythingMadeThroughItAndItReopens() {
        List<String> counters = List.of("live.contexts", "live.commandLists", "live.eventPools", "live.events",
                "live.modules", "live.buildLogs", "live.kernels", "live.allocations", "live.allocatedBytes");
        List<Long> before = counters.stream().map(TestDriver::stat).toList();
        LevelZeroDriver other = new LevelZeroDriver();
        DeviceInterface device = other.device();
        device.allocate(1 << 20);
        KernelModule module = device.loadModule(TestDriver.kernels());
        module.kernel("busy_wait").launch(Dim3.of(1), Dim3.of(1), KernelArg.buffer(device.allocate(8)),
                KernelArg.i64(20_000));
        Event event = device.createEvent();
        event.record();
        CacheClearer clearer = other.cacheClearer(4096);
        clearer.clear();
        assertNotEquals(before, counters.stream().map(TestDriver::stat).toList());
        other.close();                       // waits for the 20 ms kernel, then frees it all
        assertEquals(before, counters.stream().map(TestDriver::stat).toList());
        assertThrows(IllegalStateException.class, event::record);
        assertThrows(IllegalStateException.class, device::synchronize);
        other.close();                       // idempotent

        DeviceInterface again = other.device();
        assertNotEquals(device, again);
        again.synchronize();
        other.close();
        assertEquals(before, counters.stream().map(TestDriver::stat).toList());
    }

    @Test
    void withoutHostSynchronizeABarrierSignalsAHostVisibleEvent() {
        // Loader 1.8.12 does not export zeCommandListHostSynchronize; a newer loader would, but would answer
        // ZE_RESULT_ERROR_UNSUPPORTED_FEATURE for this API 1.4 driver. Either way: the fallback.
        LevelZeroDevice device = (LevelZeroDevice) driver.device();
        long barriers = TestDriver.stat("run.barriers");
        device.synchronize();
        assertFalse(device.usesHostSynchronize());
        assertEquals(barriers + 1, TestDriver.stat("run.barriers"));
    }

    @Test
    void zeCommandListHostSynchronizeIsUsedWhereItIsFound() {
        // The test driver exports the API 1.6 function; looking it up there stands in for a newer loader.
        try (LevelZeroDriver newer = new LevelZeroDriver(TestDriver::lookup)) {
            LevelZeroDevice device = (LevelZeroDevice) newer.device();
            KernelModule module = device.loadModule(TestDriver.kernels());
            var out = device.allocate(8);
            device.synchronize();
            assertTrue(device.usesHostSynchronize());
            long launches = TestDriver.stat("run.launches");
            long barriers = TestDriver.stat("run.barriers");
            module.kernel("busy_wait").launch(Dim3.of(1), Dim3.of(1), KernelArg.buffer(out), KernelArg.i64(50_000));
            device.synchronize();
            // It waited for the 50 ms kernel, and appended no signalling barrier (only the launch's own).
            assertEquals(launches + 1, TestDriver.stat("run.launches"));
            assertEquals(barriers + 1, TestDriver.stat("run.barriers"));
        }
    }
}

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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.DeviceIdentity;
import dev.kbench.api.Suite;
import dev.kbench.api.SuiteListener;
import dev.kbench.api.SuiteOptions;
import dev.kbench.api.SuiteResult;
import dev.kbench.spi.DeviceInterface;
import dev.kbench.spi.Driver;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The test driver with two devices (surefire execution ze-two-devices, {@code ZE_TEST_DRIVER_DEVICES=2}),
 * through the real loader: both are listed with their UUIDs, the default is device 0, and a driver made
 * with {@code withDevice(1)} opens, fills and reads device 1 and tags a suite's samples with its identity.
 */
class TwoDevicesScenarioTest {

    @Test
    void bothDevicesAreListedWithDistinctUuids() {
        TestDriver.assertScenario("two-devices");
        try (LevelZeroDriver driver = new LevelZeroDriver()) {
            List<DeviceIdentity> devices = driver.devices();
            assertEquals(2, devices.size(), devices.toString());
            assertEquals(List.of(0, 1), devices.stream().map(DeviceIdentity::index).toList());
            // "kbench-test-dev" in ASCII, then the device's index in the last byte
            assertEquals("6b62656e63682d746573742d64657600", devices.get(0).id());
            assertEquals("6b62656e63682d746573742d64657601", devices.get(1).id());
            assertEquals("kbench test driver (CPU)", devices.get(1).name());
            assertEquals("levelzero", devices.get(1).backend());
            assertEquals(devices.get(0), driver.identity(), "device 0 is the default");
        }
    }

    @Test
    void withDeviceRunsOnTheChosenDevice() {
        TestDriver.assertScenario("two-devices");
        try (LevelZeroDriver driver = new LevelZeroDriver(); Driver second = driver.withDevice(1)) {
            assertEquals(1, second.identity().index());
            assertNotEquals(driver.identity().id(), second.identity().id());
            DeviceInterface device = second.device();
            int[] back = new int[16];
            try (DeviceBuffer buffer = device.allocate(64)) {
                device.fill(buffer, 7);
                device.read(buffer, MemorySegment.ofArray(back));
            }
            int[] sevens = new int[16];
            java.util.Arrays.fill(sevens, 7);
            assertArrayEquals(sevens, back);

            List<dev.kbench.api.SampleRecord> rows = new ArrayList<>();
            Suite suite = Suite.of(dev.kbench.api.Benchmark.of("fill", (on, params) -> {
                DeviceBuffer b = on.allocate(1 << 12);
                return new dev.kbench.api.Workload() {
                    @Override
                    public void run() {
                        on.fill(b, 1);
                    }

                    @Override
                    public void close() {
                        b.close();
                    }
                };
            }));
            SuiteResult result = suite.run(second, SuiteOptions.withDefaults().withRepetitions(2).withSeed(1),
                    SuiteListener.onSamples(rows::addAll));
            assertTrue(!result.anyFailed(), result.toString());
            assertTrue(!rows.isEmpty());
            for (var row : rows) {
                assertEquals("6b62656e63682d746573742d64657601", row.deviceId());
                assertEquals(dev.kbench.api.HostName.current(), row.host());
                assertTrue(row.smClockMHz().isEmpty(), "Level Zero reads no clock");
            }
        }
    }

    @Test
    void anIndexThatIsNoDeviceIsRefusedWithTheList() {
        TestDriver.assertScenario("two-devices");
        try (LevelZeroDriver driver = new LevelZeroDriver()) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> driver.withDevice(2));
            assertEquals("device 2 does not exist: levelzero has 2 device(s): 0: kbench test driver (CPU) "
                    + "[6b62656e63682d746573742d64657600]; 1: kbench test driver (CPU) [6b62656e63682d746573742d64657601]",
                    e.getMessage());
        }
    }
}

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
import static dev.kbench.api.KernelArg.i64;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.Dim3;
import dev.kbench.api.Kernel;
import dev.kbench.spi.DeviceInterface;
import dev.kbench.spi.Event;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A driver of API 1.1 (surefire execution ze-api-1-1): below 1.2 the backend must query
 * {@code ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES}, whose {@code timerResolution} is nanoseconds per tick
 * (here 80 ns: a 12.5 MHz clock, 32 valid bits); the test driver refuses {@code ..._1_2} at this
 * version. Same 2 ms check and tolerance as {@link TimingTest}.
 */
class Api11ScenarioTest {

    @Test
    void ticksAreConvertedAsNanosecondsPerTick() {
        TestDriver.assertScenario("api-1.1");
        try (LevelZeroDriver driver = new LevelZeroDriver()) {
            assertEquals("kbench test driver (CPU) through libze_loader.so.1 (driver API 1.1)",
                    driver.availability().reason());
            DeviceInterface device = driver.device();
            Map<String, String> extra = device.facts().extra();
            assertEquals("1.1", extra.get("driverApiVersion"));
            assertEquals("80 ns per tick (ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES)", extra.get("timerResolution"));
            assertEquals("32", extra.get("timestampValidBits"));

            Kernel busy = device.loadModule(TestDriver.kernels()).kernel("busy_wait");
            var sink = device.allocate(8);
            double[] times = new double[15];
            List<Event> events = new ArrayList<>();
            busy.launch(Dim3.of(1), Dim3.of(1), buffer(sink), i64(20_000));
            for (int i = 0; i < times.length; i++) {
                Event start = device.createEvent();
                Event end = device.createEvent();
                events.add(start);
                events.add(end);
                start.record();
                busy.launch(Dim3.of(1), Dim3.of(1), buffer(sink), i64(2000));
                end.record();
            }
            for (int i = 0; i < times.length; i++) {
                times[i] = events.get(2 * i).elapsedMillis(events.get(2 * i + 1));
                assertTrue(times[i] >= 2.0 - 80e-6, "sample " + i + ": " + times[i] + " ms");
            }
            events.forEach(Event::close);
            double median = TimingTest.median(times);
            assertTrue(median <= 3.0, "median " + median + " ms");
        }
    }
}

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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.Availability;
import dev.kbench.api.DriverLookupException;
import dev.kbench.api.Drivers;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The only driver's zeInit fails with ZE_RESULT_ERROR_DEVICE_LOST (surefire execution ze-init-fails):
 * loader 1.8.12 returns that driver's result from zeInit, and the backend is inactive with it.
 */
class InitFailureScenarioTest {

    @Test
    void aFailingZeInitMakesTheDriverInactiveWithTheResultName() {
        TestDriver.assertScenario("init-fails");
        try (LevelZeroDriver driver = new LevelZeroDriver()) {
            Availability availability = driver.availability();
            assertFalse(availability.active());
            assertEquals("zeInit(ZE_INIT_FLAG_GPU_ONLY) returned ZE_RESULT_ERROR_DEVICE_LOST (0x70000001)",
                    availability.reason());
            assertEquals(List.of(), driver.inventory());
            IllegalStateException e = assertThrows(IllegalStateException.class, driver::device);
            assertEquals("levelzero is inactive: " + availability.reason(), e.getMessage());
            assertThrows(IllegalStateException.class, () -> driver.cacheClearer(1024));
            DriverLookupException lookup = assertThrows(DriverLookupException.class,
                    () -> Drivers.of(List.of(driver)).active());
            assertTrue(lookup.getMessage().contains("levelzero: inactive: zeInit(ZE_INIT_FLAG_GPU_ONLY) returned "
                    + "ZE_RESULT_ERROR_DEVICE_LOST (0x70000001)"), lookup.getMessage());
        }
    }
}

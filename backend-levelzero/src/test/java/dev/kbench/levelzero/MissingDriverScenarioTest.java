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

import dev.kbench.api.Availability;
import org.junit.jupiter.api.Test;

/**
 * ZE_ENABLE_ALT_DRIVERS names a library that does not exist (surefire execution ze-driver-missing): the
 * loader loads no driver, zeInit returns ZE_RESULT_ERROR_UNINITIALIZED, whatever is installed.
 */
class MissingDriverScenarioTest {

    @Test
    void noLoadableDriverMakesTheDriverInactiveWithUninitialized() {
        TestDriver.assertScenario("driver-missing");
        try (LevelZeroDriver driver = new LevelZeroDriver()) {
            Availability availability = driver.availability();
            assertFalse(availability.active());
            assertEquals("zeInit(ZE_INIT_FLAG_GPU_ONLY) returned ZE_RESULT_ERROR_UNINITIALIZED (0x78000001): the"
                    + " loader found no Level Zero GPU driver (install Intel's, e.g. intel-level-zero-gpu, or name"
                    + " one in ZE_ENABLE_ALT_DRIVERS)", availability.reason());
        }
    }
}

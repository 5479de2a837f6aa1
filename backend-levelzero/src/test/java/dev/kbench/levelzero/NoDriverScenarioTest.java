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

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.Availability;
import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import org.junit.jupiter.api.Test;

/**
 * ZE_ENABLE_ALT_DRIVERS unset (surefire execution ze-no-driver): the loader looks for Intel's drivers as it
 * would on a user's machine. Where none is installed (CI, and every machine this was developed on), the
 * driver is inactive with ZE_RESULT_ERROR_UNINITIALIZED; where one is, discovery must still answer
 * without throwing and be consistent.
 */
class NoDriverScenarioTest {

    private static boolean intelDriverInstalled() {
        for (String name : new String[] {"libze_intel_gpu.so.1", "libze_intel_vpu.so.1"}) {
            try (Arena arena = Arena.ofConfined()) {
                SymbolLookup.libraryLookup(name, arena);
                return true;
            } catch (IllegalArgumentException absent) {
                // not installed
            }
        }
        return false;
    }

    @Test
    void withoutADriverTheBackendIsInactiveWithTheReason() {
        TestDriver.assertScenario("no-driver");
        assertNull(System.getenv("ZE_ENABLE_ALT_DRIVERS"));
        try (LevelZeroDriver driver = new LevelZeroDriver()) {
            Availability availability = driver.availability();
            if (!intelDriverInstalled()) {
                assertFalse(availability.active());
                assertTrue(availability.reason().startsWith(
                        "zeInit(ZE_INIT_FLAG_GPU_ONLY) returned ZE_RESULT_ERROR_UNINITIALIZED (0x78000001)"),
                        availability.reason());
            } else if (availability.active()) {
                assertFalse(driver.inventory().isEmpty());
                assertTrue(availability.reason().startsWith(driver.device().facts().name()),
                        availability.reason());
            } else {
                assertFalse(availability.reason().isBlank());
                assertThrows(IllegalStateException.class, driver::device);
            }
        }
    }
}

package dev.kbench.levelzero;

import dev.kbench.api.Availability;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

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

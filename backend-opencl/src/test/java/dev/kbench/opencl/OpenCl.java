package dev.kbench.opencl;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.Driver;
import dev.kbench.api.Drivers;

/**
 * The test run's OpenCL driver: the one {@link Drivers#system()} finds. Tests that need OpenCL call
 * {@link #driver()}, which fails (never skips) when there is no OpenCL platform, with the driver's reason.
 */
final class OpenCl {

    private OpenCl() {
    }

    static OpenClDriver driver() {
        Driver driver = Drivers.system().select("opencl");
        assertInstanceOf(OpenClDriver.class, driver);
        assertTrue(driver.availability().active(), () -> "these tests need an OpenCL platform with a device "
                + "(CI installs pocl-opencl-icd and ocl-icd-opencl-dev): " + driver.availability().reason());
        return (OpenClDriver) driver;
    }

    static OpenClDevice device() {
        return (OpenClDevice) driver().deviceInterface();
    }
}

package dev.kbench.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.Driver;
import dev.kbench.api.DriverStatus;
import dev.kbench.api.Drivers;

/**
 * The OpenCL driver on PoCL, which the end-to-end tests need. A missing PoCL fails these tests, never
 * skips them: install it with {@code apt-get install pocl-opencl-icd} (./kbench test does).
 */
final class Pocl {

    private Pocl() {
    }

    static Driver require() {
        DriverStatus status = Drivers.system().statuses().stream().filter(s -> s.name().equals("opencl")).findFirst()
                .orElseThrow(() -> new AssertionError("the opencl backend is not on the test class path"));
        assertTrue(status.active(), "these tests need an OpenCL driver such as PoCL (apt-get install pocl-opencl-icd); "
                + status.describe());
        return Drivers.system().select("opencl");
    }
}

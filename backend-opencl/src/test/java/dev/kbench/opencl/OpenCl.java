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

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.Backend;
import dev.kbench.api.Drivers;

/**
 * The test run's OpenCL driver: the one {@link Drivers#system()} finds. Tests that need OpenCL call
 * {@link #driver()}, which fails (never skips) when there is no OpenCL platform, with the driver's reason.
 */
final class OpenCl {

    private OpenCl() {
    }

    static OpenClDriver driver() {
        Backend driver = Drivers.system().select("opencl");
        assertInstanceOf(OpenClDriver.class, driver);
        assertTrue(driver.availability().active(), () -> "these tests need an OpenCL platform with a device "
                + "(CI installs pocl-opencl-icd and ocl-icd-opencl-dev): " + driver.availability().reason());
        return (OpenClDriver) driver;
    }

    static OpenClDevice device() {
        return (OpenClDevice) driver().device();
    }
}

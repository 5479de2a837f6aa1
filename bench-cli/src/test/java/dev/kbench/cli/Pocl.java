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
package dev.kbench.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.Backend;
import dev.kbench.api.DriverStatus;
import dev.kbench.api.Drivers;

/**
 * The OpenCL driver on PoCL, which the end-to-end tests need. A missing PoCL fails these tests, never
 * skips them: install it with {@code apt-get install pocl-opencl-icd} (./kbench test does).
 */
public final class Pocl {

    private Pocl() {
    }

    /**
     * The OpenCL driver, asserting that it is active.
     *
     * @return the driver
     */
    public static Backend require() {
        DriverStatus status = Drivers.system().statuses().stream().filter(s -> s.name().equals("opencl")).findFirst()
                .orElseThrow(() -> new AssertionError("the opencl backend is not on the test class path"));
        assertTrue(status.active(), "these tests need an OpenCL driver such as PoCL (apt-get install pocl-opencl-icd); "
                + status.describe());
        return Drivers.system().select("opencl");
    }
}

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
package dev.kbench.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.Availability;
import dev.kbench.api.DriverStatus;
import dev.kbench.api.Drivers;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the backend does where CI runs it: no NVIDIA driver. */
class CudaDriverTest {

    @Test
    void isDiscoveredWithItsName() {
        List<DriverStatus> statuses = Drivers.system().statuses();

        assertTrue(statuses.stream().anyMatch(s -> s.name().equals("cuda") && s.backend().orElseThrow() instanceof CudaDriver),
                statuses.toString());
    }

    @Test
    @SuppressWarnings("try")   // closes the driver inside its try on purpose: close is idempotent
    void withoutLibcudaItIsInactiveWithTheReasonAndRefusesWork() {
        try (CudaDriver driver = new CudaDriver()) {
            Availability availability = driver.availability();
            if (NoGpu.libcudaPresent()) {
                // a GPU machine: the probe must still not throw, and when active it must open the device
                if (availability.active()) {
                    assertFalse(driver.device().facts().name().isBlank());
                } else {
                    assertFalse(availability.reason().isBlank());
                }
                return;
            }
            assertFalse(availability.active());
            assertTrue(availability.reason().startsWith("libcuda.so.1 not found: the NVIDIA driver is not installed"),
                    availability.reason());
            assertEquals(availability, driver.availability(), "probing happens once");
            IllegalStateException e = assertThrows(IllegalStateException.class, driver::device);
            assertEquals("cuda is inactive: " + availability.reason(), e.getMessage());
            assertThrows(IllegalStateException.class, () -> driver.cacheClearer(1024));
            assertThrows(IllegalArgumentException.class, () -> driver.cacheClearer(0));
            assertEquals(List.of(), driver.inventory());
            driver.close();
        }
    }

    @Test
    void theLinkFailureReasonNamesTheCause() {
        assertTrue(CudaDriver.linkFailure(new UnsatisfiedLinkError("Error while loading native library \"x\"\n"
                + "java.lang.UnsatisfiedLinkError: /tmp/libJCudaDriver-12.6.0-linux-x86_64.so: libcuda.so.1: cannot open "
                + "shared object file: No such file or directory")).startsWith("libcuda.so.1 not found"));
        assertEquals("JCuda's native library could not be loaded: java.lang.UnsatisfiedLinkError: /tmp/x.so: "
                        + "/lib/libc.so.6: version `GLIBC_2.99' not found",
                CudaDriver.linkFailure(new UnsatisfiedLinkError("Error while loading native library \"x\"\n"
                        + "java.lang.UnsatisfiedLinkError: no x in java.library.path\n\tat a.b(C.java)\n"
                        + "java.lang.UnsatisfiedLinkError: /tmp/x.so: /lib/libc.so.6: version `GLIBC_2.99' not found\n"
                        + "\tat d.e(F.java)")));
        assertEquals("JCuda's native library could not be loaded: something else",
                CudaDriver.linkFailure(new UnsatisfiedLinkError("something else")));
    }

    @Test
    void peakBandwidthIsTwoTransfersPerClockOverTheBus() {
        // the H100 SXM's attributes: 2619 MHz memory clock, 5120-bit bus -> 3352.3 GB/s
        assertEquals(3352.32e9, CudaDevice.peakBandwidth(2_619_000, 5120), 1e3);
    }
}

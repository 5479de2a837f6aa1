package dev.kbench.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;


import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * On the GPU machine with NVIDIA's OpenCL driver (run with {@code -Dkbench.excludedGroups=}): the GPU is
 * chosen over any CPU platform. (The marker and GELU sweep checks on the GPU are in bench/evidence's
 * EvidenceGpuTest.)
 */
@Tag("gpu")
class NvidiaGpuTest {

    @Test
    void theNvidiaGpuIsChosen() {
        OpenClDriver driver = OpenCl.driver();
        assertEquals("GPU", driver.deviceInterface().facts().extra().get("deviceType"), driver.availability().reason());
        assertTrue(driver.deviceInterface().facts().vendor().toUpperCase(java.util.Locale.ROOT).contains("NVIDIA"),
                driver.deviceInterface().facts()::toString);
    }
}

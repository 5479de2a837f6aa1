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
        assertEquals("GPU", driver.device().facts().extra().get("deviceType"), driver.availability().reason());
        assertTrue(driver.device().facts().vendor().toUpperCase(java.util.Locale.ROOT).contains("NVIDIA"),
                driver.device().facts()::toString);
    }
}

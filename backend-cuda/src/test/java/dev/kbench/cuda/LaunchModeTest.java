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

import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** {@code -Dkbench.cuda.launch}: its values, the default, and the fallback with its reason. */
class LaunchModeTest {

    private static final Supplier<String> FFM_WORKS = () -> null;
    private static final Supplier<String> FFM_FAILS = () -> "cannot link cuLaunchKernel in libcuda.so.1: gone";
    private static final Supplier<String> NOT_ASKED = () -> {
        throw new AssertionError("FFM must not be linked when JCuda is forced");
    };

    @Test
    void unsetMeansFfmWhenItWorksAndJcudaWithTheReasonOtherwise() {
        for (String unset : new String[] {null, "", "  "}) {
            assertEquals(new LaunchMode(true, LaunchMode.FFM_DESCRIPTION), LaunchMode.select(unset, FFM_WORKS));
            assertEquals(new LaunchMode(false, "jcuda (cannot link cuLaunchKernel in libcuda.so.1: gone)"),
                    LaunchMode.select(unset, FFM_FAILS));
        }
        assertTrue(LaunchMode.FFM_DESCRIPTION.startsWith("ffm (cuLaunchKernel in libcuda.so.1 through java.lang.foreign"),
                LaunchMode.FFM_DESCRIPTION);
    }

    @Test
    void ffmAndJcudaForceAPath() {
        assertEquals(new LaunchMode(true, LaunchMode.FFM_DESCRIPTION), LaunchMode.select(" FFM ", FFM_WORKS));
        IllegalArgumentException unavailable = assertThrows(IllegalArgumentException.class,
                () -> LaunchMode.select("ffm", FFM_FAILS));
        assertEquals("-Dkbench.cuda.launch=ffm, but the FFM launch path cannot be set up: "
                + "cannot link cuLaunchKernel in libcuda.so.1: gone", unavailable.getMessage());

        assertEquals(new LaunchMode(false, "jcuda (-Dkbench.cuda.launch=jcuda)"), LaunchMode.select("jcuda", NOT_ASKED));
        assertEquals(new LaunchMode(false, "jcuda (-Dkbench.cuda.launch=jcuda)"), LaunchMode.select("JCuda", NOT_ASKED));
    }

    @Test
    void anyOtherValueIsRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LaunchMode.select("fast", NOT_ASKED));

        assertEquals("-Dkbench.cuda.launch=fast is not a launch path; use ffm or jcuda, or leave it unset for ffm when "
                + "available", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> LaunchMode.select("ffm,jcuda", NOT_ASKED));
        assertEquals(LaunchMode.PROPERTY, CudaDriver.LAUNCH_PROPERTY);
    }

    @Test
    void withoutTheNvidiaDriverTheDefaultFallsBackToJcudaNamingLibcuda() {
        LaunchMode mode = LaunchMode.select(null);
        if (NoGpu.libcudaPresent()) {
            assertTrue(mode.ffm(), mode.description());
            return;
        }
        assertFalse(mode.ffm());
        assertTrue(mode.description().startsWith("jcuda (cannot link cuLaunchKernel in libcuda.so.1: "), mode.description());
        IllegalArgumentException forced = assertThrows(IllegalArgumentException.class, () -> LaunchMode.select("ffm"));
        assertTrue(forced.getMessage().contains("libcuda.so.1"), forced.getMessage());
    }
}

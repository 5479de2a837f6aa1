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
package dev.kbench.evidence;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kbench.api.Drivers;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * On the GPU machine with NVIDIA's OpenCL driver (run with {@code -Dkbench.excludedGroups=}): marker
 * timestamps are valid and bracket the kernels at the sweep's sizes, and the GELU sweep's check passes.
 */
@Tag("gpu")
class EvidenceGpuTest {

    @Test
    void markerTimestampsAreValidAndBracketTheKernel() {
        MarkerOverheadTest.assertMarkersBracketTheKernel(MarkerOverhead.run(Drivers.system().select("opencl"), 200,
                1 << 20, 256L << 20, new PrintStream(System.out, true, StandardCharsets.UTF_8)), 200);
    }

    @Test
    void theGeluSweepIsCorrectAndTimesEverySize() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int status = GeluSweep.run(Drivers.system().select("opencl"),
                GeluSweep.Options.parse("--exponents", "16,20,24,28", "--modes", "normal", "--rep-ms", "50"),
                new PrintStream(bytes, true, StandardCharsets.UTF_8), new PrintStream(System.err, true, StandardCharsets.UTF_8));
        String csv = bytes.toString(StandardCharsets.UTF_8);
        System.out.print(csv);
        assertEquals(0, status, csv);
        assertEquals(4, csv.lines().filter(l -> l.contains(",normal,gelu_forward,")).count(), csv);
    }
}

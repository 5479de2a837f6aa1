package dev.kbench.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import dev.kbench.opencl.tools.GeluSweep;
import dev.kbench.opencl.tools.MarkerOverhead;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * On the GPU machine with NVIDIA's OpenCL driver (run with {@code -Dkbench.excludedGroups=}): the GPU is
 * chosen over any CPU platform, marker timestamps are valid and bracket the kernels, and the GELU sweep's
 * outputs are right.
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

    @Test
    void markerTimestampsAreValidAndBracketTheKernel() {
        List<MarkerOverhead.Scenario> scenarios = MarkerOverhead.run(OpenCl.driver(), 200, 1 << 20, 256L << 20,
                new PrintStream(System.out, true, StandardCharsets.UTF_8));
        for (MarkerOverhead.Scenario scenario : scenarios) {
            for (MarkerOverhead.Timestamps t : scenario.timestamps()) {
                assertTrue(t.startMarkerEnd() > 0 && t.endMarkerEnd() >= t.startMarkerEnd(), t::toString);
                if (scenario.withKernel()) {
                    assertTrue(t.startMarkerEnd() <= t.kernelStart() && t.kernelStart() <= t.kernelEnd()
                            && t.kernelEnd() <= t.endMarkerEnd(), () -> scenario.scenario() + ": " + t);
                }
            }
        }
    }

    @Test
    void theGeluSweepIsCorrectAtEverySize() throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int wrong = GeluSweep.run(GeluSweep.Options.parse(new String[] {"--log2n", "16,20,24,28", "--rep-ms", "50"}),
                new PrintStream(bytes, true, StandardCharsets.UTF_8));
        String csv = bytes.toString(StandardCharsets.UTF_8);
        System.out.print(csv);
        assertEquals(0, wrong, csv);
        assertEquals(4, csv.lines().filter(l -> l.startsWith("opencl,")).filter(l -> l.contains(",ok(")).count(), csv);
    }
}

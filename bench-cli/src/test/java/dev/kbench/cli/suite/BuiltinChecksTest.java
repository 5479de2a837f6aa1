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
package dev.kbench.cli.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.Backend;
import dev.kbench.api.BenchmarkOutcome;
import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;
import dev.kbench.api.StopReason;
import dev.kbench.api.Suite;
import dev.kbench.api.SuiteListener;
import dev.kbench.api.SuiteOptions;
import dev.kbench.api.SuiteResult;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The built-in suite's CPU references catch wrong kernels: each kernel of suite.cl is broken in turn
 * (a wrong value, a skipped element, a missed reduction step, a transposed tile) and only that
 * benchmark fails its check; the shipped kernels pass on PoCL, in OpenCL C, and the PTX and SPIR-V
 * forms carry the same entry points.
 */
class BuiltinChecksTest {

    private static Backend driver;

    @BeforeAll
    static void pocl() {
        driver = dev.kbench.cli.Pocl.require();
    }

    private static Map<String, BenchmarkOutcome> run(String code) {
        return run(code, Map.of("n", "1000", "size", "40"));
    }

    private static Map<String, BenchmarkOutcome> run(String code, Map<String, String> overrides) {
        KernelSource source = KernelSource.ofText(SourceKind.OPENCL_C, code, "suite.cl (modified)");
        try (SuiteKernels kernels = SuiteKernels.of(driver.device(), source)) {
            Suite suite = BuiltinSuite.create(kernels, driver.device().facts().totalMemoryBytes())
                    .withOverrides(overrides);
            SuiteResult result = suite.run(driver, SuiteOptions.withDefaults().withRepetitions(1).withMillis(0, 0.5)
                    .withMaxSamplesPerRepetition(2).withCacheClearBytes(0), SuiteListener.all(java.util.List.of()));
            return result.outcomes().stream().collect(Collectors.toMap(BenchmarkOutcome::benchmark, o -> o));
        }
    }

    private static String shipped() {
        return SuiteKernels.source(SourceKind.OPENCL_C).text();
    }

    @Test
    void theShippedKernelsPassTheirChecks() {
        run(shipped()).forEach((name, o) -> assertEquals(StopReason.REPETITIONS, o.stopReason(), name + ": " + o.reason()));
    }

    @Test
    void eachBrokenKernelFailsItsCheckAlone() {
        Map<String, String[]> breaks = Map.of(
                "copy", new String[] {"dst[i] = src[i];", "if (i != 77) dst[i] = src[i];"},
                "triad", new String[] {"a[i] = b[i] + s * c[i];", "a[i] = b[i] + s * c[i] + 1e-3f;"},
                "gelu", new String[] {"erf(v * 0.7071067811865476f)", "erf(v * 0.7f)"},
                "reduce_sum", new String[] {"for (uint s = REDUCE_BLOCK / 2; s > 0; s >>= 1)",
                        "for (uint s = REDUCE_BLOCK / 2; s > 1; s >>= 1)"},
                "sgemm", new String[] {"acc += As[ty][k] * Bs[k][tx];", "acc += As[ty][k] * Bs[tx][k];"});
        for (Map.Entry<String, String[]> b : breaks.entrySet()) {
            String code = shipped();
            assertTrue(code.contains(b.getValue()[0]), b.getKey());
            Map<String, BenchmarkOutcome> outcomes = run(code.replace(b.getValue()[0], b.getValue()[1]));
            outcomes.forEach((name, o) -> {
                if (name.equals(b.getKey())) {
                    assertEquals(StopReason.FAILED, o.stopReason(), "broken " + name + " passed its check");
                    assertTrue(o.reason().orElseThrow().contains("CPU reference"), o.reason().orElseThrow());
                } else {
                    assertEquals(StopReason.REPETITIONS, o.stopReason(), name + " with broken " + b.getKey() + ": " + o.reason());
                }
            });
        }
    }

    @Test
    void beyondTheElementsCheckedOneByOneASkippedBlockIsStillCaught() {
        // 3 x MAX_CHECKED elements are checked at a stride of 3: every block of 256 has checked elements
        long n = 3 * DeviceWorkload.MAX_CHECKED;
        String code = shipped().replace("dst[i] = src[i];", "if (i / 256 != 5000) dst[i] = src[i];");
        BenchmarkOutcome broken = run(code, Map.of("n", Long.toString(n), "size", "40")).get("copy");
        assertEquals(StopReason.FAILED, broken.stopReason(), "a skipped block passed the strided check");
        assertTrue(broken.reason().orElseThrow().contains("of the checked elements of " + n), broken.reason().orElseThrow());
        assertEquals(StopReason.REPETITIONS, run(shipped(), Map.of("n", Long.toString(n), "size", "40")).get("copy").stopReason());
    }

    @Test
    void everyFormCarriesTheSameEntryPoints() {
        String ptx = SuiteKernels.source(SourceKind.PTX).text();
        String spv = new String(SuiteKernels.source(SourceKind.SPIRV).code(), java.nio.charset.StandardCharsets.ISO_8859_1);
        for (String name : BuiltinSuite.NAMES) {
            assertTrue(shipped().contains("__kernel void " + name + "("), name + " in suite.cl");
            assertTrue(ptx.contains(".visible .entry " + name + "("), name + " in suite.ptx");
            // SPIR-V stores entry point names as nul-terminated UTF-8 words
            assertTrue(spv.contains(name + "\0"), name + " in suite.spv");
        }
        assertTrue(ptx.contains(".target sm_90"), "PTX for sm_90");
    }
}

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
package dev.kbench.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.DriverStatus;
import dev.kbench.api.Drivers;
import dev.kbench.api.SampleRecord;
import dev.kbench.api.SuiteOptions;
import dev.kbench.stats.io.SamplesCsv;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The example runs on PoCL from the installed artifacts alone; a missing OpenCL driver fails it. */
class SaxpySuiteTest {

    @TempDir
    Path dir;

    @Test
    void theExampleSuiteRunsChecksStreamsAndCompares() throws Exception {
        DriverStatus opencl = Drivers.system().statuses().stream().filter(s -> s.name().equals("opencl")).findFirst()
                .orElseThrow(() -> new AssertionError("backend-opencl is not on the class path"));
        assertTrue(opencl.active(), "the example needs an OpenCL driver such as PoCL: " + opencl.describe());

        Path csv = dir.resolve("samples.csv");
        SaxpySuite.Result result = SaxpySuite.run(Drivers.system().select("opencl"), csv,
                SuiteOptions.withDefaults().withRepetitions(3).withMillis(1, 2).withCacheClearBytes(1 << 20), "2^12,2^14");
        assertEquals(4, result.suite().outcomes().size());
        assertEquals(4, result.summaries().size());
        assertEquals(2, result.saxpy4VsSaxpy().results().size());
        List<SampleRecord> written = SamplesCsv.read(csv);
        assertEquals(result.summaries().stream().mapToInt(s -> s.n()).sum(), written.size());
        assertTrue(written.stream().allMatch(s -> s.backend().equals("opencl")));
    }
}

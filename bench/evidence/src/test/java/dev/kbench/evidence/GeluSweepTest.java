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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.Backend;
import dev.kbench.api.Drivers;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The GELU sweep on the OpenCL driver of the test run (PoCL in CI), at small sizes. */
class GeluSweepTest {

    @Test
    void checksTheKernelThenTimesEverySizeInEveryModeTheBackendHas(@TempDir Path tmp) throws Exception {
        Backend driver = Drivers.system().select("opencl");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        Path samples = tmp.resolve("samples.csv");
        int status = GeluSweep.run(driver, GeluSweep.Options.parse("--exponents", "0,10", "--modes", "normal,graph",
                        "--clear", "65536", "--warmup-ms", "1", "--rep-ms", "2", "--samples", samples.toString()),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(log, true, StandardCharsets.UTF_8));
        String csv = out.toString(StandardCharsets.UTF_8);
        String progress = log.toString(StandardCharsets.UTF_8);
        assertEquals(0, status, progress);
        assertTrue(progress.contains("check: gelu_forward n=" + GeluSweep.CHECK_ELEMENTS), progress);
        assertTrue(progress.contains("skipped: graph gelu_forward n=1"), "OpenCL has no graph mode: " + progress);
        List<String> lines = csv.lines().toList();
        assertEquals(GeluSweep.HEADER, lines.getFirst());
        assertEquals(3, lines.size(), csv);
        for (int i = 1; i < lines.size(); i++) {
            String[] cells = lines.get(i).split(",", -1);
            assertEquals(GeluSweep.HEADER.split(",").length, cells.length, lines.get(i));
            assertEquals("classpath", cells[0]);
            assertEquals("normal", cells[1]);
            assertEquals("gelu_forward", cells[2]);
            assertEquals(i == 1 ? "1" : "1024", cells[3]);
            assertTrue(Double.parseDouble(cells[4]) > 0, lines.get(i));
            assertEquals("65536", cells[11]);
            assertEquals("opencl", cells[12]);
        }
        List<String> rows = Files.readAllLines(samples);
        assertEquals("benchmark,params,sample,time_ms,backend,device,bytes", rows.getFirst());
        assertTrue(rows.get(1).startsWith("gelu_forward,mode=normal;n=1;block=256;clear=65536,0,"), rows.get(1));
    }

    @Test
    void badOptionsNameTheOptionAndTheValue() {
        assertEquals("--modes: unknown mode 'fast'; use normal, graph, graph-noclear",
                assertThrows(IllegalArgumentException.class, () -> GeluSweep.Options.parse("--modes", "fast")).getMessage());
        assertEquals("--exponents values must be in 0..30, got 31",
                assertThrows(IllegalArgumentException.class, () -> GeluSweep.Options.parse("--exponents", "10,31"))
                        .getMessage());
        assertEquals("option --rep-ms: 'x' is not a number",
                assertThrows(IllegalArgumentException.class, () -> GeluSweep.Options.parse("--rep-ms", "x")).getMessage());
        assertEquals("option --out needs a value",
                assertThrows(IllegalArgumentException.class, () -> GeluSweep.Options.parse("--out")).getMessage());
    }
}

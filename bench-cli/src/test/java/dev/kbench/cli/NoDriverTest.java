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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * docs/formats.md §1 through the CLI: with no backend on the path, {@code run} and {@code demo} fail with
 * Triton's message and exit 3, while {@code info} still reports; on the class path and on the module
 * path, in a separate JVM.
 */
class NoDriverTest {

    record Outcome(int status, String out, String err) { }

    static Outcome launch(List<String> command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
                .start();
        process.getOutputStream().close();
        byte[] out = process.getInputStream().readAllBytes();
        byte[] err = process.getErrorStream().readAllBytes();
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "the CLI did not exit: " + command);
        return new Outcome(process.exitValue(), new String(out, StandardCharsets.UTF_8), new String(err, StandardCharsets.UTF_8));
    }

    private static void assertLookupFailure(Outcome o) {
        assertEquals(3, o.status(), o.toString());
        List<String> lines = o.err().lines().toList();
        assertEquals("0 active drivers ([]). There should only be one.", lines.getFirst(), o.err());
        assertTrue(o.err().contains("Choose one with --backend NAME, -Dkbench.backend=NAME or KBENCH_BACKEND=NAME"), o.err());
        assertTrue(!o.err().contains("Drivers.system()"), "the CLI gives its own hint, not the library's: " + o.err());
        assertEquals("", o.out());
    }

    @Test
    void runAndDemoFailWithTheContractTextOnTheClassPath() throws Exception {
        assertLookupFailure(launch(Jvm.onClassPath(Jvm::withoutBackends, "run", "--filter", "copy")));
        assertLookupFailure(launch(Jvm.onClassPath(Jvm::withoutBackends, "demo")));
    }

    @Test
    void runFailsWithTheContractTextOnTheModulePath() throws Exception {
        assertLookupFailure(launch(Jvm.onModulePath(Jvm::withoutBackends, "run")));
    }

    @Test
    void infoStillReports() throws Exception {
        Outcome o = launch(Jvm.onModulePath(Jvm::withoutBackends, "info"));
        assertEquals(0, o.status(), o.toString());
        assertTrue(o.out().contains("active: none (0 active drivers ([]). There should only be one.)"), o.out());
    }
}

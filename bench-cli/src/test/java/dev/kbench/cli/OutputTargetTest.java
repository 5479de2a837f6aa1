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
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.stats.io.WriteMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An output's path, the option that named it and its policy travel together, its sidecar with them. */
class OutputTargetTest {

    @TempDir
    Path dir;

    @Test
    void aSamplesFilesSidecarIsRefusedOrReplacedAsTheSamplesFileIs() {
        Path csv = dir.resolve("run.csv");
        OutputTarget created = OutputTarget.samples("--csv-samples", csv, WriteMode.CREATE_NEW);
        OutputTarget sidecar = created.sidecar().orElseThrow();
        assertEquals("--csv-samples environment file", sidecar.option());
        assertEquals(dir.resolve("run.csv.env.json"), sidecar.file());
        assertEquals(WriteMode.CREATE_NEW, sidecar.mode());
        // an appended samples file's sidecar is rewritten with its old runs and this one
        assertEquals(WriteMode.REPLACE, OutputTarget.samples("--csv-samples", csv, WriteMode.APPEND).sidecar()
                .orElseThrow().mode());
        assertTrue(OutputTarget.samples("--csv-samples", Path.of("/dev/null"), WriteMode.CREATE_NEW).sidecar().isEmpty(),
                "a device has no sidecar");
        assertNull(OutputTarget.of("--json", null, true), "an option not given is no target");
    }

    @Test
    void anExistingOutputIsRefusedNamingItsOptionAndOnlyASamplesFileOffersAppend() throws Exception {
        Path existing = Files.writeString(dir.resolve("out.html"), "old");
        UsageException html = assertThrows(UsageException.class,
                () -> OutputFiles.check(List.of(OutputTarget.of("-o", existing, false)), Map.of()));
        assertEquals("-o '" + existing + "' exists; kbench does not replace files unless told: add --force to replace "
                + "it, or choose another name", html.getMessage());
        UsageException samples = assertThrows(UsageException.class,
                () -> OutputFiles.check(List.of(OutputTarget.samples("--csv-samples", existing, WriteMode.CREATE_NEW)),
                        Map.of()));
        assertTrue(samples.getMessage().contains("add --force to replace it or --append to add to it"),
                samples.getMessage());
        OutputFiles.check(List.of(OutputTarget.of("-o", existing, true)), Map.of());   // --force: allowed
        OutputTarget.of("-o", existing, true).write("new");
        assertEquals("new\n", Files.readString(existing));
    }
}

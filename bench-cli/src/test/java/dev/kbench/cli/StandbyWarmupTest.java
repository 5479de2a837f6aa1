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
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.Backend;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The warmup a fork runs in standby, on PoCL: it formats its made-up rows, writes nothing, and can be turned off. */
class StandbyWarmupTest {

    @TempDir
    Path dir;

    @Test
    void formatsRowsAndWritesNothing() throws Exception {
        Backend driver = Pocl.require();
        List<Path> before;
        try (var files = Files.list(dir)) {
            before = files.toList();
        }
        long chars = StandbyWarmup.run(driver, "run-1");
        // each row names its run: 5 passes of 100 rows, at least the run id and the device's name on each line
        assertTrue(chars > StandbyWarmup.PASSES * StandbyWarmup.ROWS * ("run-1".length() + driver.device().facts().name().length()),
                "formatted " + chars + " characters");
        try (var files = Files.list(dir)) {
            assertEquals(before, files.toList(), "nothing written");
        }
        assertFalse(dev.kbench.forks.Forks.awaitingGo(), "a JVM that is no fork in standby has no go to wait for");
        String old = System.getProperty(StandbyWarmup.PROPERTY);
        System.setProperty(StandbyWarmup.PROPERTY, "false");
        try {
            assertEquals(0, StandbyWarmup.run(driver, "run-1"), "off");
        } finally {
            if (old == null) {
                System.clearProperty(StandbyWarmup.PROPERTY);
            } else {
                System.setProperty(StandbyWarmup.PROPERTY, old);
            }
        }
    }
}

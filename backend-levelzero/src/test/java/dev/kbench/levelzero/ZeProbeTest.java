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
package dev.kbench.levelzero;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Discovery's failure paths that need no particular environment, and the bindings' bookkeeping. */
class ZeProbeTest {

    @Test
    void aMissingLibraryIsNamedWithTheInstallHint() {
        Optional<String> why = ZeProbe.checkLibrary("libze_loader_kbench_absent.so.1");
        assertTrue(why.isPresent());
        assertTrue(why.get().startsWith("libze_loader_kbench_absent.so.1 not found ("), why.get());
        assertTrue(why.get().endsWith("install the Level Zero loader, e.g. apt-get install libze1"), why.get());
    }

    @Test
    void aLibraryWithoutTheLevelZeroFunctionsListsWhatIsMissing() {
        Optional<String> why = ZeProbe.checkLibrary("libc.so.6");
        assertTrue(why.isPresent());
        assertEquals("libc.so.6 lacks 38 of the 38 Level Zero 1.4 functions kbench calls (zeInit, zeDriverGet,"
                + " zeDriverGetApiVersion, zeDriverGetProperties, zeDeviceGet, ...); it is not a Level Zero loader"
                + " of API 1.4 or later", why.get());
    }

    @Test
    void theInstalledLoaderHasEveryRequiredFunction() {
        // CI installs libze1: the loader must be there and complete, or this fails (never skips).
        assertEquals(Optional.empty(), ZeProbe.checkLibrary(ZeProbe.LOADER));
    }

    @Test
    void theRequiredFunctionsAreExactlyTheGeneratedOnes() throws IOException {
        // jextract/includes.txt drives the bindings; the probe must check the same functions.
        List<String> included = Files.readAllLines(Path.of("jextract", "includes.txt")).stream()
                .filter(line -> line.startsWith("--include-function "))
                .map(line -> line.substring("--include-function ".length()).strip())
                .toList();
        assertEquals(included, ZeProbe.REQUIRED_FUNCTIONS);
    }

    @Test
    void resultCodesAreNamed() {
        assertEquals("ZE_RESULT_SUCCESS (0x00000000)", Ze.describe(0));
        assertEquals("ZE_RESULT_ERROR_UNINITIALIZED (0x78000001)", Ze.describe(0x78000001));
        assertEquals("ZE_RESULT_ERROR_MODULE_BUILD_FAILURE (0x70000004)", Ze.describe(0x70000004));
        assertEquals("unknown ze_result_t 0x12345678", Ze.describe(0x12345678));
        assertEquals("1.4", Ze.version(0x00010004));
    }
}

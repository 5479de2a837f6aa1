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
package dev.kbench.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SourceKindTest {

    @Test
    void aFileKindComesFromTheKindsGivenByExtension() {
        List<SourceKind> kinds = List.of(SourceKind.PTX, SourceKind.CUBIN, SourceKind.OPENCL_C, SourceKind.SPIRV);
        assertEquals(SourceKind.PTX, SourceKind.forFile(Path.of("k/gelu.ptx"), kinds));
        assertEquals(SourceKind.CUBIN, SourceKind.forFile(Path.of("gelu.FATBIN"), kinds));
        assertEquals(SourceKind.SPIRV, SourceKind.forFile(Path.of("a.b.spv"), kinds));
        String message = assertThrows(IllegalArgumentException.class,
                () -> SourceKind.forFile(Path.of("gelu.ptx"), List.of(SourceKind.OPENCL_C, SourceKind.SPIRV))).getMessage();
        assertEquals("cannot tell the kernel kind of 'gelu.ptx' from its extension; use .cl, .spv "
                + "(OPENCL_C (.cl), SPIRV (.spv))", message);
        assertTrue(assertThrows(IllegalArgumentException.class, () -> SourceKind.forFile(Path.of("noext"), List.of()))
                .getMessage().endsWith("no backend found here takes any kernel files"));
    }

    @Test
    void aBackendDefinesItsOwnKindsAndKindsAreEqualByName() {
        SourceKind glsl = SourceKind.of("GLSL", false, List.of("comp", "glsl"));
        assertEquals(List.of("comp", "glsl"), glsl.extensions());
        assertFalse(glsl.binary());
        assertTrue(glsl.matches(Path.of("x.comp")));
        assertEquals(glsl, SourceKind.forFile(Path.of("shader.glsl"), Set.of(SourceKind.SPIRV, glsl)));
        assertEquals(SourceKind.SPIRV, SourceKind.of("SPIRV", true, List.of("spirv")));
        assertNotEquals(SourceKind.SPIRV, glsl);
        assertEquals("GLSL", glsl.toString());
    }

    @Test
    void badNamesAndExtensionsAreRefusedNamingTheValue() {
        assertEquals("a source kind's name is upper-case letters, digits and '_', starting with a letter, got 'glsl'",
                assertThrows(IllegalArgumentException.class, () -> SourceKind.of("glsl", false, List.of("comp")))
                        .getMessage());
        assertEquals("source kind GLSL needs at least one file extension of lower-case letters and digits without the "
                + "dot, got [.comp]", assertThrows(IllegalArgumentException.class,
                () -> SourceKind.of("GLSL", false, List.of(".comp"))).getMessage());
        assertThrows(IllegalArgumentException.class, () -> SourceKind.of("GLSL", false, List.of()));
    }

    @Test
    void theLookupReportsTheKindsOfTheBackendsFound() {
        SimulatedDriver a = new SimulatedDriver("a", true);
        SimulatedDriver b = new SimulatedDriver("b", false);
        assertEquals(Set.of(SourceKind.OPENCL_C), Drivers.of(List.of(a, b)).sourceKinds());
        assertEquals(Set.of(), Drivers.of(List.of()).sourceKinds());
    }

    @Test
    void theKindsNeedNoProbe() {
        int[] probes = {0};
        SimulatedDriver a = new SimulatedDriver("a", true) {
            @Override
            public Availability availability() {
                probes[0]++;
                return super.availability();
            }
        };
        Drivers drivers = Drivers.of(List.of(a));
        assertEquals(Set.of(SourceKind.OPENCL_C), drivers.sourceKinds());
        assertEquals(0, probes[0], "telling a file's kind loads no driver");
        assertEquals("a", drivers.active().name());
        drivers.statuses();
        assertEquals(1, probes[0], "each provider is probed once");
    }
}

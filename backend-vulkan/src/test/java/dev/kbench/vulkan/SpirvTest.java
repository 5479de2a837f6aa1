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
package dev.kbench.vulkan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.KernelException;
import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The SPIR-V reflector on the committed test modules and on the built-in suite's OpenCL SPIR-V. */
class SpirvTest {

    private static Spirv conformance() {
        KernelSource source = VulkanTestKernels.conformance();
        return Spirv.parse(source.code(), source.name());
    }

    @Test
    void theConformanceModuleHasItsFourComputeEntryPoints() {
        Spirv spirv = conformance();
        assertEquals(List.of("fill", "copy", "block_sum", "kinds"), List.copyOf(spirv.entries().keySet()));
        assertFalse(spirv.openCl());
        assertTrue(spirv.needsInt64() && spirv.needsFloat64(), "kinds takes a 64-bit integer and a double");
        assertEquals("1.6", spirv.version());
    }

    @Test
    void buffersScalarsAndTheWorkGroupSizeOfFill() {
        Spirv.Entry fill = conformance().entries().get("fill");
        assertEquals(List.of(0), fill.bindings());
        assertEquals(List.of(new Spirv.PushConstant("value", 0, Spirv.Scalar.F32),
                new Spirv.PushConstant("n", 4, Spirv.Scalar.I32)), fill.pushConstants());
        assertEquals(8, fill.pushConstantBytes());
        assertEquals(List.of(), fill.localSpecIds());
        assertEquals(List.of(new Spirv.Dimension(1, 0), new Spirv.Dimension(1, 1), new Spirv.Dimension(1, 2)),
                fill.workGroupSize(), "local_size_{x,y,z}_id = 0, 1, 2");
    }

    @Test
    void everyScalarKindAtItsStd430Offset() {
        Spirv.Entry kinds = conformance().entries().get("kinds");
        assertEquals(List.of(new Spirv.PushConstant("a", 0, Spirv.Scalar.I32),
                new Spirv.PushConstant("b", 8, Spirv.Scalar.I64), new Spirv.PushConstant("c", 16, Spirv.Scalar.F32),
                new Spirv.PushConstant("d", 24, Spirv.Scalar.F64)), kinds.pushConstants());
        assertEquals(32, kinds.pushConstantBytes());
    }

    @Test
    void theLocalArraySizeIsSpecializationConstantThree() {
        Spirv.Entry blockSum = conformance().entries().get("block_sum");
        assertEquals(List.of(0, 1), blockSum.bindings());
        assertEquals(List.of(3), blockSum.localSpecIds(), "the work-group size's constants 0, 1, 2 are not local sizes");
    }

    @Test
    void aFixedWorkGroupSizeIsRead() {
        KernelSource source = VulkanTestKernels.resource("fixed_size.spv");
        Spirv.Entry main = Spirv.parse(source.code(), source.name()).entries().get("main");
        assertEquals(List.of(new Spirv.Dimension(64, -1), new Spirv.Dimension(1, -1), new Spirv.Dimension(1, -1)),
                main.workGroupSize());
    }

    @Test
    void bytesThatAreNotSpirvAreRefusedWithTheSourceName() {
        KernelException e = assertThrows(KernelException.class,
                () -> Spirv.parse(new byte[] {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20},
                        "junk.spv"));
        assertEquals("'junk.spv' is not a SPIR-V module: its first word is 0x4030201, not the magic number 0x7230203",
                e.getMessage());
        KernelException odd = assertThrows(KernelException.class, () -> Spirv.parse(new byte[7], "odd.spv"));
        assertTrue(odd.getMessage().startsWith("'odd.spv' is not a SPIR-V module: 7 bytes"), odd.getMessage());
    }

    @Test
    void theBuiltInSuiteIsOpenClSpirv() throws IOException {
        // kbench's built-in suite ships OpenCL SPIR-V (kernels/suite/suite.spv, for Level Zero): not for Vulkan
        Path suite = Path.of("..", "kernels", "suite", "suite.spv");
        Spirv spirv = Spirv.parse(Files.readAllBytes(suite), "suite.spv");
        assertTrue(spirv.openCl());
        assertTrue(spirv.entries().isEmpty(), "an OpenCL module has Kernel entry points, no GLCompute ones");
        assertEquals(SourceKind.SPIRV, KernelSource.of(suite, List.of(SourceKind.SPIRV)).kind());
    }
}

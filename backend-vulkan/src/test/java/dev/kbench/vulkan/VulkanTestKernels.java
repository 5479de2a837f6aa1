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

import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** The committed SPIR-V test modules (see src/test/glsl/regenerate-spirv.sh). */
final class VulkanTestKernels {

    private VulkanTestKernels() {
    }

    /** @return the conformance kit's kernels as Vulkan compute shaders, conformance.spv */
    static KernelSource conformance() {
        return resource("conformance.spv");
    }

    static KernelSource resource(String name) {
        try (InputStream in = VulkanTestKernels.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("test resource " + name + " is missing");
            }
            return new KernelSource(SourceKind.SPIRV, in.readAllBytes(), name, "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

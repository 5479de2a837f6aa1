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
package dev.kbench.tck;

import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The kernels {@link DriverConformance} launches. Their OpenCL C text ({@link #openClC()}) is the
 * reference; a backend that does not take OpenCL C compiles it (SPIR-V) or ports it (CUDA C to PTX) and
 * hands the kit the result, with these entry points and semantics:
 *
 * <ul>
 *   <li>{@code fill(float* out, float value, uint n)}: {@code out[i] = value} for {@code i < n};</li>
 *   <li>{@code copy(const float* in, float* out, uint n)}: {@code out[i] = in[i]} for {@code i < n};</li>
 *   <li>{@code block_sum(const float* in, float* out, local float* scratch, uint n)}: {@code out[g]} =
 *       the sum of work-group {@code g}'s elements below {@code n} (work-group size a power of two,
 *       {@code scratch} one float per work item);</li>
 *   <li>{@code kinds(double* out, int a, long b, float c, double d)}: work item 0 writes
 *       {@code out = {a, b, c, d}} as doubles.</li>
 * </ul>
 */
public final class ConformanceKernels {

    /** The resource holding the OpenCL C text, next to this class. */
    public static final String RESOURCE = "conformance.cl";

    private ConformanceKernels() {
    }

    /**
     * The kernels as OpenCL C 1.2 ({@link SourceKind#OPENCL_C}), named {@value #RESOURCE}.
     *
     * @return the source
     */
    public static KernelSource openClC() {
        return KernelSource.ofText(SourceKind.OPENCL_C, text(), RESOURCE);
    }

    /**
     * The OpenCL C text of the kernels.
     *
     * @return the text
     */
    public static String text() {
        try (InputStream in = ConformanceKernels.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the kit's resource " + RESOURCE + " is missing from its jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the kit's resource " + RESOURCE, e);
        }
    }
}

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
package dev.kbench.opencl;

import dev.kbench.api.Dim3;
import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import org.apache.commons.numbers.gamma.Erf;

/**
 * The GELU kernel of {@code kernels/opencl/gelu.cl} (a test resource beside this class), its
 * deterministic inputs and its double-precision reference (erf: Commons Numbers): a real kernel for the
 * backend's tests.
 */
final class Gelu {

    /** The kernel's entry point. */
    public static final String ENTRY = "gelu_forward";
    /** Inputs are spread uniformly over [-RANGE, RANGE]. */
    public static final double RANGE = 6.0;

    private Gelu() {
    }

    /**
     * The kernel source, from the test resource {@code dev/kbench/opencl/gelu.cl}.
     *
     * @return the OpenCL C source
     */
    public static KernelSource source() {
        try (InputStream in = Gelu.class.getResourceAsStream("gelu.cl")) {
            if (in == null) {
                throw new IllegalStateException("gelu.cl is missing beside " + Gelu.class.getName()
                        + "; backend-opencl/pom.xml copies it from kernels/opencl as a test resource");
            }
            return KernelSource.ofText(SourceKind.OPENCL_C, new String(in.readAllBytes(), StandardCharsets.UTF_8),
                    "kernels/opencl/gelu.cl");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read gelu.cl: " + e.getMessage(), e);
        }
    }

    /**
     * The launch grid for {@code n} elements: enough work-groups of {@code block} to cover them.
     *
     * @param n elements
     * @param block work-group size
     * @return {@code ceil(n / block)} work-groups
     */
    public static Dim3 grid(long n, int block) {
        return Dim3.of((n + block - 1) / block);
    }

    /**
     * Bytes one call moves: reads {@code n} floats, writes {@code n} floats.
     *
     * @param n elements
     * @return {@code 8 n}
     */
    public static long bytesMoved(long n) {
        return 8 * n;
    }

    /**
     * The {@code i}-th input: a hash of {@code i} spread uniformly over [-6, 6].
     *
     * @param i the index
     * @return the input value
     */
    public static float input(long i) {
        long z = i * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        double unit = (z >>> 40) / (double) (1L << 24);
        return (float) ((unit * 2 - 1) * RANGE);
    }

    /**
     * Fills host memory with the inputs {@code input(0) .. input(n-1)}.
     *
     * @param target at least {@code 4 n} bytes
     * @param n elements
     */
    public static void fillInputs(MemorySegment target, long n) {
        for (long i = 0; i < n; i++) {
            target.setAtIndex(ValueLayout.JAVA_FLOAT, i, input(i));
        }
    }

    /**
     * GELU in double precision: {@code x * 0.5 * (1 + erf(x / sqrt 2))}.
     *
     * @param x the input
     * @return the exact value, to about 1e-15 relative
     */
    public static double reference(double x) {
        return x * 0.5 * (1 + Erf.value(x / Math.sqrt(2)));
    }

    /**
     * How far the device's float result may be from {@link #reference(double)}. OpenCL allows {@code erf} an
     * error of 16 ulp in float; an error {@code e} of erf moves the result by {@code 0.5 |x| e}, and
     * 16 ulp of values below 1 is below 1e-6, hence {@code 1e-6 |x|}, plus 4 ulp of the result for the
     * multiplications and the rounding of the argument.
     *
     * @param x the input
     * @param reference the exact result
     * @return the allowed absolute error
     */
    public static double tolerance(float x, double reference) {
        return 1e-6 * Math.abs(x) + 4 * Math.ulp((float) Math.abs(reference)) + Float.MIN_NORMAL;
    }
}

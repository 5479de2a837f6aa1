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

import dev.kbench.api.Device;
import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.Dim3;
import dev.kbench.api.Kernel;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.Set;
import org.apache.commons.numbers.gamma.Erf;

/**
 * The GELU kernels of {@code kernels/} ({@code cuda/gelu.ptx}: {@code gelu} and {@code empty};
 * {@code opencl/gelu.cl}: {@code gelu_forward}), packaged as resources beside this class, with their
 * deterministic inputs, their double-precision reference and the check of a device's output.
 */
public final class Gelu {

    /** Inputs are spread uniformly over [-RANGE, RANGE]. */
    public static final double RANGE = 6.0;

    /**
     * A backend's GELU kernels.
     *
     * @param source the module holding them
     * @param gelu the entry point of GELU
     * @param empty the entry point of a kernel with GELU's signature that does nothing, if the module has one
     */
    public record Kernels(KernelSource source, String gelu, Optional<String> empty) {
    }

    private Gelu() {
    }

    /**
     * The GELU kernels in a form the device accepts: PTX, else OpenCL C.
     *
     * @param accepted the device's {@link Device#acceptedSources()}
     * @return the kernels
     * @throws IllegalArgumentException if the device takes neither
     */
    public static Kernels kernelsFor(Set<SourceKind> accepted) {
        if (accepted.contains(SourceKind.PTX)) {
            return new Kernels(KernelSource.ofText(SourceKind.PTX, resource("cuda/gelu.ptx"), "kernels/cuda/gelu.ptx"),
                    "gelu", Optional.of("empty"));
        }
        if (accepted.contains(SourceKind.OPENCL_C)) {
            return new Kernels(KernelSource.ofText(SourceKind.OPENCL_C, resource("opencl/gelu.cl"), "kernels/opencl/gelu.cl"),
                    "gelu_forward", Optional.empty());
        }
        throw new IllegalArgumentException("the device takes " + accepted + "; the GELU kernels are PTX and OpenCL C");
    }

    /**
     * A kernel file packaged from {@code kernels/}.
     *
     * @param path e.g. {@code cuda/spin.ptx}
     * @return its text
     */
    static String resource(String path) {
        try (InputStream in = Gelu.class.getResourceAsStream("kernels/" + path)) {
            if (in == null) {
                throw new IllegalStateException("kernels/" + path + " is missing beside " + Gelu.class.getName()
                        + "; bench/evidence/pom.xml copies it from kernels/");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read kernels/" + path + ": " + e.getMessage(), e);
        }
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
     * GELU in double precision: {@code x * 0.5 * (1 + erf(x / sqrt 2))}, with Commons Numbers' erf.
     *
     * @param x the input
     * @return the exact value, to about 1e-15 relative
     */
    public static double reference(double x) {
        return x * 0.5 * (1 + Erf.value(x / Math.sqrt(2)));
    }

    /**
     * How far a device's float result may be from {@link #reference(double)}. OpenCL allows {@code erf} an
     * error of 16 ulp in float (CUDA's {@code erff} is within 2); an error {@code e} of erf moves the result
     * by {@code 0.5 |x| e}, and 16 ulp of values below 1 is below 1e-6, hence {@code 1e-6 |x|}, plus 4 ulp
     * of the result for the multiplications and the rounding of the argument.
     *
     * @param x the input
     * @param reference the exact result
     * @return the allowed absolute error
     */
    public static double tolerance(float x, double reference) {
        return 1e-6 * Math.abs(x) + 4 * Math.ulp((float) Math.abs(reference)) + Float.MIN_NORMAL;
    }

    /**
     * The outcome of {@link #check}.
     *
     * @param wrong elements outside {@link #tolerance}
     * @param maxAbsError the largest absolute error
     * @param checked elements compared
     */
    public record Check(long wrong, double maxAbsError, long checked) {

        /**
         * Whether every element was within tolerance.
         *
         * @return true if none was wrong
         */
        public boolean ok() {
            return wrong == 0;
        }
    }

    /**
     * Runs GELU once on {@code n} inputs {@code input(0) .. input(n-1)} and compares every output with the
     * reference.
     *
     * @param device the device
     * @param gelu the GELU kernel, arguments (x, out, n)
     * @param n elements
     * @param block threads per block (work-group size)
     * @return what the comparison found
     */
    public static Check check(Device device, Kernel gelu, int n, int block) {
        long bytes = 4L * n;
        try (Arena arena = Arena.ofConfined();
             DeviceBuffer x = device.allocate(bytes); DeviceBuffer y = device.allocate(bytes)) {
            MemorySegment host = arena.allocate(bytes, 64);
            for (int i = 0; i < n; i++) {
                host.setAtIndex(ValueLayout.JAVA_FLOAT, i, input(i));
            }
            device.write(host, x);
            device.fill(y, Float.floatToRawIntBits(Float.NaN));
            gelu.launch(Dim3.of(Math.ceilDiv(n, block)), Dim3.of(block), KernelArg.buffer(x), KernelArg.buffer(y),
                    KernelArg.i32(n));
            device.read(y, host);
            long wrong = 0;
            double maxError = 0;
            for (int i = 0; i < n; i++) {
                float in = input(i);
                double want = reference(in);
                double error = Math.abs(host.getAtIndex(ValueLayout.JAVA_FLOAT, i) - want);
                if (!(error <= tolerance(in, want))) {
                    wrong++;
                }
                maxError = Double.isNaN(error) ? Double.POSITIVE_INFINITY : Math.max(maxError, error);
            }
            return new Check(wrong, maxError, n);
        }
    }
}

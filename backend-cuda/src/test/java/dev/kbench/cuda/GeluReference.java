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
package dev.kbench.cuda;

import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.Dim3;
import dev.kbench.api.Kernel;
import dev.kbench.api.KernelArg;
import dev.kbench.spi.DeviceInterface;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.SplittableRandom;
import org.apache.commons.numbers.gamma.Erf;

/**
 * The CPU reference for {@code kernels/cuda/gelu.cu}: {@code x * 0.5 * (1 + erf(x / sqrt(2)))} in
 * double precision, with Commons Numbers' {@code erf}; and the check of the kernel's output the GPU tests
 * use. Stateless and thread-safe.
 */
public final class GeluReference {

    /** Threads per block. */
    public static final int BLOCK = 256;

    private GeluReference() {
    }

    /**
     * GELU of one value.
     *
     * @param x the input
     * @return {@code x * 0.5 * (1 + erf(x / sqrt(2)))}
     */
    public static double gelu(double x) {
        return x * 0.5 * (1 + Erf.value(x * 0.7071067811865476));
    }

    /**
     * The largest error of a GPU result against this reference, relative where the reference is larger
     * than 1 in magnitude and absolute below: {@code max |gpu - ref| / max(1, |ref|)}.
     *
     * @param input the inputs
     * @param gpu the kernel's outputs, as long as {@code input}
     * @return the error
     */
    public static double maxError(float[] input, float[] gpu) {
        if (input.length != gpu.length) {
            throw new IllegalArgumentException("input and output lengths differ: " + input.length + " vs " + gpu.length);
        }
        double worst = 0;
        for (int i = 0; i < input.length; i++) {
            double ref = gelu(input[i]);
            double error = Math.abs(gpu[i] - ref) / Math.max(1, Math.abs(ref));
            if (!(error <= worst)) {
                worst = Double.isNaN(error) ? Double.POSITIVE_INFINITY : error;
            }
        }
        return worst;
    }

    /** Tolerance of {@link #maxError}: a few float ulps (erff is within 2 ulp, plus three roundings). */
    public static final double TOLERANCE = 2e-6;

    /**
     * Runs gelu once on random inputs in [-6, 6] and compares with {@link #gelu}.
     *
     * @param device the device
     * @param gelu the kernel
     * @param n the number of elements
     * @return the largest error, see {@link #maxError}
     */
    public static double check(DeviceInterface device, Kernel gelu, int n) {
        float[] input = new float[n];
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < n; i++) {
            input[i] = (float) (random.nextDouble() * 12 - 6);
        }
        float[] output = new float[n];
        try (Arena arena = Arena.ofConfined();
             DeviceBuffer x = device.allocate(4L * n); DeviceBuffer y = device.allocate(4L * n)) {
            MemorySegment host = arena.allocate(4L * n);
            MemorySegment.copy(input, 0, host, ValueLayout.JAVA_FLOAT, 0, n);
            device.write(host, x);
            device.fill(y, Float.floatToRawIntBits(Float.NaN));
            gelu.launch(Dim3.of(Math.ceilDiv(n, BLOCK)), Dim3.of(BLOCK),
                    KernelArg.buffer(x), KernelArg.buffer(y), KernelArg.i32(n));
            device.read(y, host);
            MemorySegment.copy(host, ValueLayout.JAVA_FLOAT, 0, output, 0, n);
        }
        return maxError(input, output);
    }
}

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
package dev.kbench.cli.suite;

import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.Dim3;
import dev.kbench.api.Kernel;
import dev.kbench.api.KernelArg;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.OptionalLong;
import java.util.SplittableRandom;

/**
 * {@code sgemm}: {@code C = A B} for square {@code size x size} float matrices with 16x16 tiles in
 * local memory; {@code 2 size^3} flops, and at least {@code 12 size^2} bytes. The check compares
 * {@value #CHECKED} entries (the corners and random ones) to a double-precision reference, so it stays
 * cheap at any size.
 */
final class SgemmWorkload extends DeviceWorkload {

    /** A random input (seed, range). */
    static final HostInputs.Floats A = new HostInputs.Floats(6, -1f, 1f);
    /** A random input (seed, range). */
    static final HostInputs.Floats B = new HostInputs.Floats(7, -1f, 1f);
    /** Its random inputs, in the order it makes them. */
    static final List<HostInputs.Floats> INPUTS = List.of(A, B);

    /** The tile edge of the kernel: work-groups are TILE x TILE. */
    static final int TILE = 16;
    /** Entries of C compared to the reference. */
    static final int CHECKED = 256;

    private final long size;
    private final Kernel kernel;
    private final MemorySegment a;
    private final MemorySegment b;
    private final DeviceBuffer c;
    private final List<KernelArg> args;

    SgemmWorkload(SuiteKernels kernels, long size) {
        super(kernels);
        try {
            this.size = size;
            this.kernel = kernels.kernel("sgemm");
            this.a = randomFloats(size * size, A);
            this.b = randomFloats(size * size, B);
            this.c = poisoned(size * size);
            int s = Math.toIntExact(size);
            this.args = List.of(KernelArg.buffer(upload(a)), KernelArg.buffer(upload(b)), KernelArg.buffer(c),
                    KernelArg.i32(s), KernelArg.i32(s), KernelArg.i32(s));
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    @Override
    public void run() {
        long tiles = (size + TILE - 1) / TILE;
        kernel.launch(new Dim3(tiles, tiles, 1), new Dim3(TILE, TILE, 1), args);
    }

    @Override
    public void check() {
        MemorySegment got = download(c, size * size);
        SplittableRandom random = new SplittableRandom(8);
        long last = size - 1;
        long[][] entries = new long[CHECKED][];
        entries[0] = new long[] {0, 0};
        entries[1] = new long[] {0, last};
        entries[2] = new long[] {last, 0};
        entries[3] = new long[] {last, last};
        for (int e = 4; e < CHECKED; e++) {
            entries[e] = new long[] {random.nextLong(size), random.nextLong(size)};
        }
        for (long[] entry : entries) {
            long row = entry[0];
            long col = entry[1];
            double sum = 0;
            double magnitude = 0;
            for (long k = 0; k < size; k++) {
                double product = (double) a.getAtIndex(ValueLayout.JAVA_FLOAT, row * size + k)
                        * b.getAtIndex(ValueLayout.JAVA_FLOAT, k * size + col);
                sum += product;
                magnitude += Math.abs(product);
            }
            float value = got.getAtIndex(ValueLayout.JAVA_FLOAT, row * size + col);
            // a float dot product of length size: at most about size roundings of the running sum
            double tolerance = (size + 2) * Math.ulp(1.0f) * magnitude;
            if (!(Math.abs(value - sum) <= tolerance)) {
                throw new AssertionError(String.format(java.util.Locale.ROOT,
                        "C[%d][%d] = %s, expected %s (tolerance %.3g) from the CPU reference", row, col, value, sum,
                        tolerance));
            }
        }
        freeHost();
    }

    @Override
    public OptionalLong bytesPerCall() {
        return OptionalLong.of(3L * Float.BYTES * size * size);
    }

    @Override
    public OptionalLong flopsPerCall() {
        return OptionalLong.of(2 * size * size * size);
    }
}

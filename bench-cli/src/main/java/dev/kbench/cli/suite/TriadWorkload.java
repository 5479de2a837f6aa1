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

/** {@code triad}: STREAM's {@code a = b + s * c} over {@code n} floats; 12 n bytes, 2 n flops. */
final class TriadWorkload extends DeviceWorkload {

    /** A random input (seed, range). */
    static final HostInputs.Floats B = new HostInputs.Floats(2, -1f, 1f);
    /** A random input (seed, range). */
    static final HostInputs.Floats C = new HostInputs.Floats(3, -1f, 1f);
    /** Its random inputs, in the order it makes them. */
    static final List<HostInputs.Floats> INPUTS = List.of(B, C);

    /** STREAM's scalar. */
    static final float SCALAR = 3.0f;

    private final long n;
    private final Kernel kernel;
    private final MemorySegment b;
    private final MemorySegment c;
    private final DeviceBuffer a;
    private final List<KernelArg> args;

    TriadWorkload(SuiteKernels kernels, long n) {
        super(kernels);
        try {
            this.n = n;
            this.kernel = kernels.kernel("triad");
            this.b = randomFloats(n, B);
            this.c = randomFloats(n, C);
            this.a = poisoned(n);
            this.args = List.of(KernelArg.buffer(a), KernelArg.buffer(upload(b)), KernelArg.buffer(upload(c)),
                    KernelArg.f32(SCALAR), KernelArg.i32(Math.toIntExact(n)));
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    @Override
    public void run() {
        kernel.launch(Dim3.of(groups(n)), Dim3.of(BLOCK), args);
    }

    @Override
    public void check() {
        MemorySegment got = download(a, n);
        expectClose("a", got, new Reference() {
            @Override
            public double value(long i) {
                return b.getAtIndex(ValueLayout.JAVA_FLOAT, i) + (double) SCALAR * c.getAtIndex(ValueLayout.JAVA_FLOAT, i);
            }

            @Override
            public double tolerance(long i) {
                // one rounding of the product and one of the sum (or a single fused one), in float
                double magnitude = Math.abs(b.getAtIndex(ValueLayout.JAVA_FLOAT, i))
                        + Math.abs(SCALAR * c.getAtIndex(ValueLayout.JAVA_FLOAT, i));
                return 2 * Math.ulp(1.0f) * magnitude;
            }
        });
        freeHost();
    }

    @Override
    public OptionalLong bytesPerCall() {
        return OptionalLong.of(3 * Float.BYTES * n);
    }

    @Override
    public OptionalLong flopsPerCall() {
        return OptionalLong.of(2 * n);
    }
}

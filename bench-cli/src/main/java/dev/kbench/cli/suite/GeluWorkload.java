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
import org.apache.commons.numbers.gamma.Erf;

/**
 * {@code gelu}: the seeds' {@code gelu_forward_kernel}, {@code out = x * 0.5 * (1 + erf(x / sqrt 2))}
 * over {@code n} floats; moves 8 n bytes. Flops are not declared: {@code erf} is not a fixed count.
 */
final class GeluWorkload extends DeviceWorkload {

    /** A random input (seed, range). */
    static final HostInputs.Floats X = new HostInputs.Floats(4, -4f, 4f);
    /** Its random inputs, in the order it makes them. */
    static final List<HostInputs.Floats> INPUTS = List.of(X);

    private final long n;
    private final Kernel kernel;
    private final MemorySegment x;
    private final DeviceBuffer out;
    private final List<KernelArg> args;

    GeluWorkload(SuiteKernels kernels, long n) {
        super(kernels);
        try {
            this.n = n;
            this.kernel = kernels.kernel("gelu");
            this.x = randomFloats(n, X);
            this.out = poisoned(n);
            this.args = List.of(KernelArg.buffer(upload(x)), KernelArg.buffer(out), KernelArg.i32(Math.toIntExact(n)));
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    /** The reference in double precision. */
    static double gelu(double v) {
        return v * 0.5 * (1 + Erf.value(v / Math.sqrt(2)));
    }

    @Override
    public void run() {
        kernel.launch(Dim3.of(groups(n)), Dim3.of(BLOCK), args);
    }

    @Override
    public void check() {
        MemorySegment got = download(out, n);
        expectClose("out", got, new Reference() {
            @Override
            public double value(long i) {
                return gelu(x.getAtIndex(ValueLayout.JAVA_FLOAT, i));
            }

            @Override
            public double tolerance(long i) {
                // erf is accurate to a few ulp on every vendor, but 1 + erf(.) rounds to an ulp of 1, so the
                // error scales with x * 0.5 * 2: allow 16 float ulp of 1 times |x|
                return 16 * Math.ulp(1.0f) * Math.abs(x.getAtIndex(ValueLayout.JAVA_FLOAT, i)) + Float.MIN_NORMAL;
            }
        });
        freeHost();
    }

    @Override
    public OptionalLong bytesPerCall() {
        return OptionalLong.of(2 * Float.BYTES * n);
    }
}

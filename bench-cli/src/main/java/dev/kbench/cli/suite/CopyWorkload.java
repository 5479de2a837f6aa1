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

/** {@code copy}: {@code dst[i] = src[i]} over {@code n} floats; moves {@code 8 n} bytes. */
final class CopyWorkload extends DeviceWorkload {

    /** A random input (seed, range). */
    static final HostInputs.Floats SRC = new HostInputs.Floats(1, -1f, 1f);
    /** Its random inputs, in the order it makes them. */
    static final List<HostInputs.Floats> INPUTS = List.of(SRC);

    private final long n;
    private final Kernel kernel;
    private final MemorySegment src;
    private final List<KernelArg> args;

    CopyWorkload(SuiteKernels kernels, long n) {
        super(kernels);
        try {
            this.n = n;
            this.kernel = kernels.kernel("copy");
            this.src = randomFloats(n, SRC);
            DeviceBuffer srcBuffer = upload(src);
            DeviceBuffer dst = poisoned(n);
            this.args = List.of(KernelArg.buffer(srcBuffer), KernelArg.buffer(dst), KernelArg.i32(Math.toIntExact(n)));
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
        MemorySegment got = download(((KernelArg.Buffer) args.get(1)).buffer(), n);
        expectClose("dst", got, new Reference() {
            @Override
            public double value(long i) {
                return src.getAtIndex(ValueLayout.JAVA_FLOAT, i);
            }

            @Override
            public double tolerance(long i) {
                return 0;
            }
        });
        freeHost();
    }

    @Override
    public OptionalLong bytesPerCall() {
        return OptionalLong.of(2 * Float.BYTES * n);
    }
}

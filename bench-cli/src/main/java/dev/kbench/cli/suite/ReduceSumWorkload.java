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

/**
 * {@code reduce_sum}: the sum of {@code n} floats in two launches of the same kernel, one partial sum
 * per work-group (at most {@value #MAX_GROUPS} groups, grid-stride), then one group over the partials;
 * reads 4 n bytes and adds n values.
 */
final class ReduceSumWorkload extends DeviceWorkload {

    /** A random input (seed, range). */
    static final HostInputs.Floats X = new HostInputs.Floats(5, 0f, 1f);
    /** Its random inputs, in the order it makes them. */
    static final List<HostInputs.Floats> INPUTS = List.of(X);

    /** The most work-groups of the first pass: enough to fill a large GPU, few for the second. */
    static final long MAX_GROUPS = 1024;

    private final long n;
    private final long groups;
    private final Kernel kernel;
    private final MemorySegment x;
    private final DeviceBuffer total;
    private final List<KernelArg> first;
    private final List<KernelArg> second;

    ReduceSumWorkload(SuiteKernels kernels, long n) {
        super(kernels);
        try {
            this.n = n;
            this.groups = Math.min(groups(n), MAX_GROUPS);
            this.kernel = kernels.kernel("reduce_sum");
            this.x = randomFloats(n, X);
            DeviceBuffer partial = poisoned(groups);
            this.total = poisoned(1);
            this.first = List.of(KernelArg.buffer(upload(x)), KernelArg.buffer(partial), KernelArg.i32(Math.toIntExact(n)));
            this.second = List.of(KernelArg.buffer(partial), KernelArg.buffer(total), KernelArg.i32(Math.toIntExact(groups)));
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    @Override
    public void run() {
        kernel.launch(Dim3.of(groups), Dim3.of(BLOCK), first);
        kernel.launch(Dim3.of(1), Dim3.of(BLOCK), second);
    }

    @Override
    public void check() {
        double sum = 0;
        for (long i = 0; i < n; i++) {
            sum += x.getAtIndex(ValueLayout.JAVA_FLOAT, i);
        }
        // each work-item adds ceil(n / (groups * BLOCK)) values in float, then two trees of log2(BLOCK)
        long perItem = (n + groups * BLOCK - 1) / (groups * BLOCK);
        double reference = sum;
        double tolerance = (perItem + 2 * 8 + 2) * Math.ulp(1.0f) * sum;
        expectClose("sum", download(total, 1), new Reference() {
            @Override
            public double value(long i) {
                return reference;
            }

            @Override
            public double tolerance(long i) {
                return tolerance;
            }
        });
        freeHost();
    }

    @Override
    public OptionalLong bytesPerCall() {
        return OptionalLong.of(Float.BYTES * (n + 2 * groups));
    }

    @Override
    public OptionalLong flopsPerCall() {
        return OptionalLong.of(n + groups);
    }
}

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
package dev.kbench.levelzero;

import dev.kbench.api.Dim3;
import dev.kbench.api.Kernel;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelException;
import dev.kbench.levelzero.ze.ZeApi;
import dev.kbench.levelzero.ze.ze_group_count_t;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A kernel: each launch sets the arguments ({@code zeKernelSetArgumentValue}) and the group size
 * ({@code zeKernelSetGroupSize}), then appends a barrier and {@code zeCommandListAppendLaunchKernel} with
 * the grid as the group count. The driver captures arguments at append time, so one kernel can be
 * launched again with other arguments at once.
 */
final class ZeKernel implements Kernel {

    private static final long MAX_U32 = 0xffff_ffffL;

    private final LevelZeroDevice device;
    private final ZeModule module;
    private final MemorySegment handle;
    private final String name;
    private final int argumentCount;

    ZeKernel(LevelZeroDevice device, ZeModule module, MemorySegment handle, String name, int argumentCount) {
        this.device = device;
        this.module = module;
        this.handle = handle;
        this.name = name;
        this.argumentCount = argumentCount;
    }

    @Override
    public String name() {
        return name;
    }

    MemorySegment handle() {
        return handle;
    }

    /**
     * The number of parameters, from {@code ze_kernel_properties_t.numKernelArgs}.
     *
     * @return the count
     */
    int argumentCount() {
        return argumentCount;
    }

    @Override
    public void launch(Dim3 grid, Dim3 block, List<KernelArg> args) {
        module.ensureOpen();
        if (args.size() != argumentCount) {
            throw new KernelException("kernel '" + name + "' takes " + argumentCount + " arguments, got " + args.size()
                    + " (" + args.stream().map(a -> a.getClass().getSimpleName()).collect(Collectors.joining(", "))
                    + ")");
        }
        try (Arena call = Arena.ofConfined()) {
            for (int i = 0; i < argumentCount; i++) {
                setArgument(call, i, args.get(i));
            }
            int result = ZeApi.zeKernelSetGroupSize(handle, u32("block", block.x()), u32("block", block.y()),
                    u32("block", block.z()));
            if (result != ZeApi.ZE_RESULT_SUCCESS()) {
                throw new KernelException("kernel '" + name + "': zeKernelSetGroupSize(" + block + ") returned "
                        + Ze.describe(result));
            }
            MemorySegment groups = ze_group_count_t.allocate(call);
            ze_group_count_t.groupCountX(groups, u32("grid", grid.x()));
            ze_group_count_t.groupCountY(groups, u32("grid", grid.y()));
            ze_group_count_t.groupCountZ(groups, u32("grid", grid.z()));
            result = device.appendLaunch(handle, groups);
            if (result != ZeApi.ZE_RESULT_SUCCESS()) {
                throw new KernelException("kernel '" + name + "': zeCommandListAppendLaunchKernel(grid " + grid
                        + ", block " + block + ") returned " + Ze.describe(result));
            }
        }
    }

    private void setArgument(Arena call, int index, KernelArg arg) {
        MemorySegment value;
        long size;
        switch (arg) {
            case KernelArg.Buffer b -> {
                ZeBuffer buffer;
                try {
                    buffer = device.own(b.buffer(), "argument " + index);
                } catch (IllegalArgumentException e) {
                    throw new KernelException("kernel '" + name + "' argument " + index + ": " + e.getMessage());
                }
                value = call.allocateFrom(ValueLayout.ADDRESS, buffer.address(0));
                size = ValueLayout.ADDRESS.byteSize();
            }
            case KernelArg.I32 v -> {
                value = call.allocateFrom(ValueLayout.JAVA_INT, v.value());
                size = Integer.BYTES;
            }
            case KernelArg.I64 v -> {
                value = call.allocateFrom(ValueLayout.JAVA_LONG, v.value());
                size = Long.BYTES;
            }
            case KernelArg.F32 v -> {
                value = call.allocateFrom(ValueLayout.JAVA_FLOAT, v.value());
                size = Float.BYTES;
            }
            case KernelArg.F64 v -> {
                value = call.allocateFrom(ValueLayout.JAVA_DOUBLE, v.value());
                size = Double.BYTES;
            }
            case KernelArg.Local l -> {
                value = MemorySegment.NULL;        // Level Zero: local memory is a size with a null value
                size = l.bytes();
            }
        }
        int result = ZeApi.zeKernelSetArgumentValue(handle, index, size, value);
        if (result != ZeApi.ZE_RESULT_SUCCESS()) {
            throw new KernelException("kernel '" + name + "' argument " + index + " (" + arg.getClass().getSimpleName()
                    + ", " + size + " bytes): zeKernelSetArgumentValue returned " + Ze.describe(result)
                    + "; check the argument's type against the kernel's parameter " + index);
        }
    }

    private int u32(String what, long value) {
        if (value > MAX_U32) {
            throw new KernelException("kernel '" + name + "': a " + what + " dimension of " + value
                    + " exceeds Level Zero's 32-bit limit " + MAX_U32);
        }
        return (int) value;
    }

    @Override
    public String toString() {
        return "levelzero kernel " + name + " of module " + module.name();
    }
}

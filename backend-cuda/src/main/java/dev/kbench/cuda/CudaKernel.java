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

import dev.kbench.api.Dim3;
import dev.kbench.api.Kernel;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import jcuda.CudaException;
import jcuda.NativePointerObject;
import jcuda.Pointer;
import jcuda.driver.CUfunction;
import jcuda.driver.CUfunction_attribute;
import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;

/**
 * One entry point, launched with {@code cuLaunchKernel} on the device's stream, through FFM or JCuda as
 * the device's {@link LaunchMode} says. The argument list of the last launch is kept with its parameter
 * block (a {@link ParamBlock} for FFM, rewritten in place when the arguments change; a JCuda
 * {@code Pointer} of {@code Pointer}s for JCuda), so repeated launches with equal arguments (the timed
 * loop) build nothing; on the FFM path a launch allocates nothing at all. Not thread-safe.
 */
final class CudaKernel implements Kernel {

    /** Dynamic shared memory above this needs {@code CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES}. */
    private static final int DEFAULT_DYNAMIC_SHARED_LIMIT = 48 * 1024;

    private final CudaDevice device;
    private final CudaModule module;
    private final CUfunction function;
    private final String name;
    /** The PTX parameters, or {@code null} when unknown (cubin). */
    private final List<PtxSignature.Param> params;
    /** The function's raw {@code CUfunction} for {@link FfmLaunch}, or {@code null} on the JCuda path. */
    private final MemorySegment functionHandle;
    private int dynamicSharedLimit = DEFAULT_DYNAMIC_SHARED_LIMIT;

    private List<KernelArg> lastArgs;
    private List<CudaBuffer> lastBuffers = List.of();
    /** The JCuda parameter block of {@link #lastArgs}, on the JCuda path. */
    private Pointer lastParams;
    /**
     * The native parameter block holding the values of {@link #lastArgs}, on the FFM path; allocated by
     * the first launch (a kernel's parameter count is fixed) and rewritten when the arguments change.
     */
    private ParamBlock paramBlock;
    private int lastShared;

    CudaKernel(CudaDevice device, CudaModule module, CUfunction function, String name, List<PtxSignature.Param> params) {
        this.device = device;
        this.module = module;
        this.function = function;
        this.name = name;
        this.params = params;
        this.functionHandle = device.launchMode().ffm() ? MemorySegment.ofAddress(NativeHandles.address(function)) : null;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public void launch(Dim3 grid, Dim3 block, List<KernelArg> args) {
        Objects.requireNonNull(grid, "grid");
        Objects.requireNonNull(block, "block");
        Objects.requireNonNull(args, "args");
        module.ensureOpen();
        device.makeCurrent();
        if (!args.equals(lastArgs)) {
            prepare(args);
        }
        for (CudaBuffer buffer : lastBuffers) {
            if (buffer.isClosed()) {
                lastArgs = null;
                throw new KernelException("a buffer argument of kernel '" + name + "' is closed");
            }
        }
        int gridX = dimension(grid.x(), "grid x");
        int gridY = dimension(grid.y(), "grid y");
        int gridZ = dimension(grid.z(), "grid z");
        int blockX = dimension(block.x(), "block x");
        int blockY = dimension(block.y(), "block y");
        int blockZ = dimension(block.z(), "block z");
        int result;
        if (functionHandle != null) {
            result = FfmLaunch.launch(functionHandle, gridX, gridY, gridZ, blockX, blockY, blockZ, lastShared,
                    device.streamHandle(), paramBlock.kernelParams());
        } else {
            try {
                result = JCudaDriver.cuLaunchKernel(function, gridX, gridY, gridZ, blockX, blockY, blockZ,
                        lastShared, device.stream(), lastParams, null);
            } catch (CudaException e) {
                throw new KernelException(describeLaunch(grid, block) + " failed: " + Cuda.describe(e));
            }
        }
        if (result != CUresult.CUDA_SUCCESS) {
            throw new KernelException(describeLaunch(grid, block) + " failed: " + Cuda.describe(result)
                    + (result == CUresult.CUDA_ERROR_INVALID_VALUE
                    ? "; check the block size (at most " + device.facts().extra().getOrDefault("maxThreadsPerBlock", "1024")
                    + " threads) and the grid's y and z (at most 65535)" : ""));
        }
    }

    private String describeLaunch(Dim3 grid, Dim3 block) {
        return String.format(Locale.ROOT, "launch of kernel '%s' (grid %s, block %s, dynamic shared memory %d bytes)",
                name, grid, block, lastShared);
    }

    /** Checks the arguments and builds the parameter block of the launch path. */
    private void prepare(List<KernelArg> args) {
        if (params != null) {
            PtxSignature.check(name, params, args);
        }
        List<CudaBuffer> buffers = new ArrayList<>();
        long shared = 0;
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i) instanceof KernelArg.Buffer b) {
                if (!(b.buffer() instanceof CudaBuffer buffer) || buffer.device() != device) {
                    throw new KernelException("argument " + i + " of kernel '" + name
                            + "' is a buffer that was not allocated by this cuda device");
                }
                if (buffer.isClosed()) {
                    throw new KernelException("argument " + i + " of kernel '" + name + "' is a closed buffer");
                }
                buffers.add(buffer);
            } else if (args.get(i) instanceof KernelArg.Local l) {
                shared += l.bytes();
            }
        }
        if (shared > Integer.MAX_VALUE) {
            throw new KernelException("kernel '" + name + "' asks for " + shared + " bytes of dynamic shared memory");
        }
        if (shared > dynamicSharedLimit) {
            int result = JCudaDriver.cuFuncSetAttribute(function,
                    CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int) shared);
            if (result != CUresult.CUDA_SUCCESS) {
                throw new KernelException("kernel '" + name + "' cannot use " + shared + " bytes of dynamic shared memory"
                        + " (the device allows " + device.facts().extra().getOrDefault("maxSharedMemoryPerBlockOptinBytes", "?")
                        + " per block minus the kernel's static shared memory): " + Cuda.describe(result));
            }
            dynamicSharedLimit = (int) shared;
        }
        if (functionHandle != null) {
            int count = ParamBlock.count(args);
            if (paramBlock == null || paramBlock.capacity() < count) {
                ParamBlock larger = new ParamBlock(count);
                release();
                paramBlock = larger;
            }
            lastArgs = null;   // until the block holds all of the new values, nothing may launch with it
            paramBlock.write(args, buffer -> NativeHandles.address(((CudaBuffer) buffer).pointer()));
        } else {
            lastParams = jcudaParams(args);
        }
        lastShared = (int) shared;
        lastBuffers = List.copyOf(buffers);
        lastArgs = List.copyOf(args);
    }

    /** JCuda's parameter block: a {@code Pointer} to one {@code Pointer} per argument that is not {@code Local}. */
    private static Pointer jcudaParams(List<KernelArg> args) {
        List<NativePointerObject> slots = new ArrayList<>(args.size());
        for (KernelArg arg : args) {
            switch (arg) {
                case KernelArg.Buffer b -> slots.add(Pointer.to(((CudaBuffer) b.buffer()).pointer()));
                case KernelArg.I32 v -> slots.add(Pointer.to(new int[] {v.value()}));
                case KernelArg.I64 v -> slots.add(Pointer.to(new long[] {v.value()}));
                case KernelArg.F32 v -> slots.add(Pointer.to(new float[] {v.value()}));
                case KernelArg.F64 v -> slots.add(Pointer.to(new double[] {v.value()}));
                case KernelArg.Local _ -> { }
            }
        }
        return Pointer.to(slots.toArray(NativePointerObject[]::new));
    }

    /** Frees the FFM parameter block and forgets the last arguments; called when the module closes. */
    void release() {
        lastArgs = null;
        if (paramBlock != null) {
            paramBlock.close();
            paramBlock = null;
        }
    }

    private int dimension(long value, String what) {
        if (value > Integer.MAX_VALUE) {
            throw new KernelException("launch of kernel '" + name + "': " + what + " = " + value + " is too large");
        }
        return (int) value;
    }

    @Override
    public String toString() {
        return "CudaKernel[" + name + "]";
    }
}

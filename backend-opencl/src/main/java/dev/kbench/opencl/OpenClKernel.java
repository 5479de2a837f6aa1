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
import dev.kbench.api.Kernel;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_kernel;

/**
 * One {@code cl_kernel}. A launch checks the arguments against the kernel's signature, sets them with
 * {@code clSetKernelArg} and enqueues an NDRange of {@code grid * block} work items in work-groups of
 * {@code block}.
 */
final class OpenClKernel implements Kernel {

    private final OpenClModule module;
    private final cl_kernel kernel;
    private final String name;
    private final KernelSignature signature;

    OpenClKernel(OpenClModule module, cl_kernel kernel, String name, KernelSignature signature) {
        this.module = module;
        this.kernel = kernel;
        this.name = name;
        this.signature = signature;
    }

    @Override
    public String name() {
        return name;
    }

    cl_kernel handle() {
        return kernel;
    }

    KernelSignature signature() {
        return signature;
    }

    @Override
    public void launch(Dim3 grid, Dim3 block, List<KernelArg> args) {
        module.checkOpen();
        signature.check(args);
        OpenClDevice device = module.device();
        for (int i = 0; i < args.size(); i++) {
            setArg(device, i, args.get(i));
        }
        int dims = Math.max(grid.rank(), block.rank());
        long[] global = new long[dims];
        long[] local = new long[dims];
        long[] g = {grid.x(), grid.y(), grid.z()};
        long[] b = {block.x(), block.y(), block.z()};
        for (int d = 0; d < dims; d++) {
            try {
                global[d] = Math.multiplyExact(g[d], b[d]);
            } catch (ArithmeticException e) {
                throw new KernelException("kernel '" + name + "': grid " + grid + " times block " + block + " overflows a 64-bit size");
            }
            local[d] = b[d];
        }
        int status = Cl.status(() -> CL.clEnqueueNDRangeKernel(device.queue(), kernel, dims, null, global, local, 0, null, null));
        if (status != CL.CL_SUCCESS) {
            String hint = status == CL.CL_INVALID_WORK_GROUP_SIZE || status == CL.CL_INVALID_WORK_ITEM_SIZE
                    ? String.format(Locale.ROOT, "; the work-group has %d work items and the device allows at most %d",
                            block.total(), device.maxWorkGroupSize())
                    : "";
            throw new KernelException(String.format(Locale.ROOT, "kernel '%s': clEnqueueNDRangeKernel(global %s, local %s) "
                    + "failed: %s%s", name, Arrays.toString(global), Arrays.toString(local), OpenClException.errorName(status), hint));
        }
    }

    private void setArg(OpenClDevice device, int index, KernelArg arg) {
        long size;
        Pointer value;
        switch (arg) {
            case KernelArg.Buffer b -> {
                OpenClBuffer buffer;
                try {
                    buffer = device.own(b.buffer(), "argument " + index);
                } catch (IllegalArgumentException e) {
                    throw new KernelException("kernel '" + name + "' argument " + index + ": " + e.getMessage());
                }
                size = Sizeof.cl_mem;
                value = Pointer.to(buffer.mem());
            }
            case KernelArg.I32 v -> {
                size = Sizeof.cl_int;
                value = Pointer.to(new int[] {v.value()});
            }
            case KernelArg.I64 v -> {
                size = Sizeof.cl_long;
                value = Pointer.to(new long[] {v.value()});
            }
            case KernelArg.F32 v -> {
                size = Sizeof.cl_float;
                value = Pointer.to(new float[] {v.value()});
            }
            case KernelArg.F64 v -> {
                size = Sizeof.cl_double;
                value = Pointer.to(new double[] {v.value()});
            }
            case KernelArg.Local l -> {
                size = l.bytes();
                value = null;
            }
        }
        long argSize = size;
        Pointer argValue = value;
        int status = Cl.status(() -> CL.clSetKernelArg(kernel, index, argSize, argValue));
        if (status != CL.CL_SUCCESS) {
            String declared = signature.params().map(ps -> " ('" + ps.get(index).declaration() + "')").orElse("");
            throw new KernelException(String.format(Locale.ROOT, "kernel '%s' argument %d%s: clSetKernelArg(%d bytes) failed: %s; "
                    + "passed %s", name, index, declared, argSize, OpenClException.errorName(status), KernelSignature.describe(arg)));
        }
    }

    @Override
    public String toString() {
        return "OpenClKernel[" + name + "]";
    }
}

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

import dev.kbench.api.Kernel;
import dev.kbench.api.KernelException;
import dev.kbench.api.KernelModule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jocl.CL;
import org.jocl.cl_kernel;
import org.jocl.cl_program;

/** A built {@code cl_program} and the {@code cl_kernel}s looked up in it, released together. */
final class OpenClModule implements KernelModule, Resource {

    private final OpenClDevice device;
    private final cl_program program;
    private final String name;
    private final Map<String, OpenClKernel> kernels = new LinkedHashMap<>();
    private boolean closed;

    OpenClModule(OpenClDevice device, cl_program program, String name) {
        this.device = device;
        this.program = program;
        this.name = name;
    }

    @Override
    public Kernel kernel(String entry) {
        checkOpen();
        OpenClKernel kernel = kernels.get(entry);
        if (kernel == null) {
            kernel = create(entry);
            kernels.put(entry, kernel);
        }
        return kernel;
    }

    private OpenClKernel create(String entry) {
        int[] err = new int[1];
        cl_kernel created = Cl.create(e -> CL.clCreateKernel(program, entry, e), err);
        if (created == null) {
            String available = Cl.programKernelNames(program).replace(";", ", ");
            throw new KernelException("module '" + name + "' has no kernel '" + entry + "' (clCreateKernel: "
                    + OpenClException.errorName(err[0]) + ")" + (available.isEmpty() ? "" : "; it has: " + available));
        }
        device.counts().onCreate(NativeCounts.Kind.KERNEL);
        try {
            return new OpenClKernel(this, created, entry, signature(created, entry));
        } catch (RuntimeException e) {
            CL.clReleaseKernel(created);
            device.counts().onRelease(NativeCounts.Kind.KERNEL);
            throw e;
        }
    }

    private static KernelSignature signature(cl_kernel kernel, String entry) {
        int count = Cl.kernelNumArgs(kernel, entry);
        List<KernelSignature.Param> params = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            Integer qualifier = Cl.kernelArgAddressQualifier(kernel, i);
            String type = Cl.kernelArgString(kernel, i, CL.CL_KERNEL_ARG_TYPE_NAME);
            String argName = Cl.kernelArgString(kernel, i, CL.CL_KERNEL_ARG_NAME);
            if (qualifier == null || type == null) {
                return new KernelSignature(entry, count, Optional.empty());
            }
            params.add(new KernelSignature.Param(i, argName == null ? "" : argName, type, qualifier));
        }
        return new KernelSignature(entry, count, Optional.of(params));
    }

    OpenClDevice device() {
        return device;
    }

    void checkOpen() {
        device.checkOpen();
        if (closed) {
            throw new IllegalStateException("kernel module '" + name + "' is closed");
        }
    }

    @Override
    public void close() {
        if (!closed) {
            release();
            device.forget(this);
        }
    }

    @Override
    public void release() {
        if (closed) {
            return;
        }
        closed = true;
        for (OpenClKernel kernel : kernels.values()) {
            Cl.check("clReleaseKernel(" + kernel.name() + ")", () -> CL.clReleaseKernel(kernel.handle()));
            device.counts().onRelease(NativeCounts.Kind.KERNEL);
        }
        kernels.clear();
        Cl.check("clReleaseProgram(" + name + ")", () -> CL.clReleaseProgram(program));
        device.counts().onRelease(NativeCounts.Kind.PROGRAM);
    }

    @Override
    public String toString() {
        return "OpenClModule[" + name + (closed ? ", closed" : "") + "]";
    }
}

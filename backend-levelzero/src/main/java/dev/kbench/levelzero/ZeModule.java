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

import dev.kbench.api.Kernel;
import dev.kbench.api.KernelException;
import dev.kbench.api.KernelModule;
import dev.kbench.api.KernelSource;
import dev.kbench.levelzero.ze.ZeApi;
import dev.kbench.levelzero.ze.ze_kernel_desc_t;
import dev.kbench.levelzero.ze.ze_kernel_properties_t;
import dev.kbench.levelzero.ze.ze_module_desc_t;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A module built by {@code zeModuleCreate} from SPIR-V; its kernels are created once per name. */
final class ZeModule implements KernelModule {

    private final LevelZeroDevice device;
    private final MemorySegment handle;
    private final String name;
    private final String buildLog;
    private final Map<String, ZeKernel> kernels = new LinkedHashMap<>();
    private boolean closed;

    /**
     * Builds a module from SPIR-V with {@code zeModuleCreate}, keeping the build log.
     *
     * @param owner the device that owns the module
     * @param context the device's context
     * @param device the {@code ze_device_handle_t}
     * @param source SPIR-V
     * @return the module
     * @throws KernelException with the build log if the build fails
     */
    static ZeModule build(LevelZeroDevice owner, MemorySegment context, MemorySegment device, KernelSource source) {
        try (Arena call = Arena.ofConfined()) {
            byte[] code = source.code();
            MemorySegment input = call.allocate(code.length, 8);
            MemorySegment.copy(code, 0, input, ValueLayout.JAVA_BYTE, 0, code.length);
            MemorySegment desc = ze_module_desc_t.allocate(call);
            ze_module_desc_t.stype(desc, ZeApi.ZE_STRUCTURE_TYPE_MODULE_DESC());
            ze_module_desc_t.format(desc, ZeApi.ZE_MODULE_FORMAT_IL_SPIRV());
            ze_module_desc_t.inputSize(desc, code.length);
            ze_module_desc_t.pInputModule(desc, input);
            ze_module_desc_t.pBuildFlags(desc, call.allocateFrom(source.buildOptions()));
            ze_module_desc_t.pConstants(desc, MemorySegment.NULL);
            MemorySegment moduleSlot = Ze.handleSlot(call);
            MemorySegment logSlot = Ze.handleSlot(call);
            int result = ZeApi.zeModuleCreate(context, device, desc, moduleSlot, logSlot);
            String log = takeBuildLog(Ze.handle(logSlot), call);
            if (result != ZeApi.ZE_RESULT_SUCCESS()) {
                throw new KernelException("cannot build Level Zero module '" + source.name() + "': zeModuleCreate"
                        + " returned " + Ze.describe(result), log, null);
            }
            return new ZeModule(owner, Ze.handle(moduleSlot), source.name(), log);
        }
    }

    /** Reads and destroys a build log; empty if there is none. Never throws: the build's own error matters more. */
    private static String takeBuildLog(MemorySegment log, Arena call) {
        if (log.equals(MemorySegment.NULL)) {
            return "";
        }
        try {
            MemorySegment size = call.allocate(ValueLayout.JAVA_LONG);
            Ze.check(ZeApi.zeModuleBuildLogGetString(log, size, MemorySegment.NULL), "zeModuleBuildLogGetString");
            long bytes = size.get(ValueLayout.JAVA_LONG, 0);
            if (bytes <= 1) {
                return "";
            }
            MemorySegment text = call.allocate(bytes);
            Ze.check(ZeApi.zeModuleBuildLogGetString(log, size, text), "zeModuleBuildLogGetString");
            return text.getString(0);
        } catch (ZeResultException e) {
            return "(the build log could not be read: " + e.getMessage() + ")";
        } finally {
            ZeApi.zeModuleBuildLogDestroy(log);
        }
    }

    ZeModule(LevelZeroDevice device, MemorySegment handle, String name, String buildLog) {
        this.device = device;
        this.handle = handle;
        this.name = name;
        this.buildLog = buildLog;
    }

    @Override
    public Kernel kernel(String entry) {
        ensureOpen();
        ZeKernel kernel = kernels.get(entry);
        if (kernel != null) {
            return kernel;
        }
        try (Arena call = Arena.ofConfined()) {
            MemorySegment desc = ze_kernel_desc_t.allocate(call);
            ze_kernel_desc_t.stype(desc, ZeApi.ZE_STRUCTURE_TYPE_KERNEL_DESC());
            ze_kernel_desc_t.pKernelName(desc, call.allocateFrom(entry));
            MemorySegment slot = Ze.handleSlot(call);
            int result = ZeApi.zeKernelCreate(handle, desc, slot);
            if (result == ZeApi.ZE_RESULT_ERROR_INVALID_KERNEL_NAME()) {
                throw new KernelException("module '" + name + "' has no kernel '" + entry + "' (zeKernelCreate returned "
                        + Ze.describe(result) + "); its kernels are " + kernelNames());
            }
            if (result != ZeApi.ZE_RESULT_SUCCESS()) {
                throw new KernelException("cannot create kernel '" + entry + "' of module '" + name
                        + "': zeKernelCreate returned " + Ze.describe(result));
            }
            MemorySegment kernelHandle = Ze.handle(slot);
            MemorySegment props = ze_kernel_properties_t.allocate(call);
            ze_kernel_properties_t.stype(props, ZeApi.ZE_STRUCTURE_TYPE_KERNEL_PROPERTIES());
            result = ZeApi.zeKernelGetProperties(kernelHandle, props);
            if (result != ZeApi.ZE_RESULT_SUCCESS()) {
                ZeApi.zeKernelDestroy(kernelHandle);
                throw new KernelException("kernel '" + entry + "' of module '" + name + "': zeKernelGetProperties"
                        + " returned " + Ze.describe(result));
            }
            kernel = new ZeKernel(device, this, kernelHandle, entry, ze_kernel_properties_t.numKernelArgs(props));
            kernels.put(entry, kernel);
            return kernel;
        }
    }

    /**
     * The names of the module's kernels, from {@code zeModuleGetKernelNames}.
     *
     * @return the names
     */
    List<String> kernelNames() {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment count = call.allocate(ValueLayout.JAVA_INT);
            Ze.check(ZeApi.zeModuleGetKernelNames(handle, count, MemorySegment.NULL), "zeModuleGetKernelNames");
            int n = count.get(ValueLayout.JAVA_INT, 0);
            List<String> names = new ArrayList<>(n);
            if (n > 0) {
                MemorySegment pointers = call.allocate(ValueLayout.ADDRESS, n);
                Ze.check(ZeApi.zeModuleGetKernelNames(handle, count, pointers), "zeModuleGetKernelNames");
                for (int i = 0; i < count.get(ValueLayout.JAVA_INT, 0); i++) {
                    // A NUL-terminated string owned by the module; read it without a known length.
                    names.add(pointers.getAtIndex(ValueLayout.ADDRESS, i).reinterpret(Long.MAX_VALUE).getString(0));
                }
            }
            return names;
        }
    }

    /**
     * The build log of a successful build (warnings), empty if none.
     *
     * @return the log
     */
    String buildLog() {
        return buildLog;
    }

    String name() {
        return name;
    }

    void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("the Level Zero module '" + name + "' is closed");
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        device.release(this);
        if (device.isClosed()) {
            return;
        }
        device.awaitIdle();
        RuntimeException failure = null;
        for (ZeKernel kernel : kernels.values()) {
            int result = ZeApi.zeKernelDestroy(kernel.handle());
            if (result != ZeApi.ZE_RESULT_SUCCESS() && failure == null) {
                failure = new ZeResultException("zeKernelDestroy(" + kernel.name() + ")", result);
            }
        }
        kernels.clear();
        Ze.check(ZeApi.zeModuleDestroy(handle), "zeModuleDestroy(" + name + ")");
        if (failure != null) {
            throw failure;
        }
    }
}

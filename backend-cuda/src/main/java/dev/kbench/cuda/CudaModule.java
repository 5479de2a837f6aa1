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

import dev.kbench.api.KernelException;
import dev.kbench.api.KernelModule;
import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import jcuda.CudaException;
import jcuda.Pointer;
import jcuda.driver.CUfunction;
import jcuda.driver.CUjit_option;
import jcuda.driver.CUmodule;
import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;
import jcuda.driver.JITOptions;

/**
 * A module loaded with {@code cuModuleLoadDataEx}: PTX (JIT-compiled by the driver for the device) or a
 * cubin/fatbin. Not thread-safe.
 */
final class CudaModule implements KernelModule {

    /** Size of each JIT log buffer (error and info). */
    private static final int LOG_BYTES = 32 * 1024;

    private final CudaDevice device;
    private final CUmodule module;
    private final String name;
    /** Entry signatures parsed from PTX; empty for cubin/fatbin, whose parameters are not checked. */
    private final Map<String, List<PtxSignature.Param>> signatures;
    private final boolean ptx;
    private final Map<String, CudaKernel> kernels = new HashMap<>();
    private boolean closed;

    private CudaModule(CudaDevice device, CUmodule module, String name, Map<String, List<PtxSignature.Param>> signatures,
                       boolean ptx) {
        this.device = device;
        this.module = module;
        this.name = name;
        this.signatures = signatures;
        this.ptx = ptx;
    }

    static CudaModule load(CudaDevice device, KernelSource source) {
        if (!source.kind().equals(SourceKind.PTX) && !source.kind().equals(SourceKind.CUBIN)) {
            throw new KernelException("the cuda backend loads PTX and CUBIN (cubin or fatbin) modules, not "
                    + source.kind() + " ('" + source.name() + "')");
        }
        boolean ptx = source.kind().equals(SourceKind.PTX);
        byte[] code = source.code();
        byte[] image = ptx && code[code.length - 1] != 0 ? Arrays.copyOf(code, code.length + 1) : code;
        JITOptions options = jitOptions(source);
        CUmodule module = new CUmodule();
        int result;
        try {
            result = JCudaDriver.cuModuleLoadDataJIT(module, Pointer.to(image), options);
        } catch (CudaException e) {
            throw new KernelException("cannot load " + source.kind() + " module '" + source.name() + "': "
                    + Cuda.describe(e), log(options), e);
        }
        if (result != CUresult.CUDA_SUCCESS) {
            throw new KernelException("cannot load " + source.kind() + " module '" + source.name()
                    + "': cuModuleLoadDataEx returned " + Cuda.describe(result) + hint(result), log(options), null);
        }
        Map<String, List<PtxSignature.Param>> signatures = ptx
                ? PtxSignature.parse(new String(code, StandardCharsets.UTF_8)) : Map.of();
        return new CudaModule(device, module, source.name(), signatures, ptx);
    }

    /** JIT options: the log buffers, and the build options that map to JIT options. */
    private static JITOptions jitOptions(KernelSource source) {
        JITOptions options = new JITOptions();
        options.putInt(CUjit_option.CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, LOG_BYTES);
        options.putBytes(CUjit_option.CU_JIT_ERROR_LOG_BUFFER, new byte[LOG_BYTES]);
        options.putInt(CUjit_option.CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, LOG_BYTES);
        options.putBytes(CUjit_option.CU_JIT_INFO_LOG_BUFFER, new byte[LOG_BYTES]);
        for (String option : source.buildOptions().trim().split("\\s+")) {
            if (option.isEmpty()) {
                continue;
            }
            try {
                if (option.startsWith("-maxrregcount=")) {
                    options.putInt(CUjit_option.CU_JIT_MAX_REGISTERS, Integer.parseInt(option.substring(14)));
                } else if (option.matches("-O[0-4]")) {
                    options.putInt(CUjit_option.CU_JIT_OPTIMIZATION_LEVEL, option.charAt(2) - '0');
                } else if (option.equals("-lineinfo")) {
                    options.putInt(CUjit_option.CU_JIT_GENERATE_LINE_INFO, 1);
                } else if (option.equals("-G")) {
                    options.putInt(CUjit_option.CU_JIT_GENERATE_DEBUG_INFO, 1);
                } else if (option.equals("-v")) {
                    options.putInt(CUjit_option.CU_JIT_LOG_VERBOSE, 1);
                } else {
                    throw new KernelException("unknown build option '" + option + "' for the CUDA JIT of '"
                            + source.name() + "'; known: -O0..-O4, -maxrregcount=N, -lineinfo, -G, -v");
                }
            } catch (NumberFormatException e) {
                throw new KernelException("bad build option '" + option + "' for '" + source.name() + "': "
                        + e.getMessage());
            }
        }
        return options;
    }

    private static String log(JITOptions options) {
        String error = text(options.getBytes(CUjit_option.CU_JIT_ERROR_LOG_BUFFER));
        String info = text(options.getBytes(CUjit_option.CU_JIT_INFO_LOG_BUFFER));
        return (error + (error.isEmpty() || info.isEmpty() ? "" : "\n") + info).strip();
    }

    private static String text(byte[] bytes) {
        if (bytes == null) {
            return "";
        }
        int end = 0;
        while (end < bytes.length && bytes[end] != 0) {
            end++;
        }
        return new String(bytes, 0, end, StandardCharsets.UTF_8).strip();
    }

    private static String hint(int result) {
        return switch (result) {
            case CUresult.CUDA_ERROR_UNSUPPORTED_PTX_VERSION -> "; the PTX .version is newer than this driver "
                    + "supports: compile with an older CUDA toolkit or update the driver";
            case CUresult.CUDA_ERROR_NO_BINARY_FOR_GPU -> "; the module has no code for this GPU: build it for its "
                    + "architecture (nvcc -arch=sm_XY) or include PTX";
            case CUresult.CUDA_ERROR_INVALID_IMAGE -> "; the bytes are not a cubin or fatbin for this driver";
            default -> "";
        };
    }

    @Override
    public CudaKernel kernel(String entry) {
        ensureOpen();
        CudaKernel kernel = kernels.get(entry);
        if (kernel != null) {
            return kernel;
        }
        device.makeCurrent();
        CUfunction function = new CUfunction();
        int result;
        try {
            result = JCudaDriver.cuModuleGetFunction(function, module, entry);
        } catch (CudaException e) {
            throw new KernelException("kernel '" + entry + "' not found in module '" + name + "': " + Cuda.describe(e));
        }
        if (result != CUresult.CUDA_SUCCESS) {
            String known = ptx ? "; its kernels: " + signatures.keySet()
                    : "; the names in a cubin are not listed here: C++ kernels need extern \"C\" or their mangled name";
            throw new KernelException("kernel '" + entry + "' not found in module '" + name + "' ("
                    + Cuda.describe(result) + ")" + known);
        }
        kernel = new CudaKernel(device, this, function, entry, signatures.get(entry));
        kernels.put(entry, kernel);
        return kernel;
    }

    void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("the cuda module '" + name + "' is closed");
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        kernels.values().forEach(CudaKernel::release);
        if (!device.isClosed()) {
            device.makeCurrent();
            JCudaDriver.cuModuleUnload(module);
        }
    }
}

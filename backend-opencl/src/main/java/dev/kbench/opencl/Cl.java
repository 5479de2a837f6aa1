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

import java.nio.charset.StandardCharsets;
import java.util.function.IntSupplier;
import org.jocl.CL;
import org.jocl.CLException;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_device_id;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_platform_id;
import org.jocl.cl_program;

/**
 * Checked calls into JOCL: every failing call becomes an {@link OpenClException} naming the call and the
 * CL error. Works whether or not someone in the process turned on {@link CL#setExceptionsEnabled(boolean)}:
 * a {@link CLException} thrown by JOCL is turned into the same status.
 */
final class Cl {

    /** {@code CL_DEVICE_IL_VERSION} (OpenCL 2.1), which JOCL 2.0.6 does not define. */
    static final int CL_DEVICE_IL_VERSION = 0x105B;

    private Cl() {
    }

    /**
     * Runs a call that returns a CL status and throws if it is not {@code CL_SUCCESS}.
     *
     * @param call the function's name and the arguments that matter, for the message
     * @param op the call
     * @throws OpenClException if the call failed
     */
    static void check(String call, IntSupplier op) {
        int status = status(op);
        if (status != CL.CL_SUCCESS) {
            throw new OpenClException(call, status, "");
        }
    }

    /**
     * Runs a call and returns its status, {@code CL_SUCCESS} or an error, without throwing.
     *
     * @param op the call
     * @return the status
     */
    static int status(IntSupplier op) {
        try {
            return op.getAsInt();
        } catch (CLException e) {
            return e.getStatus() != 0 ? e.getStatus() : CL.CL_INVALID_VALUE;
        }
    }

    /**
     * Checks the {@code errcode_ret} of a call that creates an object.
     *
     * @param call the function's name and the arguments that matter
     * @param errcode the one-element {@code errcode_ret} array the call filled
     * @param context what kbench was doing, or empty
     * @throws OpenClException if the call failed
     */
    static void checkCreated(String call, int[] errcode, String context) {
        if (errcode[0] != CL.CL_SUCCESS) {
            throw new OpenClException(call, errcode[0], context);
        }
    }

    /**
     * Runs a call that creates an object and reports its status in {@code errcode}, whether JOCL returns
     * the status there or throws it.
     *
     * @param op the call, given the one-element {@code errcode_ret} array
     * @param errcode receives the status
     * @param <T> the created object's type
     * @return the object, or {@code null} when the call failed
     */
    static <T> T create(java.util.function.Function<int[], T> op, int[] errcode) {
        try {
            T created = op.apply(errcode);
            return errcode[0] == CL.CL_SUCCESS ? created : null;
        } catch (CLException e) {
            errcode[0] = e.getStatus() != 0 ? e.getStatus() : CL.CL_INVALID_VALUE;
            return null;
        }
    }

    // --- clGet*Info helpers -------------------------------------------------------------------------

    static String platformString(cl_platform_id platform, int param) {
        long[] size = new long[1];
        check("clGetPlatformInfo(" + paramName(param) + ")", () -> CL.clGetPlatformInfo(platform, param, 0, null, size));
        byte[] bytes = new byte[(int) size[0]];
        if (bytes.length > 0) {
            check("clGetPlatformInfo(" + paramName(param) + ")", () -> CL.clGetPlatformInfo(platform, param, bytes.length, Pointer.to(bytes), null));
        }
        return text(bytes);
    }

    static String deviceString(cl_device_id device, int param) {
        long[] size = new long[1];
        check("clGetDeviceInfo(" + paramName(param) + ")", () -> CL.clGetDeviceInfo(device, param, 0, null, size));
        byte[] bytes = new byte[(int) size[0]];
        if (bytes.length > 0) {
            check("clGetDeviceInfo(" + paramName(param) + ")", () -> CL.clGetDeviceInfo(device, param, bytes.length, Pointer.to(bytes), null));
        }
        return text(bytes);
    }

    /**
     * A string device property that older devices may not know (e.g. {@code CL_DEVICE_IL_VERSION} before
     * OpenCL 2.1).
     *
     * @return the value, or empty if the device rejects the query
     */
    static String deviceStringOrEmpty(cl_device_id device, int param) {
        long[] size = new long[1];
        if (status(() -> CL.clGetDeviceInfo(device, param, 0, null, size)) != CL.CL_SUCCESS || size[0] == 0) {
            return "";
        }
        byte[] bytes = new byte[(int) size[0]];
        if (status(() -> CL.clGetDeviceInfo(device, param, bytes.length, Pointer.to(bytes), null)) != CL.CL_SUCCESS) {
            return "";
        }
        return text(bytes);
    }

    /** {@code CL_DEVICE_PCI_BUS_INFO_KHR} of {@code cl_khr_pci_bus_info}: four {@code cl_uint}s. */
    static final int CL_DEVICE_PCI_BUS_INFO_KHR = 0x410F;
    /** {@code CL_DEVICE_UUID_KHR} of {@code cl_khr_device_uuid}: 16 bytes. */
    static final int CL_DEVICE_UUID_KHR = 0x106A;

    /**
     * A stable identity of the device: its PCI bus id ({@code dddd:bb:dd.f}) where it has
     * {@code cl_khr_pci_bus_info}, else its UUID as 32 hex digits where it has {@code cl_khr_device_uuid},
     * else empty. Never throws.
     *
     * @param device the device
     * @return the id or empty
     */
    static String deviceId(cl_device_id device) {
        String extensions = " " + deviceStringOrEmpty(device, CL.CL_DEVICE_EXTENSIONS) + " ";
        if (extensions.contains(" cl_khr_pci_bus_info ")) {
            int[] info = new int[4];
            if (status(() -> CL.clGetDeviceInfo(device, CL_DEVICE_PCI_BUS_INFO_KHR, 4L * Sizeof.cl_uint,
                    Pointer.to(info), null)) == CL.CL_SUCCESS) {
                return String.format(java.util.Locale.ROOT, "%04x:%02x:%02x.%x", info[0], info[1], info[2], info[3]);
            }
        }
        if (extensions.contains(" cl_khr_device_uuid ")) {
            byte[] uuid = new byte[16];
            if (status(() -> CL.clGetDeviceInfo(device, CL_DEVICE_UUID_KHR, uuid.length, Pointer.to(uuid), null))
                    == CL.CL_SUCCESS) {
                return dev.kbench.api.DeviceIdentity.hex(uuid);
            }
        }
        return "";
    }

    /** A {@code cl_ulong} or {@code cl_bitfield} device property. */
    static long deviceULong(cl_device_id device, int param) {
        long[] value = new long[1];
        check("clGetDeviceInfo(" + paramName(param) + ")", () -> CL.clGetDeviceInfo(device, param, Sizeof.cl_ulong, Pointer.to(value), null));
        return value[0];
    }

    /** A {@code cl_uint} or {@code cl_bool} device property. */
    static int deviceUInt(cl_device_id device, int param) {
        int[] value = new int[1];
        check("clGetDeviceInfo(" + paramName(param) + ")", () -> CL.clGetDeviceInfo(device, param, Sizeof.cl_uint, Pointer.to(value), null));
        return value[0];
    }

    /** A {@code size_t} device property. */
    static long deviceSize(cl_device_id device, int param) {
        long[] value = new long[1];
        check("clGetDeviceInfo(" + paramName(param) + ")", () -> CL.clGetDeviceInfo(device, param, Sizeof.size_t, Pointer.to(value), null));
        return value[0];
    }

    static String programBuildLog(cl_program program, cl_device_id device) {
        long[] size = new long[1];
        if (status(() -> CL.clGetProgramBuildInfo(program, device, CL.CL_PROGRAM_BUILD_LOG, 0, null, size)) != CL.CL_SUCCESS
                || size[0] == 0) {
            return "";
        }
        byte[] bytes = new byte[(int) size[0]];
        if (status(() -> CL.clGetProgramBuildInfo(program, device, CL.CL_PROGRAM_BUILD_LOG, bytes.length,
                Pointer.to(bytes), null)) != CL.CL_SUCCESS) {
            return "";
        }
        return text(bytes);
    }

    static String programKernelNames(cl_program program) {
        long[] size = new long[1];
        if (status(() -> CL.clGetProgramInfo(program, CL.CL_PROGRAM_KERNEL_NAMES, 0, null, size)) != CL.CL_SUCCESS
                || size[0] == 0) {
            return "";
        }
        byte[] bytes = new byte[(int) size[0]];
        if (status(() -> CL.clGetProgramInfo(program, CL.CL_PROGRAM_KERNEL_NAMES, bytes.length, Pointer.to(bytes), null))
                != CL.CL_SUCCESS) {
            return "";
        }
        return text(bytes);
    }

    static int kernelNumArgs(cl_kernel kernel, String name) {
        int[] value = new int[1];
        check("clGetKernelInfo(" + name + ", CL_KERNEL_NUM_ARGS)",
                () -> CL.clGetKernelInfo(kernel, CL.CL_KERNEL_NUM_ARGS, Sizeof.cl_uint, Pointer.to(value), null));
        return value[0];
    }

    /**
     * A string kernel-argument property.
     *
     * @return the value, or {@code null} when the driver keeps no argument information
     *     ({@code CL_KERNEL_ARG_INFO_NOT_AVAILABLE}, or a driver that does not implement the query)
     */
    static String kernelArgString(cl_kernel kernel, int index, int param) {
        long[] size = new long[1];
        if (status(() -> CL.clGetKernelArgInfo(kernel, index, param, 0, null, size)) != CL.CL_SUCCESS) {
            return null;
        }
        byte[] bytes = new byte[(int) size[0]];
        if (bytes.length > 0 && status(() -> CL.clGetKernelArgInfo(kernel, index, param, bytes.length, Pointer.to(bytes), null))
                != CL.CL_SUCCESS) {
            return null;
        }
        return text(bytes);
    }

    /**
     * The address qualifier of a kernel argument.
     *
     * @return the {@code CL_KERNEL_ARG_ADDRESS_*} value, or {@code null} when not available
     */
    static Integer kernelArgAddressQualifier(cl_kernel kernel, int index) {
        int[] value = new int[1];
        if (status(() -> CL.clGetKernelArgInfo(kernel, index, CL.CL_KERNEL_ARG_ADDRESS_QUALIFIER, Sizeof.cl_uint,
                Pointer.to(value), null)) != CL.CL_SUCCESS) {
            return null;
        }
        return value[0];
    }

    /**
     * A profiling timestamp of a completed command.
     *
     * @param event the command's event
     * @param param {@code CL_PROFILING_COMMAND_START} or {@code _END}
     * @param what which event, for the message
     * @return nanoseconds on the device's clock
     */
    static long profiling(cl_event event, int param, String what) {
        long[] value = new long[1];
        int status = status(() -> CL.clGetEventProfilingInfo(event, param, Sizeof.cl_ulong, Pointer.to(value), null));
        if (status != CL.CL_SUCCESS) {
            throw new OpenClException("clGetEventProfilingInfo(" + what + ", " + CL.stringFor_cl_profiling_info(param) + ")",
                    status, status == CL.CL_PROFILING_INFO_NOT_AVAILABLE
                            ? "the queue has no profiling or the command has not completed" : "");
        }
        return value[0];
    }

    /** The name of a platform or device query, for messages. */
    static String paramName(int param) {
        return switch (param) {
            case CL.CL_PLATFORM_NAME -> "CL_PLATFORM_NAME";
            case CL.CL_PLATFORM_VENDOR -> "CL_PLATFORM_VENDOR";
            case CL.CL_PLATFORM_VERSION -> "CL_PLATFORM_VERSION";
            case CL.CL_DEVICE_NAME -> "CL_DEVICE_NAME";
            case CL.CL_DEVICE_VENDOR -> "CL_DEVICE_VENDOR";
            case CL.CL_DEVICE_VERSION -> "CL_DEVICE_VERSION";
            case CL.CL_DRIVER_VERSION -> "CL_DRIVER_VERSION";
            case CL.CL_DEVICE_OPENCL_C_VERSION -> "CL_DEVICE_OPENCL_C_VERSION";
            case CL.CL_DEVICE_TYPE -> "CL_DEVICE_TYPE";
            case CL.CL_DEVICE_AVAILABLE -> "CL_DEVICE_AVAILABLE";
            case CL.CL_DEVICE_COMPILER_AVAILABLE -> "CL_DEVICE_COMPILER_AVAILABLE";
            case CL.CL_DEVICE_GLOBAL_MEM_SIZE -> "CL_DEVICE_GLOBAL_MEM_SIZE";
            case CL.CL_DEVICE_GLOBAL_MEM_CACHE_SIZE -> "CL_DEVICE_GLOBAL_MEM_CACHE_SIZE";
            case CL.CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE -> "CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE";
            case CL.CL_DEVICE_MAX_COMPUTE_UNITS -> "CL_DEVICE_MAX_COMPUTE_UNITS";
            case CL.CL_DEVICE_MAX_CLOCK_FREQUENCY -> "CL_DEVICE_MAX_CLOCK_FREQUENCY";
            case CL.CL_DEVICE_MAX_MEM_ALLOC_SIZE -> "CL_DEVICE_MAX_MEM_ALLOC_SIZE";
            case CL.CL_DEVICE_MAX_WORK_GROUP_SIZE -> "CL_DEVICE_MAX_WORK_GROUP_SIZE";
            case CL.CL_DEVICE_LOCAL_MEM_SIZE -> "CL_DEVICE_LOCAL_MEM_SIZE";
            case CL.CL_DEVICE_PROFILING_TIMER_RESOLUTION -> "CL_DEVICE_PROFILING_TIMER_RESOLUTION";
            case CL_DEVICE_IL_VERSION -> "CL_DEVICE_IL_VERSION";
            default -> String.format(java.util.Locale.ROOT, "0x%04X", param);
        };
    }

    private static String text(byte[] bytes) {
        int end = bytes.length;
        while (end > 0 && bytes[end - 1] == 0) {
            end--;
        }
        return new String(bytes, 0, end, StandardCharsets.UTF_8).strip();
    }
}

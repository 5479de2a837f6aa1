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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.Dim3;
import dev.kbench.api.Kernel;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelException;
import dev.kbench.api.KernelModule;
import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;
import dev.kbench.spi.DeviceInterface;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Building kernels, checking their arguments and launching them on the OpenCL device. */
class KernelTest {

    /** Every kind of argument: scalars of the four kinds, a buffer and local memory used for a reduction. */
    static final String ARGS_SOURCE = """
            __kernel void args(__global double *out, __local int *scratch, const long a, const float b,
                               const double c, const int d)
            {
                const size_t lid = get_local_id(0);
                scratch[lid] = (int) lid;
                barrier(CLK_LOCAL_MEM_FENCE);
                if (lid == 0) {
                    int sum = 0;
                    for (size_t i = 0; i < get_local_size(0); i++) {
                        sum += scratch[i];
                    }
                    out[0] = (double) a;
                    out[1] = (double) b;
                    out[2] = c;
                    out[3] = (double) d;
                    out[4] = (double) sum;
                }
            }
            """;

    @Test
    void everyArgumentKindReachesTheKernel() {
        DeviceInterface device = OpenCl.driver().device();
        try (Arena arena = Arena.ofConfined();
             KernelModule module = device.loadModule(KernelSource.ofText(SourceKind.OPENCL_C, ARGS_SOURCE, "args.cl"));
             DeviceBuffer out = device.allocate(5 * Double.BYTES)) {
            long a = (1L << 40) + 3;
            module.kernel("args").launch(Dim3.of(1), Dim3.of(64), KernelArg.buffer(out), KernelArg.local(64 * Integer.BYTES),
                    KernelArg.i64(a), KernelArg.f32(1.5f), KernelArg.f64(-2.25e-300), KernelArg.i32(-7));
            MemorySegment host = arena.allocate(5 * Double.BYTES);
            device.read(out, host);
            assertEquals((double) a, host.getAtIndex(ValueLayout.JAVA_DOUBLE, 0));
            assertEquals(1.5, host.getAtIndex(ValueLayout.JAVA_DOUBLE, 1));
            assertEquals(-2.25e-300, host.getAtIndex(ValueLayout.JAVA_DOUBLE, 2));
            assertEquals(-7.0, host.getAtIndex(ValueLayout.JAVA_DOUBLE, 3));
            assertEquals(63 * 64 / 2.0, host.getAtIndex(ValueLayout.JAVA_DOUBLE, 4), "sum of 0..63 through local memory");
        }
    }

    @Test
    void aSyntaxErrorGivesTheBuildLog(@TempDir Path dir) throws Exception {
        OpenClDevice device = OpenCl.device();
        long programs = device.counts().live(NativeCounts.Kind.PROGRAM);
        String broken = "__kernel void broken(__global float *x) { x[0] = 1.0f + undefined_symbol_42; }";
        KernelException[] thrown = new KernelException[1];
        // the driver's compiler may print its diagnostics (PoCL: "1 error generated.") to the process's stderr
        String printed = NativeStderr.capture(dir.resolve("driver-stderr.txt"), () -> thrown[0] = assertThrows(
                KernelException.class, () -> device.loadModule(KernelSource.ofText(SourceKind.OPENCL_C, broken, "broken.cl"))));
        KernelException e = thrown[0];
        assertTrue(printed.isEmpty() || printed.contains("error"), printed);
        assertTrue(e.getMessage().startsWith("building OPENCL_C program 'broken.cl' for '" + device.facts().name()
                + "' failed: clBuildProgram(options \"-cl-kernel-arg-info\") returned CL_BUILD_PROGRAM_FAILURE (-11)"),
                e.getMessage());
        assertTrue(e.buildLog().contains("undefined_symbol_42"), () -> "the build log names the error: " + e.buildLog());
        assertTrue(e.getMessage().contains("\n--- build log ---\n"), "the message carries the log");
        assertEquals(programs, device.counts().live(NativeCounts.Kind.PROGRAM), "the failed program is released");
    }

    @Test
    void theWrongNumberOfArgumentsNamesTheKernelAndItsParameters() {
        DeviceInterface device = OpenCl.driver().device();
        try (KernelModule module = device.loadModule(Gelu.source()); DeviceBuffer x = device.allocate(1024)) {
            Kernel kernel = module.kernel(Gelu.ENTRY);
            KernelException e = assertThrows(KernelException.class,
                    () -> kernel.launch(Dim3.of(1), Dim3.of(64), KernelArg.buffer(x), KernelArg.buffer(x)));
            assertEquals("kernel 'gelu_forward' takes 3 arguments (__global float* x, __global float* out, int n), got 2",
                    e.getMessage());
        }
    }

    @Test
    void theWrongArgumentTypeNamesTheIndexAndWhatWasExpected() {
        DeviceInterface device = OpenCl.driver().device();
        try (KernelModule module = device.loadModule(Gelu.source()); DeviceBuffer x = device.allocate(1024)) {
            Kernel kernel = module.kernel(Gelu.ENTRY);
            KernelException scalar = assertThrows(KernelException.class,
                    () -> kernel.launch(Dim3.of(1), Dim3.of(64), KernelArg.buffer(x), KernelArg.buffer(x), KernelArg.f32(256)));
            assertEquals("kernel 'gelu_forward' argument 2 ('int n'): expected a 32-bit integer (KernelArg.i32), "
                    + "got a float (KernelArg.f32(256.0))", scalar.getMessage());
            KernelException pointer = assertThrows(KernelException.class,
                    () -> kernel.launch(Dim3.of(1), Dim3.of(64), KernelArg.i64(0), KernelArg.buffer(x), KernelArg.i32(256)));
            assertEquals("kernel 'gelu_forward' argument 0 ('__global float* x'): expected a device buffer (KernelArg.buffer), "
                    + "got a 64-bit integer (KernelArg.i64(0))", pointer.getMessage());
            KernelException local = assertThrows(KernelException.class,
                    () -> kernel.launch(Dim3.of(1), Dim3.of(64), KernelArg.buffer(x), KernelArg.local(64), KernelArg.i32(1)));
            assertTrue(local.getMessage().startsWith("kernel 'gelu_forward' argument 1 ('__global float* out'): expected a "
                    + "device buffer"), local.getMessage());
        }
    }

    @Test
    void localMemoryIsOnlyAcceptedForLocalParameters() {
        DeviceInterface device = OpenCl.driver().device();
        try (KernelModule module = device.loadModule(KernelSource.ofText(SourceKind.OPENCL_C, ARGS_SOURCE, "args.cl"));
             DeviceBuffer out = device.allocate(64)) {
            KernelException e = assertThrows(KernelException.class, () -> module.kernel("args").launch(Dim3.of(1), Dim3.of(64),
                    KernelArg.buffer(out), KernelArg.buffer(out), KernelArg.i64(1), KernelArg.f32(1), KernelArg.f64(1),
                    KernelArg.i32(1)));
            assertTrue(e.getMessage().startsWith("kernel 'args' argument 1 ('__local int* scratch'): expected a local memory "
                    + "size (KernelArg.local(bytes)), got a device buffer"), e.getMessage());
        }
    }

    @Test
    void anUnknownEntryPointListsTheKernelsTheModuleHas() {
        DeviceInterface device = OpenCl.driver().device();
        try (KernelModule module = device.loadModule(Gelu.source())) {
            KernelException e = assertThrows(KernelException.class, () -> module.kernel("gelu"));
            assertTrue(e.getMessage().startsWith("module 'kernels/opencl/gelu.cl' has no kernel 'gelu' (clCreateKernel: "
                    + "CL_INVALID_KERNEL_NAME (-46)); it has: gelu_forward"), e.getMessage());
            assertSame(module.kernel(Gelu.ENTRY), module.kernel(Gelu.ENTRY), "kernels are looked up once");
        }
    }

    @Test
    void aWorkGroupLargerThanTheDeviceAllowsIsAClearError() {
        OpenClDevice device = OpenCl.device();
        long tooLarge = device.maxWorkGroupSize() * 2;
        try (KernelModule module = device.loadModule(Gelu.source()); DeviceBuffer x = device.allocate(1024)) {
            KernelException e = assertThrows(KernelException.class, () -> module.kernel(Gelu.ENTRY).launch(Dim3.of(1),
                    Dim3.of(tooLarge), KernelArg.buffer(x), KernelArg.buffer(x), KernelArg.i32(0)));
            assertTrue(e.getMessage().startsWith("kernel 'gelu_forward': clEnqueueNDRangeKernel(global [" + tooLarge
                    + "], local [" + tooLarge + "]) failed: CL_INVALID_WORK_GROUP_SIZE (-54); the work-group has " + tooLarge
                    + " work items and the device allows at most " + device.maxWorkGroupSize()), e.getMessage());
        }
    }

    @Test
    void aClosedBufferIsRefusedAsAnArgument() {
        DeviceInterface device = OpenCl.driver().device();
        try (KernelModule module = device.loadModule(Gelu.source()); DeviceBuffer x = device.allocate(1024)) {
            DeviceBuffer closed = device.allocate(1024);
            closed.close();
            KernelException e = assertThrows(KernelException.class, () -> module.kernel(Gelu.ENTRY).launch(Dim3.of(1),
                    Dim3.of(64), KernelArg.buffer(x), KernelArg.buffer(closed), KernelArg.i32(0)));
            assertEquals("kernel 'gelu_forward' argument 1: the argument 1 buffer is closed", e.getMessage());
        }
    }

    @Test
    void sourceKindsTheDeviceCannotLoadAreRefusedClearly() {
        DeviceInterface device = OpenCl.driver().device();
        assertTrue(device.acceptedSources().contains(SourceKind.OPENCL_C));
        assertFalse(device.acceptedSources().contains(SourceKind.PTX));
        KernelException ptx = assertThrows(KernelException.class,
                () -> device.loadModule(KernelSource.ofText(SourceKind.PTX, ".version 8.0", "k.ptx")));
        assertTrue(ptx.getMessage().startsWith("the opencl backend cannot load PTX ('k.ptx'); it accepts "), ptx.getMessage());
        // Not a valid SPIR-V module: a device without IL refuses the kind, a device with IL refuses the bytes.
        byte[] notSpirv = {0x03, 0x02, 0x23, 0x07, 0, 0, 1, 0, 0, 0, 0, 0};
        KernelException spirv = assertThrows(KernelException.class,
                () -> device.loadModule(new KernelSource(SourceKind.SPIRV, notSpirv, "bad.spv", "")));
        if (device.acceptedSources().contains(SourceKind.SPIRV)) {
            assertTrue(spirv.getMessage().contains("bad.spv"), spirv.getMessage());
        } else {
            assertTrue(spirv.getMessage().startsWith("SPIR-V module 'bad.spv': device '" + device.facts().name()
                    + "' does not accept SPIR-V (CL_DEVICE_IL_VERSION is "), spirv.getMessage());
            assertTrue(spirv.getMessage().endsWith("build from OpenCL C (.cl) instead"), spirv.getMessage());
        }
    }

    @Test
    void closingAModuleReleasesItsProgramAndKernels() {
        OpenClDevice device = OpenCl.device();
        NativeCounts counts = device.counts();
        long programs = counts.live(NativeCounts.Kind.PROGRAM);
        long kernels = counts.live(NativeCounts.Kind.KERNEL);
        KernelModule module = device.loadModule(Gelu.source());
        Kernel kernel = module.kernel(Gelu.ENTRY);
        assertEquals(programs + 1, counts.live(NativeCounts.Kind.PROGRAM));
        assertEquals(kernels + 1, counts.live(NativeCounts.Kind.KERNEL));
        module.close();
        module.close();
        assertEquals(programs, counts.live(NativeCounts.Kind.PROGRAM));
        assertEquals(kernels, counts.live(NativeCounts.Kind.KERNEL));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> kernel.launch(Dim3.of(1), Dim3.of(1), KernelArg.i32(0)));
        assertEquals("kernel module 'kernels/opencl/gelu.cl' is closed", e.getMessage());
    }
}

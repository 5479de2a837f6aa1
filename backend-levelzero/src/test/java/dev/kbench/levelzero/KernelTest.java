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

import static dev.kbench.api.KernelArg.buffer;
import static dev.kbench.api.KernelArg.f32;
import static dev.kbench.api.KernelArg.i32;
import static dev.kbench.api.KernelArg.i64;
import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** SPIR-V modules, kernels and launches through the loader, run on the CPU by the test driver. */
class KernelTest {

    private static final int N = 1000;

    private static LevelZeroDriver driver;
    private static DeviceInterface device;
    private static KernelModule module;

    @BeforeAll
    static void open() {
        TestDriver.assertScenario("default");
        driver = new LevelZeroDriver();
        device = driver.device();
        module = device.loadModule(TestDriver.kernels());
    }

    @AfterAll
    static void close() {
        driver.close();
    }

    @Test
    void geluComputesTheTanhFormula() {
        float[] x = new float[N];
        for (int i = 0; i < N; i++) {
            x[i] = -5f + 10f * i / N;
        }
        try (DeviceBuffer in = device.allocate(4L * N); DeviceBuffer out = device.allocate(4L * N)) {
            device.write(MemorySegment.ofArray(x), in);
            // 16 groups of 64 work items: 1024 >= N, the last 24 items do nothing.
            module.kernel("gelu").launch(Dim3.of(16), Dim3.of(64), buffer(in), buffer(out), i32(N));
            float[] y = new float[N];
            device.read(out, MemorySegment.ofArray(y));
            for (int i = 0; i < N; i++) {
                double v = x[i];
                double expected = 0.5 * v * (1 + Math.tanh(Math.sqrt(2 / Math.PI) * (v + 0.044715 * v * v * v)));
                assertEquals(expected, y[i], 1e-5, "gelu(" + v + ")");
            }
        }
    }

    @Test
    void fillThenCopyHonourTheGridAndTheBound() {
        try (DeviceBuffer a = device.allocate(4L * N); DeviceBuffer b = device.allocate(4L * N)) {
            device.fill(b, Float.floatToRawIntBits(-1f));
            module.kernel("fill").launch(Dim3.of(4), Dim3.of(256), buffer(a), f32(2.5f), i32(N));
            // Only 2 groups of 100: the copy covers elements 0..199.
            module.kernel("copy").launch(Dim3.of(2), Dim3.of(100), buffer(a), buffer(b), i32(N));
            float[] result = new float[N];
            device.read(b, MemorySegment.ofArray(result));
            for (int i = 0; i < N; i++) {
                assertEquals(i < 200 ? 2.5f : -1f, result[i], "element " + i);
            }
        }
    }

    @Test
    void blockSumPassesLocalMemory() {
        float[] x = new float[N];
        for (int i = 0; i < N; i++) {
            x[i] = i;
        }
        int block = 128;
        int groups = (N + block - 1) / block;
        try (DeviceBuffer in = device.allocate(4L * N); DeviceBuffer out = device.allocate(4L * groups)) {
            device.write(MemorySegment.ofArray(x), in);
            module.kernel("block_sum").launch(Dim3.of(groups), Dim3.of(block), buffer(in), buffer(out),
                    KernelArg.local(4L * block), i32(N));
            float[] sums = new float[groups];
            device.read(out, MemorySegment.ofArray(sums));
            for (int g = 0; g < groups; g++) {
                long first = (long) g * block;
                long last = Math.min(N, first + block) - 1;
                assertEquals((first + last) * (last - first + 1) / 2.0, sums[g], "group " + g);
            }
        }
    }

    @Test
    void kernelsAreCreatedOncePerNameAndKnowTheirArity() {
        Kernel copy = module.kernel("copy");
        assertSame(copy, module.kernel("copy"));
        assertEquals("copy", copy.name());
        assertEquals(3, ((ZeKernel) copy).argumentCount());
        assertEquals(4, ((ZeKernel) module.kernel("block_sum")).argumentCount());
    }

    @Test
    void aWrongArgumentCountIsAClearKernelException() {
        try (DeviceBuffer a = device.allocate(64)) {
            KernelException e = assertThrows(KernelException.class,
                    () -> module.kernel("copy").launch(Dim3.of(1), Dim3.of(16), buffer(a), buffer(a)));
            assertEquals("kernel 'copy' takes 3 arguments, got 2 (Buffer, Buffer)", e.getMessage());
        }
    }

    @Test
    void aWrongArgumentTypeNamesTheArgumentAndTheDriversAnswer() {
        try (DeviceBuffer a = device.allocate(64)) {
            KernelException e = assertThrows(KernelException.class,
                    () -> module.kernel("copy").launch(Dim3.of(1), Dim3.of(16), buffer(a), buffer(a), i64(16)));
            assertEquals("kernel 'copy' argument 2 (I64, 8 bytes): zeKernelSetArgumentValue returned "
                    + "ZE_RESULT_ERROR_INVALID_KERNEL_ARGUMENT_SIZE (0x78000016); check the argument's type against"
                    + " the kernel's parameter 2", e.getMessage());
            KernelException local = assertThrows(KernelException.class,
                    () -> module.kernel("copy").launch(Dim3.of(1), Dim3.of(16), KernelArg.local(64), buffer(a), i32(16)));
            assertTrue(local.getMessage().startsWith("kernel 'copy' argument 0 (Local, 64 bytes)"), local.getMessage());
        }
    }

    @Test
    void aClosedBufferIsRefusedAsAnArgument() {
        DeviceBuffer a = device.allocate(64);
        a.close();
        KernelException e = assertThrows(KernelException.class,
                () -> module.kernel("fill").launch(Dim3.of(1), Dim3.of(16), buffer(a), f32(1), i32(16)));
        assertEquals("kernel 'fill' argument 0: the argument 0 buffer is closed", e.getMessage());
    }

    @Test
    void launchesTheDriverRefusesAreKernelExceptions() {
        try (DeviceBuffer small = device.allocate(64)) {
            // 1000 floats into 64 bytes: the test driver refuses the out-of-bounds launch, as a safe device would.
            KernelException bounds = assertThrows(KernelException.class,
                    () -> module.kernel("fill").launch(Dim3.of(4), Dim3.of(256), buffer(small), f32(1), i32(N)));
            assertEquals("kernel 'fill': zeCommandListAppendLaunchKernel(grid 4,1,1, block 256,1,1) returned "
                    + "ZE_RESULT_ERROR_INVALID_ARGUMENT (0x78000004)", bounds.getMessage());
            KernelException group = assertThrows(KernelException.class,
                    () -> module.kernel("fill").launch(Dim3.of(1), Dim3.of(2048), buffer(small), f32(1), i32(16)));
            assertEquals("kernel 'fill': zeKernelSetGroupSize(2048,1,1) returned "
                    + "ZE_RESULT_ERROR_INVALID_GROUP_SIZE_DIMENSION (0x78000013)", group.getMessage());
            KernelException wide = assertThrows(KernelException.class,
                    () -> module.kernel("fill").launch(Dim3.of(1L << 32), Dim3.of(1), buffer(small), f32(1), i32(16)));
            assertEquals("kernel 'fill': a grid dimension of 4294967296 exceeds Level Zero's 32-bit limit 4294967295",
                    wide.getMessage());
        }
    }

    @Test
    void anUnknownKernelListsTheModulesKernels() {
        KernelException e = assertThrows(KernelException.class, () -> module.kernel("saxpy"));
        assertEquals("module 'kbench_test_kernels.spv' has no kernel 'saxpy' (zeKernelCreate returned "
                + "ZE_RESULT_ERROR_INVALID_KERNEL_NAME (0x78000011)); its kernels are [fill, copy, block_sum, kinds,"
                + " gelu, busy_wait]", e.getMessage());
    }

    @Test
    void aFailedBuildCarriesTheBuildLog() {
        long logs = TestDriver.stat("live.buildLogs");
        KernelException e = assertThrows(KernelException.class, () -> device.loadModule(TestDriver.unknownKernel()));
        assertEquals("error: kernel 'saxpy': the kbench test driver has no CPU implementation of it (it runs fill,"
                + " copy, gelu, block_sum, busy_wait and kinds)", e.buildLog().strip());
        assertTrue(e.getMessage().startsWith("cannot build Level Zero module 'unknown_kernel.spv': zeModuleCreate"
                + " returned ZE_RESULT_ERROR_MODULE_BUILD_FAILURE (0x70000004)\n--- build log ---\nerror: kernel"
                + " 'saxpy'"), e.getMessage());
        assertEquals(logs, TestDriver.stat("live.buildLogs"), "the build log was destroyed");

        KernelSource notSpirv = new KernelSource(SourceKind.SPIRV, "hello, world".getBytes(StandardCharsets.UTF_8),
                "greeting.spv", "");
        KernelException garbage = assertThrows(KernelException.class, () -> device.loadModule(notSpirv));
        assertEquals("error: not a SPIR-V module (12 bytes, magic 0x6c6c6568; expected 0x07230203)",
                garbage.buildLog().strip());
    }

    @Test
    void buildOptionsReachTheDriverAndASuccessfulBuildHasNoLog() {
        try (KernelModule m = device.loadModule(TestDriver.kernels().withBuildOptions("-cl-fast-relaxed-math"))) {
            assertEquals("", ((ZeModule) m).buildLog());
            assertEquals(List.of("fill", "copy", "block_sum", "kinds", "gelu", "busy_wait"), ((ZeModule) m).kernelNames());
        }
    }

    @Test
    void onlySpirvIsAccepted() {
        KernelException e = assertThrows(KernelException.class,
                () -> device.loadModule(KernelSource.ofText(SourceKind.OPENCL_C, "__kernel void k() {}", "k.cl")));
        assertEquals("the levelzero backend accepts SPIR-V modules only; 'k.cl' is OPENCL_C (compile OpenCL C to"
                + " SPIR-V, e.g. with clang -target spir64 and llvm-spirv)", e.getMessage());
    }

    @Test
    void aClosedModuleRefusesLaunches() {
        KernelModule m = device.loadModule(TestDriver.kernels());
        Kernel fill = m.kernel("fill");
        long kernels = TestDriver.stat("live.kernels");
        m.close();
        assertEquals(kernels - 1, TestDriver.stat("live.kernels"));
        try (DeviceBuffer a = device.allocate(64); Arena arena = Arena.ofConfined()) {
            assertThrows(IllegalStateException.class,
                    () -> fill.launch(Dim3.of(1), Dim3.of(16), buffer(a), f32(1), i32(16)));
            MemorySegment host = arena.allocate(ValueLayout.JAVA_FLOAT, 16);
            device.read(a, host);    // the device itself is still fine
        }
        m.close();                   // idempotent
    }
}

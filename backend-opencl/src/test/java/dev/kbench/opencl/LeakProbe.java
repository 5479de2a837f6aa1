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

import dev.kbench.api.Backend;
import dev.kbench.api.Bench;
import dev.kbench.api.BenchOptions;
import dev.kbench.api.BenchResult;
import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.Dim3;
import dev.kbench.api.Drivers;
import dev.kbench.api.Kernel;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelModule;
import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;
import dev.kbench.spi.DeviceInterface;
import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemoryLayout;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Runs {@code rounds} doBench calls of {@code repetitions} timed repetitions each (a one-work-item kernel
 * per call, no cache clear) and prints, after each, the device's OpenCL object counts, the bytes that
 * glibc's malloc has handed out and not been given back ({@code mallinfo2()}: {@code uordblks + hblkhd}) and,
 * for information, the process's resident set:
 * {@code round,repetitions,vmrss_kb,live_events,live_buffers,live_programs,live_kernels,created_events,malloc_kb}.
 * Started in its own JVM by {@link NoLeakTest}.
 */
public final class LeakProbe {

    private LeakProbe() {
    }

    public static void main(String[] args) throws IOException {
        int rounds = Integer.parseInt(args[0]);
        int repetitions = Integer.parseInt(args[1]);
        Backend driver = Drivers.system().select("opencl");
        OpenClDevice device = (OpenClDevice) driver.device();
        DeviceInterface di = device;
        String source = "__kernel void touch(__global int *x) { x[get_global_id(0)] += 1; }";
        BenchOptions options = BenchOptions.withDefaults().withCacheClearBytes(0).withWarmupMillis(0).withRepMillis(1e9)
                .withMaxCalls(repetitions, 1);
        try (KernelModule module = di.loadModule(KernelSource.ofText(SourceKind.OPENCL_C, source, "touch.cl"));
             DeviceBuffer x = di.allocate(64)) {
            Kernel kernel = module.kernel("touch");
            List<KernelArg> kernelArgs = List.of(KernelArg.buffer(x));
            System.out.println("round,repetitions,vmrss_kb,live_events,live_buffers,live_programs,live_kernels,"
                    + "created_events,malloc_kb");
            for (int round = 0; round < rounds; round++) {
                BenchResult result = Bench.doBench(driver, () -> kernel.launch(Dim3.of(1), Dim3.of(1), kernelArgs), options);
                NativeCounts counts = device.counts();
                System.out.println(String.format(Locale.ROOT, "%d,%d,%d,%d,%d,%d,%d,%d,%d", round, result.repeatCalls(),
                        rssKb(), counts.live(NativeCounts.Kind.EVENT), counts.live(NativeCounts.Kind.BUFFER),
                        counts.live(NativeCounts.Kind.PROGRAM), counts.live(NativeCounts.Kind.KERNEL),
                        counts.created(NativeCounts.Kind.EVENT), mallocKb()));
            }
        }
        driver.close();
    }

    static long rssKb() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("VmRSS:")) {
                return Long.parseLong(line.substring(6).replace("kB", "").strip());
            }
        }
        throw new IllegalStateException("no VmRSS in /proc/self/status");
    }

    /**
     * The bytes glibc's allocator has handed out and not got back, in KiB: {@code mallinfo2()}'s
     * {@code uordblks} (in use in the arenas) plus {@code hblkhd} (in mmap'ed blocks), over every arena.
     * Unlike the resident set, it does not count freed memory the allocator keeps, so it moves only with
     * live allocations.
     */
    static long mallocKb() {
        // struct mallinfo2 { size_t arena, ordblks, smblks, hblks, hblkhd, usmblks, fsmblks, uordblks, fordblks, keepcost; }
        MemoryLayout mallinfo2 = MemoryLayout.structLayout(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG,
                ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG,
                ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG);
        Linker linker = Linker.nativeLinker();
        MethodHandle call = linker.downcallHandle(linker.defaultLookup().find("mallinfo2").orElseThrow(
                () -> new IllegalStateException("no mallinfo2 in the C library (glibc >= 2.33 has it)")),
                FunctionDescriptor.of(mallinfo2));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment info = (MemorySegment) call.invokeExact((java.lang.foreign.SegmentAllocator) arena);
            long hblkhd = info.getAtIndex(ValueLayout.JAVA_LONG, 4);
            long uordblks = info.getAtIndex(ValueLayout.JAVA_LONG, 7);
            return (uordblks + hblkhd) / 1024;
        } catch (Throwable e) {
            throw new IllegalStateException("mallinfo2 failed", e);
        }
    }
}

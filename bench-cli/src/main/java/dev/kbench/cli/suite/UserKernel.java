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
package dev.kbench.cli.suite;

import dev.kbench.api.Benchmark;
import dev.kbench.api.Device;
import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.Dim3;
import dev.kbench.api.Kernel;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelModule;
import dev.kbench.api.KernelSource;
import dev.kbench.api.Workload;
import dev.kbench.api.internal.BackendAnswers;
import dev.kbench.cli.UsageException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;
import java.util.SplittableRandom;

/**
 * A kernel from a file, benchmarked without writing Java: {@code run --kernel FILE --entry NAME --grid
 * X[,Y,Z] --block X[,Y,Z] --arg ...}. Buffers are allocated and filled untimed; nothing is checked.
 *
 * @param source the kernel module's code
 * @param entry the kernel's name
 * @param name the benchmark's name in results (the entry by default)
 * @param grid work-groups per dimension
 * @param block work-group size
 * @param args the arguments, in parameter order
 * @param bytes declared bytes per call, for GB/s
 * @param flops declared flops per call, for TFLOP/s
 */
public record UserKernel(KernelSource source, String entry, String name, Dim3 grid, Dim3 block, List<ArgSpec> args,
                         OptionalLong bytes, OptionalLong flops) {

    /** Validates and copies the fields. */
    public UserKernel {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(entry, "entry");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(grid, "grid");
        Objects.requireNonNull(block, "block");
        args = List.copyOf(args);
        Objects.requireNonNull(bytes, "bytes");
        Objects.requireNonNull(flops, "flops");
    }

    /**
     * Parses {@code --arg} values.
     *
     * @param texts the values as given
     * @return the arguments
     * @throws UsageException naming the first bad one
     */
    public static List<ArgSpec> parseArgs(List<String> texts) {
        return texts.stream().map(ArgSpec::parse).toList();
    }

    /**
     * The benchmark: no parameter axes, one workload that launches the kernel once per call.
     *
     * @return the benchmark
     */
    public Benchmark benchmark() {
        return Benchmark.of(name, (device, params) -> new UserWorkload(device, this, null));
    }

    /**
     * The benchmark, with the values its buffers are filled with from the host (seeded random values, and
     * fills the device cannot do) made now rather than when its workload is set up: a fork in standby makes
     * them before its turn, so the device waits for none of that host work (at 2^24 floats about 0.1 s a
     * buffer). The first workload set up takes them and frees them; any later one makes its own.
     *
     * @return the benchmark
     */
    public Benchmark benchmarkWithInputsMade() {
        MadeValues inputs = new MadeValues(args);
        return Benchmark.of(name, (device, params) -> new UserWorkload(device, this, inputs));
    }

    /**
     * The device buffers of a workload this class set up, in argument order (for tests that read them back).
     *
     * @param workload a workload of {@link #benchmark()} or {@link #benchmarkWithInputsMade()}
     * @return its buffers
     */
    static List<DeviceBuffer> buffers(Workload workload) {
        return List.copyOf(((UserWorkload) workload).buffers);
    }

    /** Whether the device fills the buffer itself (a 32-bit pattern), so that no host values are made. */
    private static boolean deviceFills(ArgSpec.Buffer spec) {
        return spec.fill().isPresent() && spec.bytes() % 4 == 0 && (spec.type() == ArgSpec.ElementType.F32
                || spec.type() == ArgSpec.ElementType.I32 || spec.fill().getAsDouble() == 0);
    }

    /** A buffer's values on the host: its fill, or random values seeded by its element count. */
    private static MemorySegment hostValues(ArgSpec.Buffer spec, Arena arena) {
        MemorySegment host = arena.allocate(spec.bytes(), 8);
        SplittableRandom random = new SplittableRandom(spec.count());
        for (long i = 0; i < spec.count(); i++) {
            double v = spec.fill().isPresent() ? spec.fill().getAsDouble() : random.nextDouble();
            switch (spec.type()) {
                case F32 -> host.setAtIndex(ValueLayout.JAVA_FLOAT, i, (float) v);
                case F64 -> host.setAtIndex(ValueLayout.JAVA_DOUBLE, i, v);
                case I32 -> host.setAtIndex(ValueLayout.JAVA_INT, i, spec.fill().isPresent() ? (int) v : random.nextInt());
                case I64 -> host.setAtIndex(ValueLayout.JAVA_LONG, i, spec.fill().isPresent() ? (long) v : random.nextLong());
                case U8 -> host.set(ValueLayout.JAVA_BYTE, i, (byte) (spec.fill().isPresent() ? (int) v : random.nextInt(256)));
            }
        }
        return host;
    }

    /** Host values made ahead for the buffers that need them, by argument index, until one workload takes them. */
    private static final class MadeValues {
        private Arena arena = Arena.ofShared();
        private final List<MemorySegment> values = new ArrayList<>();

        MadeValues(List<ArgSpec> args) {
            for (ArgSpec arg : args) {
                values.add(arg instanceof ArgSpec.Buffer b && !deviceFills(b) ? hostValues(b, arena) : null);
            }
        }

        /** {@return the values made for argument {@code index}, or null where none are left} */
        synchronized MemorySegment values(int index) {
            return arena == null ? null : values.get(index);
        }

        /** Frees the values; later workloads make their own. */
        synchronized void free() {
            if (arena != null) {
                values.clear();
                arena.close();
                arena = null;
            }
        }
    }

    /** The prepared kernel, module and buffers. */
    private static final class UserWorkload implements Workload {
        private final UserKernel spec;
        private final List<DeviceBuffer> buffers = new ArrayList<>();
        private final KernelModule module;
        private final Kernel kernel;
        private final List<KernelArg> args = new ArrayList<>();

        /** @param inputs host values made ahead, taken and freed here; null to make them here */
        UserWorkload(Device device, UserKernel spec, MadeValues inputs) {
            this.spec = spec;
            this.module = BackendAnswers.loadModule(device, spec.source());
            try {
                this.kernel = BackendAnswers.kernel(module, spec.entry());
                for (int i = 0; i < spec.args().size(); i++) {
                    MemorySegment made = inputs == null ? null : inputs.values(i);
                    args.add(switch (spec.args().get(i)) {
                        case ArgSpec.Buffer b -> KernelArg.buffer(filled(device, b, made));
                        case ArgSpec.Scalar s -> s.value();
                        case ArgSpec.Local l -> KernelArg.local(l.bytes());
                    });
                }
            } catch (RuntimeException | Error e) {
                close();
                throw e;
            } finally {
                if (inputs != null) {
                    inputs.free();
                }
            }
        }

        private DeviceBuffer filled(Device device, ArgSpec.Buffer spec, MemorySegment made) {
            DeviceBuffer buffer = BackendAnswers.allocate(device, spec.bytes());
            buffers.add(buffer);
            if (deviceFills(spec)) {
                double v = spec.fill().getAsDouble();
                device.fill(buffer, spec.type() == ArgSpec.ElementType.F32 ? Float.floatToRawIntBits((float) v) : (int) v);
                return buffer;
            }
            if (made != null) {
                device.write(made, buffer);
                return buffer;
            }
            try (Arena arena = Arena.ofConfined()) {
                device.write(hostValues(spec, arena), buffer);
            }
            return buffer;
        }

        @Override
        public void run() {
            kernel.launch(spec.grid(), spec.block(), args);
        }

        @Override
        public OptionalLong bytesPerCall() {
            return spec.bytes();
        }

        @Override
        public OptionalLong flopsPerCall() {
            return spec.flops();
        }

        @Override
        public void close() {
            for (int i = buffers.size() - 1; i >= 0; i--) {
                buffers.get(i).close();
            }
            buffers.clear();
            module.close();
        }
    }
}

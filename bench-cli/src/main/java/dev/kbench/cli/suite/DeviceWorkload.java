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

import dev.kbench.api.Device;
import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.Workload;
import dev.kbench.api.internal.BackendAnswers;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A workload that owns device buffers and host copies of its inputs: the untimed part shared by the
 * built-in kernels. The host copies are kept for {@link #check()} and freed after it.
 */
abstract class DeviceWorkload implements Workload {

    /** Float elements per block for the one-dimensional kernels. */
    static final int BLOCK = 256;
    /** Results up to this length are checked element by element; longer ones at an even stride. */
    static final long MAX_CHECKED = 1L << 20;
    /** The last elements, always checked: where a kernel's bounds check matters. */
    static final long TAIL_CHECKED = 1L << 12;

    final Device device;
    private final HostInputs inputs;
    private final List<DeviceBuffer> buffers = new ArrayList<>();
    private Arena host = Arena.ofShared();
    /** The arenas of inputs made ahead that this workload took, freed with its host copies. */
    private final List<Arena> taken = new ArrayList<>();

    DeviceWorkload(SuiteKernels kernels) {
        this.device = kernels.device();
        this.inputs = kernels.inputs();
    }

    /** Allocates a device buffer freed by {@link #close()}. */
    final DeviceBuffer allocate(long bytes) {
        DeviceBuffer buffer = BackendAnswers.allocate(device, bytes);
        buffers.add(buffer);
        return buffer;
    }

    /** Host memory for {@code count} floats, freed after the check. */
    final MemorySegment hostFloats(long count) {
        return host.allocate(ValueLayout.JAVA_FLOAT, count);
    }

    /**
     * A random input of {@code count} floats: the one made ahead for it (a run about to measure makes them
     * before its turn), else made now; either way the same values.
     */
    final MemorySegment randomFloats(long count, HostInputs.Floats floats) {
        HostInputs.Key key = floats.of(count);
        Optional<HostInputs.Made> made = inputs.take(key);
        if (made.isPresent()) {
            taken.add(made.get().arena());
            return made.get().values();
        }
        return HostInputs.random(host, key);
    }

    /** A device buffer holding a copy of host floats. */
    final DeviceBuffer upload(MemorySegment data) {
        DeviceBuffer buffer = allocate(data.byteSize());
        device.write(data, buffer);
        return buffer;
    }

    /** A device buffer of {@code count} floats, every one NaN, so an unwritten result is caught. */
    final DeviceBuffer poisoned(long count) {
        DeviceBuffer buffer = allocate(count * Float.BYTES);
        device.fill(buffer, Float.floatToRawIntBits(Float.NaN));
        return buffer;
    }

    /** Reads {@code count} floats from the start of a buffer (after all enqueued work). */
    final MemorySegment download(DeviceBuffer buffer, long count) {
        MemorySegment data = hostFloats(count);
        device.read(buffer, data);
        return data;
    }

    /** Frees the host copies; the check is over. */
    final void freeHost() {
        if (host != null) {
            host.close();
            host = null;
        }
        taken.forEach(Arena::close);
        taken.clear();
    }

    /** Work-groups of {@link #BLOCK} that cover {@code n} elements. */
    static long groups(long n) {
        return (n + BLOCK - 1) / BLOCK;
    }

    /**
     * Compares results to a reference within {@code |got - want| <= tolerance(i)}: every element of up to
     * {@value #MAX_CHECKED}, else about that many at an even stride and the last {@value #TAIL_CHECKED}.
     *
     * @throws AssertionError naming the first mismatch and how many there are
     */
    static void expectClose(String what, MemorySegment got, Reference want) {
        long count = got.byteSize() / Float.BYTES;
        long mismatches = 0;
        String first = null;
        // every element up to MAX_CHECKED; beyond, an even stride over all of them plus the whole tail
        long stride = Math.max(1, count / MAX_CHECKED);
        long tail = Math.max(0, count - TAIL_CHECKED);
        for (long i = 0; i < count; i = i + stride < tail ? i + stride : Math.max(i + 1, tail)) {
            float value = got.getAtIndex(ValueLayout.JAVA_FLOAT, i);
            double expected = want.value(i);
            double tolerance = want.tolerance(i);
            if (!(Math.abs(value - expected) <= tolerance)) {
                mismatches++;
                if (first == null) {
                    first = String.format(java.util.Locale.ROOT, "%s[%d] = %s, expected %s (tolerance %.3g)",
                            what, i, value, expected, tolerance);
                }
            }
        }
        if (mismatches > 0) {
            throw new AssertionError(first + "; " + mismatches + " of " + (stride == 1 ? count + " elements" : "the "
                    + "checked elements of " + count) + " differ from the CPU reference");
        }
    }

    /** A CPU reference value and its tolerance per element. */
    interface Reference {
        double value(long i);

        double tolerance(long i);
    }

    @Override
    public void close() {
        freeHost();
        for (int i = buffers.size() - 1; i >= 0; i--) {
            buffers.get(i).close();
        }
        buffers.clear();
    }
}

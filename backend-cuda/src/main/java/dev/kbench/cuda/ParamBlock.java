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

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.KernelArg;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The native {@code kernelParams} of a kernel, for {@link FfmLaunch}: one allocation holding
 * {@code void *kernelParams[capacity]} followed by {@code capacity} 8-byte, 8-aligned slots, where
 * {@code kernelParams[i]} points at slot {@code i} (set once, at allocation). {@link #write} puts argument
 * {@code i}'s value into slot {@code i} in native byte order from its first byte: a device pointer as 8
 * bytes, {@code i32} as 4, {@code i64} as 8, {@code f32} as 4, {@code f64} as 8; {@code KernelArg.Local}
 * arguments take no slot (they are dynamic shared memory). The driver reads each parameter's size from the
 * kernel, so a slot only has to be large and aligned enough for it, and it copies the values during
 * {@code cuLaunchKernel}, so the slots may be rewritten for the next argument list once the call returned.
 * A kernel's parameter count is fixed, so it allocates one block and rewrites it when its arguments change.
 * Memory from a shared arena (the kernel may be launched and closed from different threads, one at a
 * time), freed by {@link #close()}. Not thread-safe.
 */
final class ParamBlock implements AutoCloseable {

    /** Bytes per slot and per pointer. */
    static final long SLOT_BYTES = 8;

    private final Arena arena = Arena.ofShared();
    private final int capacity;
    private final MemorySegment kernelParams;
    private final MemorySegment values;

    /**
     * Allocates a block and points {@code kernelParams[i]} at slot {@code i}.
     *
     * @param capacity the number of parameters it can hold, >= 0
     */
    ParamBlock(int capacity) {
        if (capacity < 0) {
            throw new IllegalArgumentException("capacity must be >= 0, got " + capacity);
        }
        this.capacity = capacity;
        // at least one slot, so that kernelParams is a valid, non-NULL pointer even without parameters
        MemorySegment block = arena.allocate(2 * SLOT_BYTES * Math.max(1, capacity), SLOT_BYTES);
        kernelParams = block.asSlice(0, SLOT_BYTES * capacity);
        values = block.asSlice(SLOT_BYTES * capacity, SLOT_BYTES * capacity);
        for (int i = 0; i < capacity; i++) {
            kernelParams.setAtIndex(ADDRESS, i, values.asSlice(SLOT_BYTES * i, SLOT_BYTES));
        }
    }

    /**
     * The number of slots {@code args} needs.
     *
     * @param args launch arguments
     * @return the arguments that are not {@code Local}
     */
    static int count(List<KernelArg> args) {
        int count = 0;
        for (KernelArg arg : args) {
            if (!(arg instanceof KernelArg.Local)) {
                count++;
            }
        }
        return count;
    }

    /**
     * Writes the values of {@code args} into the slots, in order. If this throws, the slots hold a mix of
     * old and new values: the caller must not launch with them.
     *
     * @param args the launch arguments, checked by the caller; at most {@link #capacity()} that are not {@code Local}
     * @param address the device address of a buffer argument
     */
    void write(List<KernelArg> args, ToLongFunction<DeviceBuffer> address) {
        if (count(args) > capacity) {
            throw new IllegalArgumentException(count(args) + " parameters do not fit a block of " + capacity);
        }
        long offset = 0;
        for (KernelArg arg : args) {
            switch (arg) {
                case KernelArg.Buffer b -> values.set(JAVA_LONG, offset, address.applyAsLong(b.buffer()));
                case KernelArg.I32 v -> values.set(JAVA_INT, offset, v.value());
                case KernelArg.I64 v -> values.set(JAVA_LONG, offset, v.value());
                case KernelArg.F32 v -> values.set(JAVA_FLOAT, offset, v.value());
                case KernelArg.F64 v -> values.set(JAVA_DOUBLE, offset, v.value());
                case KernelArg.Local _ -> {
                    continue;
                }
            }
            offset += SLOT_BYTES;
        }
    }

    /**
     * The {@code void*[]} to pass as {@code kernelParams}; its address is valid (and not NULL) until
     * {@link #close()}, also when the capacity is 0.
     *
     * @return the pointer array, {@code capacity() * 8} bytes
     */
    MemorySegment kernelParams() {
        return kernelParams;
    }

    /**
     * The value slots.
     *
     * @return {@code capacity() * 8} bytes, slot {@code i} at offset {@code 8 * i}
     */
    MemorySegment values() {
        return values;
    }

    /**
     * The number of slots.
     *
     * @return the capacity given at allocation
     */
    int capacity() {
        return capacity;
    }

    /** Frees the block. Idempotent. */
    @Override
    public void close() {
        if (arena.scope().isAlive()) {
            arena.close();
        }
    }
}

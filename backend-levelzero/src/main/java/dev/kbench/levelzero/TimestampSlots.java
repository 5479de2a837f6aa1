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

import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The host-visible memory that events' timestamps are written into: 8-byte slots carved from
 * {@code zeMemAllocHost} slabs, reused as events are closed. Slabs are freed only with the device,
 * after it has synchronised, so a timestamp still in flight never lands in freed memory.
 */
final class TimestampSlots {

    /** Slots per slab (one 4 KiB page). */
    static final int SLOTS_PER_SLAB = 512;

    /**
     * One slot.
     *
     * @param id its index over all slabs
     * @param segment its 8 bytes
     */
    record Slot(int id, MemorySegment segment) {
    }

    private final LevelZeroDevice device;
    private final List<MemorySegment> slabs = new ArrayList<>();
    private int[] free = new int[0];
    private int freeCount;

    TimestampSlots(LevelZeroDevice device) {
        this.device = device;
    }

    /**
     * A free slot, allocating a slab if none is left.
     *
     * @return the slot
     */
    Slot acquire() {
        if (freeCount == 0) {
            MemorySegment slab = device.allocateHost((long) SLOTS_PER_SLAB * Long.BYTES);
            int first = slabs.size() * SLOTS_PER_SLAB;
            slabs.add(slab);
            free = Arrays.copyOf(free, slabs.size() * SLOTS_PER_SLAB);
            for (int i = SLOTS_PER_SLAB - 1; i >= 0; i--) {
                free[freeCount++] = first + i;
            }
        }
        int id = free[--freeCount];
        MemorySegment slab = slabs.get(id / SLOTS_PER_SLAB);
        return new Slot(id, slab.asSlice((long) (id % SLOTS_PER_SLAB) * Long.BYTES, Long.BYTES));
    }

    /**
     * Returns a slot for reuse.
     *
     * @param slot a slot from {@link #acquire()}, not yet released
     */
    void release(Slot slot) {
        free[freeCount++] = slot.id();
    }

    /**
     * How many slabs have been allocated.
     *
     * @return the count
     */
    int slabCount() {
        return slabs.size();
    }

    /** Frees every slab; the device must have synchronised. */
    void close() {
        for (MemorySegment slab : slabs) {
            device.freeMemory(slab);
        }
        slabs.clear();
        freeCount = 0;
    }
}

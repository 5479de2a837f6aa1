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

import dev.kbench.levelzero.ze.ZeApi;
import dev.kbench.levelzero.ze.ze_device_mem_alloc_desc_t;
import dev.kbench.levelzero.ze.ze_host_mem_alloc_desc_t;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * The memory of a {@link LevelZeroDevice}'s context: device allocations ({@code zeMemAllocDevice}), host
 * allocations the device can access ({@code zeMemAllocHost}) and the host staging buffer that
 * {@code write} and {@code read} copy through. Not thread-safe.
 */
final class ZeMemory {

    /** The largest host staging buffer; larger copies go in chunks. */
    static final long STAGING_LIMIT_BYTES = 8L << 20;

    private final MemorySegment context;
    private final MemorySegment device;
    private MemorySegment staging;

    ZeMemory(MemorySegment context, MemorySegment device) {
        this.context = context;
        this.device = device;
    }

    MemorySegment allocateDevice(long bytes) {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment desc = ze_device_mem_alloc_desc_t.allocate(call);
            ze_device_mem_alloc_desc_t.stype(desc, ZeApi.ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC());
            ze_device_mem_alloc_desc_t.ordinal(desc, 0);
            MemorySegment slot = Ze.handleSlot(call);
            Ze.check(ZeApi.zeMemAllocDevice(context, desc, bytes, 64, device, slot),
                    "zeMemAllocDevice(" + bytes + " bytes)");
            return Ze.handle(slot);
        }
    }

    /**
     * Host memory the device can access ({@code zeMemAllocHost}), as a segment of that size.
     *
     * @param bytes the size
     * @return the memory; free it with {@link #free(MemorySegment)}
     */
    MemorySegment allocateHost(long bytes) {
        try (Arena call = Arena.ofConfined()) {
            MemorySegment desc = ze_host_mem_alloc_desc_t.allocate(call);
            ze_host_mem_alloc_desc_t.stype(desc, ZeApi.ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC());
            MemorySegment slot = Ze.handleSlot(call);
            Ze.check(ZeApi.zeMemAllocHost(context, desc, bytes, 64, slot), "zeMemAllocHost(" + bytes + " bytes)");
            return Ze.handle(slot).reinterpret(bytes);
        }
    }

    void free(MemorySegment pointer) {
        Ze.check(ZeApi.zeMemFree(context, pointer), "zeMemFree");
    }

    /** Host memory for copies, at least {@code bytes} long; nothing may be in flight on it. */
    MemorySegment staging(long bytes) {
        if (staging == null || staging.byteSize() < bytes) {
            if (staging != null) {
                free(staging);
                staging = null;
            }
            staging = allocateHost(Math.max(bytes, Math.min(STAGING_LIMIT_BYTES, 64L << 10)));
        }
        return staging;
    }

    /** Frees the staging buffer, if any. */
    void freeStaging() {
        if (staging != null) {
            MemorySegment s = staging;
            staging = null;
            free(s);
        }
    }
}

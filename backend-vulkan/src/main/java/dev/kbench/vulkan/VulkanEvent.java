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
package dev.kbench.vulkan;

import dev.kbench.spi.Event;
import dev.kbench.vulkan.vk.VkApi;
import dev.kbench.vulkan.vk.VkQueryPoolCreateInfo;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A timing event: a query pool of one timestamp query. {@link #record()} submits a command buffer that,
 * after the stream's barrier (all earlier work complete), resets the query and writes the timestamp at
 * {@code VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT}. Elapsed times are differences of the two timestamps'
 * {@code timestampValidBits} low bits, in ticks of {@code timestampPeriod} nanoseconds.
 */
final class VulkanEvent implements Event {

    private final VulkanDevice device;
    private final MemorySegment pool;
    private long serial;
    private boolean closed;

    VulkanEvent(VulkanDevice device) {
        this.device = device;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment info = VkQueryPoolCreateInfo.allocate(arena);
            VkQueryPoolCreateInfo.sType(info, VkApi.VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO());
            VkQueryPoolCreateInfo.queryType(info, VkApi.VK_QUERY_TYPE_TIMESTAMP());
            VkQueryPoolCreateInfo.queryCount(info, 1);
            MemorySegment handle = arena.allocate(ValueLayout.ADDRESS);
            Vk.check(VkApi.vkCreateQueryPool(device.handle(), info, MemorySegment.NULL, handle), "vkCreateQueryPool");
            pool = handle.get(ValueLayout.ADDRESS, 0);
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("the vulkan event is closed");
        }
    }

    @Override
    public void record() {
        ensureOpen();
        serial = device.stream().submit(cmd -> {
            VkApi.vkCmdResetQueryPool(cmd, pool, 0, 1);
            VkApi.vkCmdWriteTimestamp(cmd, VkApi.VK_PIPELINE_STAGE_BOTTOM_OF_PIPE_BIT(), pool, 0);
        }, null);
    }

    @Override
    public void synchronize() {
        ensureOpen();
        if (serial == 0) {
            throw new IllegalStateException("the vulkan event was never recorded");
        }
        device.stream().waitFor(serial);
    }

    private long ticks() {
        synchronize();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment value = arena.allocate(ValueLayout.JAVA_LONG);
            Vk.check(VkApi.vkGetQueryPoolResults(device.handle(), pool, 0, 1, 8, value, 8,
                    VkApi.VK_QUERY_RESULT_64_BIT() | VkApi.VK_QUERY_RESULT_WAIT_BIT()), "vkGetQueryPoolResults");
            return value.get(ValueLayout.JAVA_LONG, 0);
        }
    }

    @Override
    public double elapsedMillis(Event end) {
        if (!(end instanceof VulkanEvent other) || other.device != device) {
            throw new IllegalArgumentException("the end event is not an event of this vulkan device: " + end);
        }
        long delta = elapsedTicks(ticks(), other.ticks(), device.timestampValidBits());
        return delta * device.timestampPeriodNanos() / 1e6;
    }

    /**
     * The ticks from {@code start} to {@code end} on a counter of {@code validBits} bits that may have
     * wrapped once between them.
     *
     * @param start the first timestamp
     * @param end the later timestamp
     * @param validBits the counter's valid low bits, 1 to 64
     * @return the ticks between them, {@code >= 0}
     */
    static long elapsedTicks(long start, long end, int validBits) {
        long mask = validBits >= 64 ? -1L : (1L << validBits) - 1;
        return (end - start) & mask;
    }

    /** Waits for its timestamp if recorded, then destroys the query pool. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        device.disown(this);
        if (serial != 0 && !device.isClosed()) {
            device.stream().waitFor(serial);
        }
        VkApi.vkDestroyQueryPool(device.handle(), pool, MemorySegment.NULL);
    }
}

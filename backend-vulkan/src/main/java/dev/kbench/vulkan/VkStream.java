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

import dev.kbench.vulkan.vk.VkApi;
import dev.kbench.vulkan.vk.VkCommandBufferAllocateInfo;
import dev.kbench.vulkan.vk.VkCommandBufferBeginInfo;
import dev.kbench.vulkan.vk.VkCommandPoolCreateInfo;
import dev.kbench.vulkan.vk.VkFenceCreateInfo;
import dev.kbench.vulkan.vk.VkMemoryBarrier;
import dev.kbench.vulkan.vk.VkSubmitInfo;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The device's one in-order work stream on its compute queue. Every operation (a dispatch, a fill, a
 * timestamp) is a command buffer of its own, submitted at once with a fence; each command buffer starts
 * with a full memory barrier (all commands, all memory writes before it, in submission order, complete
 * and are visible before its own commands start) and ends with one that makes its writes visible to the
 * host. So the queue runs the work in the order the host enqueued it, as kbench's stream contract needs,
 * and a timestamp written after the barrier marks the end of everything before it.
 *
 * <p>Command buffers and fences are reused once their work completed; at most {@link #MAX_PENDING}
 * submissions are in flight (the host waits for the oldest beyond that). Not thread-safe.
 */
final class VkStream implements AutoCloseable {

    /** The most submissions in flight; each may hold one descriptor set of its kernel's pool. */
    static final int MAX_PENDING = 256;

    private static final long FOREVER = -1L;

    private final MemorySegment device;
    private final MemorySegment queue;
    private final MemorySegment commandPool;
    private final ArrayDeque<Submission> pending = new ArrayDeque<>();
    private final ArrayDeque<Submission> idle = new ArrayDeque<>();
    private final List<Submission> all = new ArrayList<>();
    private long submitted;
    private long completed;
    private boolean closed;

    /** A command buffer with its fence; {@code serial} and {@code done} describe its current use. */
    private static final class Submission {
        final MemorySegment commandBuffer;
        final MemorySegment fence;
        long serial;
        Runnable done;

        Submission(MemorySegment commandBuffer, MemorySegment fence) {
            this.commandBuffer = commandBuffer;
            this.fence = fence;
        }
    }

    VkStream(MemorySegment device, MemorySegment queue, int queueFamily) {
        this.device = device;
        this.queue = queue;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment info = VkCommandPoolCreateInfo.allocate(arena);
            VkCommandPoolCreateInfo.sType(info, VkApi.VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO());
            VkCommandPoolCreateInfo.flags(info, VkApi.VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT());
            VkCommandPoolCreateInfo.queueFamilyIndex(info, queueFamily);
            MemorySegment pool = arena.allocate(ValueLayout.ADDRESS);
            Vk.check(VkApi.vkCreateCommandPool(device, info, MemorySegment.NULL, pool), "vkCreateCommandPool");
            this.commandPool = pool.get(ValueLayout.ADDRESS, 0);
        }
    }

    /**
     * Records {@code commands} into a command buffer between the stream's barriers and submits it.
     *
     * @param commands appends commands to the given {@code VkCommandBuffer}
     * @param done run on the host once the submission completed (e.g. to free its descriptor set), or null
     * @return the submission's serial number, for {@link #waitFor(long)}
     */
    long submit(Consumer<MemorySegment> commands, Runnable done) {
        if (closed) {
            throw new IllegalStateException("the vulkan device is closed");
        }
        reclaim();
        while (pending.size() >= MAX_PENDING) {
            complete(pending.peekFirst());
        }
        Submission s = idle.isEmpty() ? create() : idle.pollFirst();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment cmd = s.commandBuffer;
            MemorySegment begin = VkCommandBufferBeginInfo.allocate(arena);
            VkCommandBufferBeginInfo.sType(begin, VkApi.VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO());
            VkCommandBufferBeginInfo.flags(begin, VkApi.VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT());
            Vk.check(VkApi.vkBeginCommandBuffer(cmd, begin), "vkBeginCommandBuffer");
            barrier(arena, cmd, VkApi.VK_PIPELINE_STAGE_ALL_COMMANDS_BIT(),
                    VkApi.VK_ACCESS_MEMORY_READ_BIT() | VkApi.VK_ACCESS_MEMORY_WRITE_BIT());
            commands.accept(cmd);
            barrier(arena, cmd, VkApi.VK_PIPELINE_STAGE_HOST_BIT(), VkApi.VK_ACCESS_HOST_READ_BIT());
            Vk.check(VkApi.vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
            MemorySegment buffers = arena.allocate(ValueLayout.ADDRESS);
            buffers.set(ValueLayout.ADDRESS, 0, cmd);
            MemorySegment submit = VkSubmitInfo.allocate(arena);
            VkSubmitInfo.sType(submit, VkApi.VK_STRUCTURE_TYPE_SUBMIT_INFO());
            VkSubmitInfo.commandBufferCount(submit, 1);
            VkSubmitInfo.pCommandBuffers(submit, buffers);
            Vk.check(VkApi.vkQueueSubmit(queue, 1, submit, s.fence), "vkQueueSubmit");
        } catch (RuntimeException e) {
            VkApi.vkResetCommandBuffer(s.commandBuffer, 0);
            idle.addLast(s);
            throw e;
        }
        s.serial = ++submitted;
        s.done = done;
        pending.addLast(s);
        return s.serial;
    }

    /**
     * Blocks until the submission with this serial number (and everything before it) completed.
     *
     * @param serial a serial number {@link #submit} returned
     */
    void waitFor(long serial) {
        while (completed < serial && !pending.isEmpty()) {
            complete(pending.peekFirst());
        }
    }

    /**
     * Whether the submission with this serial number completed, without blocking.
     *
     * @param serial a serial number {@link #submit} returned
     * @return true once it completed
     */
    boolean isComplete(long serial) {
        reclaim();
        return completed >= serial;
    }

    /** Blocks until everything submitted completed. */
    void synchronize() {
        waitFor(submitted);
    }

    /** Takes back the submissions that completed, oldest first, without blocking. */
    private void reclaim() {
        while (!pending.isEmpty() && VkApi.vkGetFenceStatus(device, pending.peekFirst().fence) != VkApi.VK_NOT_READY()) {
            complete(pending.peekFirst());
        }
    }

    /** Waits for the oldest submission, resets its fence, runs its completion and makes it idle. */
    private void complete(Submission s) {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment fences = arena.allocate(ValueLayout.ADDRESS);
            fences.set(ValueLayout.ADDRESS, 0, s.fence);
            Vk.check(VkApi.vkWaitForFences(device, 1, fences, 1, FOREVER), "vkWaitForFences");
            Vk.check(VkApi.vkResetFences(device, 1, fences), "vkResetFences");
        }
        pending.pollFirst();
        completed = s.serial;
        Runnable done = s.done;
        s.done = null;
        idle.addLast(s);
        if (done != null) {
            done.run();
        }
    }

    private Submission create() {
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment info = VkCommandBufferAllocateInfo.allocate(arena);
            VkCommandBufferAllocateInfo.sType(info, VkApi.VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO());
            VkCommandBufferAllocateInfo.commandPool(info, commandPool);
            VkCommandBufferAllocateInfo.level(info, VkApi.VK_COMMAND_BUFFER_LEVEL_PRIMARY());
            VkCommandBufferAllocateInfo.commandBufferCount(info, 1);
            MemorySegment cmd = arena.allocate(ValueLayout.ADDRESS);
            Vk.check(VkApi.vkAllocateCommandBuffers(device, info, cmd), "vkAllocateCommandBuffers");
            MemorySegment fenceInfo = VkFenceCreateInfo.allocate(arena);
            VkFenceCreateInfo.sType(fenceInfo, VkApi.VK_STRUCTURE_TYPE_FENCE_CREATE_INFO());
            MemorySegment fence = arena.allocate(ValueLayout.ADDRESS);
            Vk.check(VkApi.vkCreateFence(device, fenceInfo, MemorySegment.NULL, fence), "vkCreateFence");
            Submission s = new Submission(cmd.get(ValueLayout.ADDRESS, 0), fence.get(ValueLayout.ADDRESS, 0));
            all.add(s);
            return s;
        }
    }

    private static void barrier(Arena arena, MemorySegment cmd, int dstStage, int dstAccess) {
        MemorySegment barrier = VkMemoryBarrier.allocate(arena);
        VkMemoryBarrier.sType(barrier, VkApi.VK_STRUCTURE_TYPE_MEMORY_BARRIER());
        VkMemoryBarrier.srcAccessMask(barrier, VkApi.VK_ACCESS_MEMORY_WRITE_BIT());
        VkMemoryBarrier.dstAccessMask(barrier, dstAccess);
        VkApi.vkCmdPipelineBarrier(cmd, VkApi.VK_PIPELINE_STAGE_ALL_COMMANDS_BIT(), dstStage, 0, 1, barrier, 0,
                MemorySegment.NULL, 0, MemorySegment.NULL);
    }

    /** Waits for the queue, then frees the fences and the command pool with its buffers. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        try {
            synchronize();
        } finally {
            closed = true;
            for (Submission s : all) {
                VkApi.vkDestroyFence(device, s.fence, MemorySegment.NULL);
            }
            all.clear();
            pending.clear();
            idle.clear();
            VkApi.vkDestroyCommandPool(device, commandPool, MemorySegment.NULL);
        }
    }
}

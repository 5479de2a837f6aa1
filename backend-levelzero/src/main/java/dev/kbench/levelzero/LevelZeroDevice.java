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

import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.DeviceFacts;
import dev.kbench.api.KernelException;
import dev.kbench.api.KernelModule;
import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;
import dev.kbench.levelzero.ze.ZeApi;
import dev.kbench.levelzero.ze.ze_command_queue_desc_t;
import dev.kbench.levelzero.ze.ze_context_desc_t;
import dev.kbench.levelzero.ze.ze_device_properties_t;
import dev.kbench.levelzero.ze.ze_event_desc_t;
import dev.kbench.levelzero.ze.ze_event_pool_desc_t;
import dev.kbench.spi.CacheClearer;
import dev.kbench.spi.DeviceInterface;
import dev.kbench.spi.Event;
import dev.kbench.spi.kit.BufferChecks;
import dev.kbench.spi.kit.OpenableDevice;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The levelzero backend's device: one context and one immediate command list (asynchronous mode,
 * on the first command queue group that supports compute) as the in-order work stream.
 *
 * <p>In order: Level Zero 1.4 only promises that a barrier waits for everything before it and holds
 * back everything after it, so every command this class appends (kernel launch, fill, copy, timestamp)
 * is preceded by {@code zeCommandListAppendBarrier}. Each command therefore starts after the previous
 * one has completed, like a CUDA stream.
 *
 * <p>Timing: an {@link Event} is a barrier then {@code zeCommandListAppendWriteGlobalTimestamp} into an
 * 8-byte slot of host memory ({@code zeMemAllocHost}); elapsed time is the difference of two such
 * timestamps, converted with the device's {@link DeviceClock}. The interval between two events thus
 * holds the timed work plus the barrier in front of each command, as a CUDA event pair holds the
 * stream's own overhead. Kernel-timestamp events are not used: the spec leaves the duration of an event
 * signalled by {@code zeCommandListAppendSignalEvent} undefined.
 *
 * <p>Synchronisation: {@code zeCommandListHostSynchronize} where the loader and driver have it (API
 * 1.6), else a barrier that signals a host-visible event, {@code zeEventHostSynchronize}, then
 * {@code zeEventHostReset}.
 *
 * <p>Native memory: descriptors and out-parameters live in confined arenas closed by the call that
 * made them; the device's own state lives in one shared arena closed by {@link #close()}. Device and
 * host allocations are freed by their owners' {@code close()} and, at the latest, by the device's.
 *
 * <p>Not thread-safe, as {@link DeviceInterface} says.
 */
final class LevelZeroDevice implements OpenableDevice {

    /** What a timestamp slot holds until the device writes it. */
    static final long UNWRITTEN = -1L;
    /** The largest host staging buffer used by {@link #write} and {@link #read}; larger copies go in chunks. */
    static final long STAGING_LIMIT_BYTES = ZeMemory.STAGING_LIMIT_BYTES;

    private final Arena arena;
    private final MemorySegment driver;
    private final MemorySegment device;
    private final MemorySegment context;
    private final MemorySegment commandList;
    private final MemorySegment eventPool;
    private final MemorySegment syncEvent;
    private final DeviceClock clock;
    private final DeviceFacts facts;
    private final ZeStream stream;
    private final ZeMemory memory;
    private final TimestampSlots slots;
    private final Set<AutoCloseable> owned = new LinkedHashSet<>();
    private boolean closing;
    private boolean closed;

    private LevelZeroDevice(Arena arena, ZeProbe.Target target, MemorySegment context, MemorySegment commandList,
                            MemorySegment eventPool, MemorySegment syncEvent, DeviceClock clock, DeviceFacts facts,
                            Function<Arena, SymbolLookup> optionalFunctions) {
        this.arena = arena;
        this.driver = target.driver();
        this.device = target.device();
        this.context = context;
        this.commandList = commandList;
        this.eventPool = eventPool;
        this.syncEvent = syncEvent;
        this.clock = clock;
        this.facts = facts;
        this.stream = new ZeStream(arena, commandList, syncEvent, optionalFunctions);
        this.memory = new ZeMemory(context, device);
        this.slots = new TimestampSlots(this);
    }

    /**
     * Opens the device discovery chose: reads its properties, creates the context, the command list and
     * the synchronisation event.
     *
     * @param target the driver and device
     * @param optionalFunctions where functions newer than API 1.4 are looked up, given an arena that
     *     bounds the lookup's lifetime
     * @return the open device
     * @throws IllegalStateException naming the failed call
     */
    static LevelZeroDevice open(ZeProbe.Target target, Function<Arena, SymbolLookup> optionalFunctions) {
        Arena arena = Arena.ofShared();
        Deque<Runnable> undo = new ArrayDeque<>();
        undo.push(arena::close);
        try (Arena call = Arena.ofConfined()) {
            Map<String, String> extra = new LinkedHashMap<>();
            MemorySegment props = ze_device_properties_t.allocate(call);
            DeviceClock clock = ZeDeviceProperties.readProperties(target, props, extra);
            int ordinal = ZeDeviceProperties.computeOrdinal(target.device(), call);
            extra.put("commandQueueGroupOrdinal", Integer.toString(ordinal));

            MemorySegment slot = Ze.handleSlot(call);
            MemorySegment contextDesc = ze_context_desc_t.allocate(call);
            ze_context_desc_t.stype(contextDesc, ZeApi.ZE_STRUCTURE_TYPE_CONTEXT_DESC());
            Ze.check(ZeApi.zeContextCreate(target.driver(), contextDesc, slot), "zeContextCreate");
            MemorySegment context = Ze.handle(slot);
            undo.push(() -> ZeApi.zeContextDestroy(context));

            MemorySegment queueDesc = ze_command_queue_desc_t.allocate(call);
            ze_command_queue_desc_t.stype(queueDesc, ZeApi.ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC());
            ze_command_queue_desc_t.ordinal(queueDesc, ordinal);
            ze_command_queue_desc_t.index(queueDesc, 0);
            ze_command_queue_desc_t.mode(queueDesc, ZeApi.ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS());
            ze_command_queue_desc_t.priority(queueDesc, ZeApi.ZE_COMMAND_QUEUE_PRIORITY_NORMAL());
            Ze.check(ZeApi.zeCommandListCreateImmediate(context, target.device(), queueDesc, slot),
                    "zeCommandListCreateImmediate");
            MemorySegment commandList = Ze.handle(slot);
            undo.push(() -> ZeApi.zeCommandListDestroy(commandList));

            MemorySegment poolDesc = ze_event_pool_desc_t.allocate(call);
            ze_event_pool_desc_t.stype(poolDesc, ZeApi.ZE_STRUCTURE_TYPE_EVENT_POOL_DESC());
            ze_event_pool_desc_t.flags(poolDesc, ZeApi.ZE_EVENT_POOL_FLAG_HOST_VISIBLE());
            ze_event_pool_desc_t.count(poolDesc, 1);
            MemorySegment devices = call.allocate(ValueLayout.ADDRESS);
            devices.set(ValueLayout.ADDRESS, 0, target.device());
            Ze.check(ZeApi.zeEventPoolCreate(context, poolDesc, 1, devices, slot), "zeEventPoolCreate");
            MemorySegment pool = Ze.handle(slot);
            undo.push(() -> ZeApi.zeEventPoolDestroy(pool));

            MemorySegment eventDesc = ze_event_desc_t.allocate(call);
            ze_event_desc_t.stype(eventDesc, ZeApi.ZE_STRUCTURE_TYPE_EVENT_DESC());
            ze_event_desc_t.index(eventDesc, 0);
            ze_event_desc_t.signal(eventDesc, ZeApi.ZE_EVENT_SCOPE_FLAG_HOST());
            ze_event_desc_t.wait(eventDesc, ZeApi.ZE_EVENT_SCOPE_FLAG_HOST());
            Ze.check(ZeApi.zeEventCreate(pool, eventDesc, slot), "zeEventCreate");
            MemorySegment event = Ze.handle(slot);
            undo.push(() -> ZeApi.zeEventDestroy(event));

            extra.put("eventTiming", "barrier + zeCommandListAppendWriteGlobalTimestamp into host memory");
            DeviceFacts facts = ZeDeviceProperties.readFacts(target, props, call, extra);
            return new LevelZeroDevice(arena, target, context, commandList, pool, event, clock, facts,
                    optionalFunctions);
        } catch (RuntimeException e) {
            while (!undo.isEmpty()) {
                undo.pop().run();
            }
            throw e;
        }
    }

    // ------------------------------------------------------------------------------------------
    // DeviceInterface

    @Override
    public void synchronize() {
        ensureOpen();
        stream.synchronize();
    }

    @Override
    public Event createEvent() {
        ensureOpen();
        TimestampEvent event = new TimestampEvent(this, slots.acquire());
        owned.add(event);
        return event;
    }

    @Override
    public DeviceFacts facts() {
        return facts;
    }

    @Override
    public Set<SourceKind> acceptedSources() {
        return Set.of(SourceKind.SPIRV);
    }

    @Override
    public KernelModule loadModule(KernelSource source) {
        ensureOpen();
        if (!source.kind().equals(SourceKind.SPIRV)) {
            throw new KernelException("the levelzero backend accepts SPIR-V modules only; '" + source.name()
                    + "' is " + source.kind() + " (compile OpenCL C to SPIR-V, e.g. with clang -target spir64 and"
                    + " llvm-spirv)");
        }
        ZeModule module = ZeModule.build(this, context, device, source);
        owned.add(module);
        return module;
    }

    @Override
    public DeviceBuffer allocate(long bytes) {
        BufferChecks.requireAllocation(bytes);
        ensureOpen();
        ZeBuffer buffer = new ZeBuffer(this, allocateDevice(bytes), bytes);
        owned.add(buffer);
        return buffer;
    }

    @Override
    public void write(MemorySegment source, DeviceBuffer target) {
        ZeBuffer buffer = own(target, "target");
        BufferChecks.requireWritable(source, buffer);
        long size = source.byteSize();
        for (long offset = 0; offset < size; offset += STAGING_LIMIT_BYTES) {
            long chunk = Math.min(STAGING_LIMIT_BYTES, size - offset);
            MemorySegment host = memory.staging(chunk);
            MemorySegment.copy(source, offset, host, 0, chunk);
            stream.appendCopy(buffer.address(offset), host, chunk);
            synchronize();
        }
    }

    @Override
    public void read(DeviceBuffer source, MemorySegment target) {
        ZeBuffer buffer = own(source, "source");
        BufferChecks.requireReadable(buffer, target);
        long size = target.byteSize();
        for (long offset = 0; offset < size; offset += STAGING_LIMIT_BYTES) {
            long chunk = Math.min(STAGING_LIMIT_BYTES, size - offset);
            MemorySegment host = memory.staging(chunk);
            stream.appendCopy(host, buffer.address(offset), chunk);
            synchronize();
            MemorySegment.copy(host, 0, target, offset, chunk);
        }
    }

    @Override
    public void fill(DeviceBuffer target, int pattern) {
        ZeBuffer buffer = own(target, "target");
        BufferChecks.requireFillable(buffer);
        try (Arena call = Arena.ofConfined()) {
            // Read by the driver while appending (as Intel's runtime does), so it may be freed right after.
            MemorySegment value = call.allocateFrom(ValueLayout.JAVA_INT, pattern);
            stream.appendFill(buffer.address(0), value, Integer.BYTES, buffer.bytes());
        }
    }

    /**
     * Handles for users who append their own work: {@link LevelZeroHandles} gives the driver, device,
     * context and command list; {@link MemorySegment} gives the immediate command list.
     *
     * @param type {@code LevelZeroHandles.class} or {@code MemorySegment.class}
     * @param <T> the handle's type
     * @return the handle
     * @throws UnsupportedOperationException for other types
     */
    @Override
    public <T> T unwrap(Class<T> type) {
        ensureOpen();
        if (type == LevelZeroHandles.class) {
            return type.cast(new LevelZeroHandles(driver, device, context, commandList));
        }
        if (type == MemorySegment.class) {
            return type.cast(commandList);
        }
        throw new UnsupportedOperationException("the levelzero backend has no native handle of type "
                + type.getName() + "; use LevelZeroHandles or MemorySegment (the command list)");
    }

    // ------------------------------------------------------------------------------------------
    // For the backend's other classes

    /**
     * A cache clearer: a device buffer zeroed by {@code zeCommandListAppendMemoryFill} on each clear.
     *
     * @param bytes its size, at least 1
     * @return the clearer
     */
    @Override
    public CacheClearer newCacheClearer(long bytes) {
        BufferChecks.requireCacheClearBytes(bytes);
        return new ZeCacheClearer((ZeBuffer) allocate(bytes));
    }

    /** Appends the zeroing of {@code bytes} at {@code address}: a barrier, then a 1-byte-pattern fill. */
    void appendZero(MemorySegment address, long bytes) {
        ensureOpen();
        stream.appendZero(address, bytes);
    }

    /**
     * Appends a barrier then a timestamp write into {@code slot}, after marking the slot unwritten.
     *
     * @param slot 8 bytes of host memory
     * @return the position of the timestamp in the stream, for {@link #awaitCompleted(long)}
     */
    long appendTimestamp(MemorySegment slot) {
        ensureOpen();
        return stream.appendTimestamp(slot);
    }

    /**
     * Appends a barrier then a kernel launch.
     *
     * @param kernel the {@code ze_kernel_handle_t}, arguments and group size set
     * @param groupCount a {@code ze_group_count_t}
     * @return the {@code ze_result_t} of the launch
     */
    int appendLaunch(MemorySegment kernel, MemorySegment groupCount) {
        ensureOpen();
        return stream.appendLaunch(kernel, groupCount);
    }

    /**
     * Waits, if needed, until the stream has completed up to a position.
     *
     * @param position a value returned by {@link #appendTimestamp(MemorySegment)}
     */
    void awaitCompleted(long position) {
        if (!stream.completedUpTo(position)) {
            synchronize();
        }
    }

    /** Synchronises if anything appended may still be running (before freeing what it may use). */
    void awaitIdle() {
        if (!closed && !closing && !stream.idle()) {
            synchronize();
        }
    }

    DeviceClock clock() {
        return clock;
    }

    TimestampSlots slots() {
        return slots;
    }

    /**
     * Whether synchronisation uses {@code zeCommandListHostSynchronize}; false until the first synchronise.
     *
     * @return true if the optional function is in use
     */
    boolean usesHostSynchronize() {
        return stream.usesHostSynchronize();
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    /** Forgets a resource that closed itself. */
    void release(AutoCloseable resource) {
        owned.remove(resource);
    }

    /**
     * This device's open buffer behind an API buffer.
     *
     * @param buffer a buffer from {@link #allocate(long)}
     * @param role what the buffer is to the call, for messages
     * @return it, as this backend's type
     * @throws IllegalArgumentException if it comes from another device or backend, or is closed
     */
    ZeBuffer own(DeviceBuffer buffer, String role) {
        ensureOpen();
        return BufferChecks.own(buffer, ZeBuffer.class, this, "levelzero", role);
    }

    MemorySegment allocateDevice(long bytes) {
        return memory.allocateDevice(bytes);
    }

    /**
     * Host memory the device can access ({@code zeMemAllocHost}), as a segment of that size.
     *
     * @param bytes the size
     * @return the memory; free it with {@link #freeMemory(MemorySegment)}
     */
    MemorySegment allocateHost(long bytes) {
        return memory.allocateHost(bytes);
    }

    void freeMemory(MemorySegment pointer) {
        memory.free(pointer);
    }

    private void ensureOpen() {
        if (closed || closing) {
            throw new IllegalStateException("the levelzero device was closed; get a new one from the driver");
        }
    }

    /**
     * Waits for the stream, then releases every buffer, module, event and clearer made through this
     * device, then the device's own objects and memory. Idempotent.
     *
     * @throws IllegalStateException if a release failed (everything else is still released)
     */
    @Override
    public void close() {
        if (closed || closing) {
            return;
        }
        List<RuntimeException> failures = new ArrayList<>();
        try {
            synchronize();
        } catch (RuntimeException e) {
            failures.add(e);
        }
        closing = true;
        List<AutoCloseable> resources = new ArrayList<>(owned);
        Collections.reverse(resources);
        for (AutoCloseable resource : resources) {
            run(failures, () -> {
                try {
                    resource.close();
                } catch (RuntimeException e) {
                    throw e;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
        }
        owned.clear();
        run(failures, slots::close);
        run(failures, memory::freeStaging);
        run(failures, () -> Ze.check(ZeApi.zeEventDestroy(syncEvent), "zeEventDestroy"));
        run(failures, () -> Ze.check(ZeApi.zeEventPoolDestroy(eventPool), "zeEventPoolDestroy"));
        run(failures, () -> Ze.check(ZeApi.zeCommandListDestroy(commandList), "zeCommandListDestroy"));
        run(failures, () -> Ze.check(ZeApi.zeContextDestroy(context), "zeContextDestroy"));
        closed = true;
        arena.close();
        if (!failures.isEmpty()) {
            IllegalStateException e = new IllegalStateException("closing the levelzero device: "
                    + failures.getFirst().getMessage(), failures.getFirst());
            failures.stream().skip(1).forEach(e::addSuppressed);
            throw e;
        }
    }

    private static void run(List<RuntimeException> failures, Runnable action) {
        try {
            action.run();
        } catch (RuntimeException e) {
            failures.add(e);
        }
    }

    @Override
    public String toString() {
        return "levelzero device " + facts.name();
    }
}

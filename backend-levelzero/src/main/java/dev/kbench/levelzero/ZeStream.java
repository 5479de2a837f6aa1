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
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.util.function.Function;

/**
 * The in-order work stream of a {@link LevelZeroDevice}: its immediate command list, where every command
 * is preceded by {@code zeCommandListAppendBarrier} (Level Zero 1.4 only promises that a barrier waits for
 * everything before it), and the host's waiting for it. Counts what was appended and what is known to
 * have completed, so that waits happen only when needed. Not thread-safe; the device checks that it is
 * open before calling.
 */
final class ZeStream {

    private final Arena arena;
    private final MemorySegment commandList;
    private final MemorySegment syncEvent;
    private final MemorySegment zeroByte;
    private final Function<Arena, SymbolLookup> optionalFunctions;
    private HostSynchronize hostSynchronize;
    private long appended;
    private long completed;

    /**
     * @param arena the device's arena, bounding the optional functions' lookup
     * @param commandList the immediate command list
     * @param syncEvent a host-visible event for the synchronisation fallback
     * @param optionalFunctions where functions newer than API 1.4 are looked up
     */
    ZeStream(Arena arena, MemorySegment commandList, MemorySegment syncEvent,
             Function<Arena, SymbolLookup> optionalFunctions) {
        this.arena = arena;
        this.commandList = commandList;
        this.syncEvent = syncEvent;
        this.optionalFunctions = optionalFunctions;
        this.zeroByte = arena.allocate(1);
    }

    /**
     * Waits for everything appended: {@code zeCommandListHostSynchronize} where the loader and driver have
     * it (API 1.6), else a barrier that signals the host-visible event, {@code zeEventHostSynchronize},
     * then {@code zeEventHostReset}.
     */
    void synchronize() {
        long target = appended;
        if (hostSynchronize == null) {
            hostSynchronize = HostSynchronize.resolve(optionalFunctions.apply(arena));
        }
        if (hostSynchronize.available() && hostSynchronize.waitFor(commandList)) {
            completed = target;
            return;
        }
        Ze.check(ZeApi.zeCommandListAppendBarrier(commandList, syncEvent, 0, MemorySegment.NULL),
                "zeCommandListAppendBarrier (signalling the synchronisation event)");
        appended++;
        Ze.check(ZeApi.zeEventHostSynchronize(syncEvent, Ze.WAIT_FOREVER), "zeEventHostSynchronize");
        Ze.check(ZeApi.zeEventHostReset(syncEvent), "zeEventHostReset");
        completed = appended;
    }

    /**
     * Whether everything up to a position is known to have completed.
     *
     * @param position a value returned by {@link #appendTimestamp(MemorySegment)}
     * @return true if no wait is needed
     */
    boolean completedUpTo(long position) {
        return completed >= position;
    }

    /**
     * Whether nothing appended may still be running.
     *
     * @return true if everything appended has completed
     */
    boolean idle() {
        return completed >= appended;
    }

    /**
     * Whether synchronisation uses {@code zeCommandListHostSynchronize}; false until the first synchronise.
     *
     * @return true if the optional function is in use
     */
    boolean usesHostSynchronize() {
        return hostSynchronize != null && hostSynchronize.available();
    }

    /**
     * Appends a barrier then a timestamp write into {@code slot}, after marking the slot unwritten.
     *
     * @param slot 8 bytes of host memory
     * @return the position of the timestamp in the stream
     */
    long appendTimestamp(MemorySegment slot) {
        slot.set(ValueLayout.JAVA_LONG, 0, LevelZeroDevice.UNWRITTEN);
        appendBarrier();
        Ze.check(ZeApi.zeCommandListAppendWriteGlobalTimestamp(commandList, slot, MemorySegment.NULL, 0,
                MemorySegment.NULL), "zeCommandListAppendWriteGlobalTimestamp");
        return ++appended;
    }

    /**
     * Appends a barrier then a kernel launch.
     *
     * @param kernel the {@code ze_kernel_handle_t}, arguments and group size set
     * @param groupCount a {@code ze_group_count_t}
     * @return the {@code ze_result_t} of the launch
     */
    int appendLaunch(MemorySegment kernel, MemorySegment groupCount) {
        appendBarrier();
        int result = ZeApi.zeCommandListAppendLaunchKernel(commandList, kernel, groupCount, MemorySegment.NULL, 0,
                MemorySegment.NULL);
        if (result == ZeApi.ZE_RESULT_SUCCESS()) {
            appended++;
        }
        return result;
    }

    /** Appends the zeroing of {@code bytes} at {@code address}: a barrier, then a 1-byte-pattern fill. */
    void appendZero(MemorySegment address, long bytes) {
        appendFill(address, zeroByte, 1, bytes);
    }

    /** Appends a barrier then a fill of {@code bytes} at {@code address} with a pattern. */
    void appendFill(MemorySegment address, MemorySegment pattern, long patternSize, long bytes) {
        appendBarrier();
        Ze.check(ZeApi.zeCommandListAppendMemoryFill(commandList, address, pattern, patternSize, bytes,
                MemorySegment.NULL, 0, MemorySegment.NULL), "zeCommandListAppendMemoryFill(" + bytes + " bytes)");
        appended++;
    }

    /** Appends a barrier then a copy of {@code bytes}. */
    void appendCopy(MemorySegment destination, MemorySegment source, long bytes) {
        appendBarrier();
        Ze.check(ZeApi.zeCommandListAppendMemoryCopy(commandList, destination, source, bytes, MemorySegment.NULL, 0,
                MemorySegment.NULL), "zeCommandListAppendMemoryCopy(" + bytes + " bytes)");
        appended++;
    }

    private void appendBarrier() {
        Ze.check(ZeApi.zeCommandListAppendBarrier(commandList, MemorySegment.NULL, 0, MemorySegment.NULL),
                "zeCommandListAppendBarrier");
        appended++;
    }
}

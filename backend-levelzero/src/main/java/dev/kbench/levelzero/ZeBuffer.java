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

import dev.kbench.spi.kit.NativeBuffer;
import java.lang.foreign.MemorySegment;

/** Device memory from {@code zeMemAllocDevice}, freed by {@code zeMemFree} once the stream no longer uses it. */
final class ZeBuffer extends NativeBuffer<LevelZeroDevice> {

    private final MemorySegment pointer;

    ZeBuffer(LevelZeroDevice device, MemorySegment pointer, long bytes) {
        super("levelzero", device, bytes);
        this.pointer = pointer;
    }

    /**
     * The device address of a byte of this buffer.
     *
     * @param offset bytes from the start, at most {@link #bytes()}
     * @return a zero-length segment at that address
     */
    MemorySegment address(long offset) {
        return offset == 0 ? pointer : MemorySegment.ofAddress(pointer.address() + offset);
    }

    @Override
    protected void free() {
        device().release(this);
        if (!device().isClosed()) {
            device().awaitIdle();
            device().freeMemory(pointer);
        }
    }
}

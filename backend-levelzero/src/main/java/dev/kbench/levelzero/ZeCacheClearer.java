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

import dev.kbench.spi.kit.BufferCacheClearer;
import java.lang.foreign.MemorySegment;

/**
 * Triton's {@code clear_cache} on Level Zero: a device buffer zeroed by
 * {@code zeCommandListAppendMemoryFill} (after a barrier) on each {@link #clear()}.
 */
final class ZeCacheClearer extends BufferCacheClearer<ZeBuffer> {

    ZeCacheClearer(ZeBuffer buffer) {
        super(buffer);
    }

    @Override
    protected void overwrite(ZeBuffer buffer) {
        buffer.device().appendZero(buffer.address(0), buffer.bytes());
    }

    /**
     * The device address of the buffer it writes, for tests.
     *
     * @return a zero-length segment
     */
    MemorySegment pointer() {
        return buffer().address(0);
    }
}

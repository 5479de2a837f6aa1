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
package dev.kbench.spi.kit;

import dev.kbench.spi.CacheClearer;
import java.util.Objects;

/**
 * Triton's {@code clear_cache} as every backend does it: a device buffer it owns, overwritten on the
 * device's work stream by each {@link #clear()} with the backend's native fill; closing frees the
 * buffer. Not thread-safe.
 *
 * @param <B> the backend's buffer type
 */
public abstract class BufferCacheClearer<B extends NativeBuffer<?>> implements CacheClearer {

    private final B buffer;

    /**
     * A clearer that overwrites {@code buffer}.
     *
     * @param buffer the buffer, owned from now on
     */
    protected BufferCacheClearer(B buffer) {
        this.buffer = Objects.requireNonNull(buffer, "buffer");
    }

    /**
     * The buffer it overwrites.
     *
     * @return the buffer
     */
    public final B buffer() {
        return buffer;
    }

    @Override
    public final void clear() {
        if (buffer.isClosed()) {
            throw new IllegalStateException("the cache clearer of " + buffer.bytes() + " bytes is closed");
        }
        overwrite(buffer);
    }

    /**
     * Enqueues the overwrite of the whole buffer on the device's work stream (capturable into a graph).
     *
     * @param buffer the open buffer
     */
    protected abstract void overwrite(B buffer);

    @Override
    public final long bytes() {
        return buffer.bytes();
    }

    /** Frees the buffer; idempotent. */
    @Override
    public void close() {
        buffer.close();
    }
}

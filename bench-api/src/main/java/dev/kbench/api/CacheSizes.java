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
package dev.kbench.api;

/**
 * Sizes of the cache clear: the buffer written before every timed call so that a kernel finds none of
 * its data in the last-level cache ({@link BenchOptions#withCacheClearBytes(long)}, {@link SuiteOptions}).
 */
public final class CacheSizes {

    /** Triton's fixed flush size, the default: 256 MiB. */
    public static final long TRITON_BYTES = 256L << 20;

    /** The smallest device-sized flush: 1 MiB. */
    public static final long MIN_DEVICE_SIZED_BYTES = 1L << 20;

    private CacheSizes() {
    }

    /**
     * A flush sized to the device: {@code multiple} times its last-level cache, rounded up to 4 bytes and
     * to at least {@link #MIN_DEVICE_SIZED_BYTES}; Triton's 256 MiB when the cache size is unknown.
     *
     * @param facts the device
     * @param multiple how many times the cache size to write, at least 1
     * @return bytes
     */
    public static long deviceSized(DeviceFacts facts, int multiple) {
        if (multiple < 1) {
            throw new IllegalArgumentException("the cache multiple must be >= 1, got " + multiple);
        }
        if (facts.lastLevelCacheBytes().isEmpty()) {
            return TRITON_BYTES;
        }
        long bytes = Math.multiplyExact(facts.lastLevelCacheBytes().getAsLong(), multiple);
        return Math.max(MIN_DEVICE_SIZED_BYTES, (bytes + 3) & ~3L);
    }
}

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
package dev.kbench.spi;

/**
 * Flushes the device caches by writing a buffer on the work stream, as Triton's {@code clear_cache}:
 * after {@link #clear()} a kernel finds none of its data in the last-level cache.
 */
public interface CacheClearer extends AutoCloseable {

    /** Enqueues the write of the whole buffer on the device's work stream; returns at once. */
    void clear();

    /**
     * The size of the buffer written by each {@link #clear()}.
     *
     * @return bytes
     */
    long bytes();

    /** Frees the buffer. Idempotent. */
    @Override
    void close();
}

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
 * A buffer in device memory, created by {@link Device#allocate(long)}.
 * Closing it frees the device memory; a closed buffer must not be passed to a kernel.
 */
public interface DeviceBuffer extends AutoCloseable {

    /**
     * The buffer's size.
     *
     * @return bytes
     */
    long bytes();

    /** Frees the device memory. Idempotent. */
    @Override
    void close();
}

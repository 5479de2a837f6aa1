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

import dev.kbench.api.DeviceBuffer;
import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * The argument checks of {@link dev.kbench.spi.DeviceInterface#allocate}, {@code write}, {@code read},
 * {@code fill} and {@link dev.kbench.spi.Driver#cacheClearer}, with one wording for every backend. Each
 * throws {@link IllegalArgumentException} naming the value.
 */
public final class BufferChecks {

    private BufferChecks() {
    }

    /**
     * An allocation's size.
     *
     * @param bytes the size asked for
     */
    public static void requireAllocation(long bytes) {
        if (bytes < 1) {
            throw new IllegalArgumentException("a device buffer needs at least 1 byte, got " + bytes);
        }
    }

    /**
     * A cache clearer's size.
     *
     * @param bytes the size asked for
     */
    public static void requireCacheClearBytes(long bytes) {
        if (bytes < 1) {
            throw new IllegalArgumentException("a cache clearer needs at least 1 byte, got " + bytes);
        }
    }

    /**
     * That {@code source} fits into {@code target}.
     *
     * @param source the host memory to write
     * @param target the device buffer
     */
    public static void requireWritable(MemorySegment source, DeviceBuffer target) {
        Objects.requireNonNull(source, "source");
        if (source.byteSize() > target.bytes()) {
            throw new IllegalArgumentException("cannot write " + source.byteSize() + " bytes into a device buffer of "
                    + target.bytes() + " bytes");
        }
    }

    /**
     * That {@code target} can take {@code source}'s bytes: no larger than the buffer, and writable.
     *
     * @param source the device buffer
     * @param target the host memory to read into
     */
    public static void requireReadable(DeviceBuffer source, MemorySegment target) {
        Objects.requireNonNull(target, "target");
        if (target.byteSize() > source.bytes()) {
            throw new IllegalArgumentException("cannot read " + target.byteSize() + " bytes from a device buffer of "
                    + source.bytes() + " bytes");
        }
        if (target.isReadOnly()) {
            throw new IllegalArgumentException("cannot read a device buffer into a read-only memory segment");
        }
    }

    /**
     * That a 32-bit pattern fills the buffer exactly.
     *
     * @param target the device buffer
     */
    public static void requireFillable(DeviceBuffer target) {
        if (target.bytes() % Integer.BYTES != 0) {
            throw new IllegalArgumentException("fill writes a 32-bit pattern: the buffer's size must be a multiple of 4, got "
                    + target.bytes() + " bytes");
        }
    }

    /**
     * The buffer as one of {@code device}'s open buffers.
     *
     * @param buffer an API buffer
     * @param type the backend's buffer type
     * @param device the device that must have allocated it
     * @param backend the driver's name, for messages
     * @param role what the buffer is to the call ({@code source}, {@code target}, ...), for messages
     * @param <B> the backend's buffer type
     * @return the buffer, as the backend's type
     * @throws IllegalArgumentException if another device or backend allocated it, or it is closed
     */
    public static <B extends NativeBuffer<?>> B own(DeviceBuffer buffer, Class<B> type, Object device, String backend,
                                                  String role) {
        Objects.requireNonNull(buffer, role);
        if (!type.isInstance(buffer) || type.cast(buffer).device() != device) {
            throw new IllegalArgumentException("the " + role + " buffer was not allocated by this " + backend + " device: "
                    + buffer);
        }
        B own = type.cast(buffer);
        if (own.isClosed()) {
            throw new IllegalArgumentException("the " + role + " buffer is closed");
        }
        return own;
    }
}

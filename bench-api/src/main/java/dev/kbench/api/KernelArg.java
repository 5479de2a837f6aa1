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

import java.util.Objects;

/** One kernel argument, in the order of the kernel's parameters. */
public sealed interface KernelArg {

    /**
     * A device buffer (a pointer parameter).
     *
     * @param buffer the buffer
     */
    record Buffer(DeviceBuffer buffer) implements KernelArg {
        /** Validates the buffer. */
        public Buffer {
            Objects.requireNonNull(buffer, "buffer");
        }
    }

    /**
     * A 32-bit integer scalar.
     *
     * @param value the value
     */
    record I32(int value) implements KernelArg { }

    /**
     * A 64-bit integer scalar.
     *
     * @param value the value
     */
    record I64(long value) implements KernelArg { }

    /**
     * A 32-bit float scalar.
     *
     * @param value the value
     */
    record F32(float value) implements KernelArg { }

    /**
     * A 64-bit float scalar.
     *
     * @param value the value
     */
    record F64(double value) implements KernelArg { }

    /**
     * Work-group local (CUDA: dynamic shared) memory of a given size. On CUDA the sizes of all
     * {@code Local} arguments are summed into the launch's dynamic shared memory and no parameter is
     * passed.
     *
     * @param bytes the size, at least 1
     */
    record Local(long bytes) implements KernelArg {
        /** Validates the size. */
        public Local {
            if (bytes < 1) {
                throw new IllegalArgumentException("local memory size must be >= 1 byte, got " + bytes);
            }
        }
    }

    /**
     * A buffer argument.
     *
     * @param buffer the buffer
     * @return the argument
     */
    static KernelArg buffer(DeviceBuffer buffer) {
        return new Buffer(buffer);
    }

    /**
     * An {@code int} argument.
     *
     * @param value the value
     * @return the argument
     */
    static KernelArg i32(int value) {
        return new I32(value);
    }

    /**
     * A {@code long} argument.
     *
     * @param value the value
     * @return the argument
     */
    static KernelArg i64(long value) {
        return new I64(value);
    }

    /**
     * A {@code float} argument.
     *
     * @param value the value
     * @return the argument
     */
    static KernelArg f32(float value) {
        return new F32(value);
    }

    /**
     * A {@code double} argument.
     *
     * @param value the value
     * @return the argument
     */
    static KernelArg f64(double value) {
        return new F64(value);
    }

    /**
     * Local memory of a size.
     *
     * @param bytes the size
     * @return the argument
     */
    static KernelArg local(long bytes) {
        return new Local(bytes);
    }
}

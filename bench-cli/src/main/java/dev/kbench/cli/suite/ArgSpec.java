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
package dev.kbench.cli.suite;

import dev.kbench.api.KernelArg;
import dev.kbench.cli.UsageException;
import java.util.Locale;
import java.util.OptionalDouble;

/**
 * One {@code --arg} of a user kernel, parsed from text:
 * <ul>
 *   <li>{@code buf:TYPE:N[:fill=V|:fill=random]}: a device buffer of N elements of TYPE ({@code f32},
 *       {@code f64}, {@code i32}, {@code i64}, {@code u8}), filled with V (default 0) or with seeded
 *       random values (floats uniform in [0, 1), integers over their whole range);</li>
 *   <li>{@code i32:V}, {@code i64:V}, {@code f32:V}, {@code f64:V}: a scalar;</li>
 *   <li>{@code local:BYTES}: work-group local (CUDA dynamic shared) memory.</li>
 * </ul>
 * Counts and integers accept {@code 2^k}.
 */
public sealed interface ArgSpec {

    /** A buffer element type. */
    enum ElementType {
        /** 32-bit float. */
        F32(4),
        /** 64-bit float. */
        F64(8),
        /** 32-bit integer. */
        I32(4),
        /** 64-bit integer. */
        I64(8),
        /** Byte. */
        U8(1);

        final int bytes;

        ElementType(int bytes) {
            this.bytes = bytes;
        }
    }

    /**
     * A buffer argument.
     *
     * @param type the element type
     * @param count the number of elements, at least 1
     * @param fill the fill value, empty for seeded random values
     */
    record Buffer(ElementType type, long count, OptionalDouble fill) implements ArgSpec {
        /**
         * The buffer's size.
         *
         * @return bytes
         */
        public long bytes() {
            return Math.multiplyExact(count, type.bytes);
        }
    }

    /**
     * A scalar argument.
     *
     * @param value the argument
     */
    record Scalar(KernelArg value) implements ArgSpec { }

    /**
     * Local memory.
     *
     * @param bytes the size
     */
    record Local(long bytes) implements ArgSpec { }

    /**
     * Parses one {@code --arg}.
     *
     * @param text the argument's description
     * @return the parsed argument
     * @throws UsageException naming the text and what is wrong with it
     */
    static ArgSpec parse(String text) {
        String[] parts = text.trim().split(":", -1);
        String head = parts[0].toLowerCase(Locale.ROOT);
        try {
            return switch (head) {
                case "buf" -> parseBuffer(parts);
                case "local" -> {
                    expectParts(parts, 2);
                    yield new Local(positive(parseLong(parts[1]), "local memory bytes"));
                }
                case "i32" -> {
                    expectParts(parts, 2);
                    yield new Scalar(KernelArg.i32(Math.toIntExact(parseLong(parts[1]))));
                }
                case "i64" -> {
                    expectParts(parts, 2);
                    yield new Scalar(KernelArg.i64(parseLong(parts[1])));
                }
                case "f32" -> {
                    expectParts(parts, 2);
                    yield new Scalar(KernelArg.f32(Float.parseFloat(parts[1])));
                }
                case "f64" -> {
                    expectParts(parts, 2);
                    yield new Scalar(KernelArg.f64(Double.parseDouble(parts[1])));
                }
                default -> throw new IllegalArgumentException("unknown kind '" + parts[0]
                        + "'; use buf, i32, i64, f32, f64 or local");
            };
        } catch (ArithmeticException e) {
            throw new UsageException("--arg '" + text + "': the value does not fit in 32 bits; use i64", e);
        } catch (IllegalArgumentException e) {
            String why = e instanceof NumberFormatException ? "not a number (" + e.getMessage() + ")" : e.getMessage();
            throw new UsageException("--arg '" + text + "': " + why
                    + "; expected buf:TYPE:N[:fill=V], i32:V, i64:V, f32:V, f64:V or local:BYTES", e);
        }
    }

    private static ArgSpec parseBuffer(String[] parts) {
        if (parts.length < 3 || parts.length > 4) {
            throw new IllegalArgumentException("a buffer is buf:TYPE:N[:fill=V]");
        }
        ElementType type;
        try {
            type = ElementType.valueOf(parts[1].toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown element type '" + parts[1] + "'; use f32, f64, i32, i64 or u8", e);
        }
        long count = positive(parseLong(parts[2]), "the element count");
        OptionalDouble fill = OptionalDouble.of(0);
        if (parts.length == 4) {
            if (!parts[3].startsWith("fill=")) {
                throw new IllegalArgumentException("the fourth field must be fill=V or fill=random, got '" + parts[3] + "'");
            }
            String value = parts[3].substring("fill=".length());
            fill = value.equalsIgnoreCase("random") ? OptionalDouble.empty() : OptionalDouble.of(Double.parseDouble(value));
        }
        Buffer buffer = new Buffer(type, count, fill);
        try {
            buffer.bytes();
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(count + " elements of " + type.name().toLowerCase(Locale.ROOT)
                    + " are more than 2^63 bytes", e);
        }
        return buffer;
    }

    private static void expectParts(String[] parts, int count) {
        if (parts.length != count) {
            // i32, i64, f32, f64 are read "an eye..", "an eff..."
            throw new IllegalArgumentException((parts[0].equalsIgnoreCase("local") ? "a " : "an ") + parts[0]
                    + " argument has " + count + " fields");
        }
    }

    private static long positive(long value, String what) {
        if (value < 1) {
            throw new IllegalArgumentException(what + " must be >= 1, got " + value);
        }
        return value;
    }

    /**
     * An integer, or {@code 2^k}.
     *
     * @param text the number as written
     * @return its value
     */
    static long parseLong(String text) {
        String t = text.trim();
        if (t.startsWith("2^")) {
            int exponent = Integer.parseInt(t.substring(2));
            if (exponent < 0 || exponent > 62) {
                throw new IllegalArgumentException("2^" + exponent + " is out of range (0..62)");
            }
            return 1L << exponent;
        }
        return Long.parseLong(t);
    }
}

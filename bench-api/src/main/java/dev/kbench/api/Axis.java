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

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One parameter axis of a {@link Benchmark}: a name and the values it takes. A suite runs the
 * cartesian product of a benchmark's axes.
 *
 * @param name the parameter's name, e.g. {@code n}
 * @param kind the values' type
 * @param values the values, each an {@link Integer}/{@link Long} (INT, POWER_OF_TWO), {@link Double}
 *     (FLOAT) or {@link String} (STRING)
 */
public record Axis(String name, Kind kind, List<Object> values) {

    /** The type of an axis's values. */
    public enum Kind {
        /** Integers. */
        INT,
        /** Powers of two, written as {@code 2^k} in overrides. */
        POWER_OF_TWO,
        /** Floating-point numbers. */
        FLOAT,
        /** Strings. */
        STRING
    }

    /** Validates the axis. */
    public Axis {
        Objects.requireNonNull(name, "name");
        if (!name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
            throw new IllegalArgumentException("axis name '" + name + "' must be an identifier ([A-Za-z_][A-Za-z0-9_]*)");
        }
        Objects.requireNonNull(kind, "kind");
        values = List.copyOf(values);
        if (values.isEmpty()) {
            throw new IllegalArgumentException("axis '" + name + "' has no values");
        }
    }

    /**
     * An integer axis.
     *
     * @param name the parameter name
     * @param values the values
     * @return the axis
     */
    public static Axis ints(String name, long... values) {
        return new Axis(name, Kind.INT, Arrays.stream(values).boxed().map(Object.class::cast).toList());
    }

    /**
     * The powers of two {@code 2^minExponent .. 2^maxExponent}, inclusive.
     *
     * @param name the parameter name
     * @param minExponent the smallest exponent, {@code >= 0}
     * @param maxExponent the largest exponent, {@code <= 62}
     * @return the axis
     */
    public static Axis powersOfTwo(String name, int minExponent, int maxExponent) {
        if (minExponent < 0 || maxExponent > 62 || minExponent > maxExponent) {
            throw new IllegalArgumentException("powers of two need 0 <= min <= max <= 62, got 2^" + minExponent
                    + "..2^" + maxExponent);
        }
        List<Object> values = new ArrayList<>();
        for (int e = minExponent; e <= maxExponent; e++) {
            values.add(1L << e);
        }
        return new Axis(name, Kind.POWER_OF_TWO, values);
    }

    /**
     * A floating-point axis.
     *
     * @param name the parameter name
     * @param values the values
     * @return the axis
     */
    public static Axis floats(String name, double... values) {
        return new Axis(name, Kind.FLOAT, Arrays.stream(values).boxed().map(Object.class::cast).toList());
    }

    /**
     * A string axis.
     *
     * @param name the parameter name
     * @param values the values
     * @return the axis
     */
    public static Axis strings(String name, String... values) {
        return new Axis(name, Kind.STRING, List.of((Object[]) values));
    }

    /**
     * This axis with values parsed from an override such as {@code 2^20,2^24} or {@code 128,256}.
     *
     * @param text comma-separated values; {@code 2^k} is accepted for INT and POWER_OF_TWO axes
     * @return a new axis of the same name and kind
     * @throws IllegalArgumentException naming the axis and the value that does not parse
     */
    public Axis withValues(String text) {
        List<Object> parsed = new ArrayList<>();
        for (String raw : text.split(",")) {
            String value = raw.trim();
            try {
                parsed.add(switch (kind) {
                    case INT, POWER_OF_TWO -> parseInteger(value);
                    case FLOAT -> Double.parseDouble(value);
                    case STRING -> value;
                });
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("value '" + value + "' for parameter '" + name + "' is not "
                        + (kind == Kind.FLOAT ? "a number" : "an integer or 2^k"), e);
            }
        }
        return new Axis(name, kind, parsed);
    }

    private long parseInteger(String value) {
        long parsed;
        if (value.startsWith("2^")) {
            int exponent = Integer.parseInt(value.substring(2));
            if (exponent < 0 || exponent > 62) {
                throw new IllegalArgumentException("exponent out of range");
            }
            parsed = 1L << exponent;
        } else {
            parsed = Long.parseLong(value);
        }
        if (kind == Kind.POWER_OF_TWO && Long.bitCount(parsed) != 1) {
            throw new IllegalArgumentException("not a power of two");
        }
        return parsed;
    }

    /**
     * How a value is written in {@code params}: integers in decimal, floats by {@link Double#toString}.
     *
     * @param value one of {@link #values()}
     * @return the text
     */
    static String format(Object value) {
        return value instanceof Double d ? Double.toString(d) : String.valueOf(value);
    }
}

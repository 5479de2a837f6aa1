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

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One combination of parameter values, in the order the benchmark declared its axes. Written as
 * {@code k=v} pairs joined by {@code ;} (the samples CSV's {@code params} column).
 */
public final class Params {

    private static final Params NONE = new Params(Map.of());

    private final Map<String, Object> values;

    private Params(Map<String, Object> values) {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /**
     * No parameters.
     *
     * @return the empty combination
     */
    public static Params none() {
        return NONE;
    }

    /**
     * A combination from name-value pairs in a stable (insertion) order.
     *
     * @param values the values
     * @return the combination
     */
    public static Params of(Map<String, Object> values) {
        return new Params(values);
    }

    /**
     * An integer parameter.
     *
     * @param name the parameter
     * @return its value
     * @throws IllegalArgumentException if there is no such integer parameter
     */
    public long getLong(String name) {
        if (get(name) instanceof Number n && !(n instanceof Double)) {
            return n.longValue();
        }
        throw new IllegalArgumentException("parameter '" + name + "' is not an integer in " + this);
    }

    /**
     * An integer parameter that fits in an {@code int}.
     *
     * @param name the parameter
     * @return its value
     */
    public int getInt(String name) {
        return Math.toIntExact(getLong(name));
    }

    /**
     * A numeric parameter.
     *
     * @param name the parameter
     * @return its value
     */
    public double getDouble(String name) {
        if (get(name) instanceof Number n) {
            return n.doubleValue();
        }
        throw new IllegalArgumentException("parameter '" + name + "' is not a number in " + this);
    }

    /**
     * A parameter as text.
     *
     * @param name the parameter
     * @return its value as written in {@code params}
     */
    public String getString(String name) {
        return Axis.format(get(name));
    }

    private Object get(String name) {
        Object value = values.get(name);
        if (value == null) {
            throw new IllegalArgumentException("no parameter '" + name + "' in '" + this + "'");
        }
        return value;
    }

    /**
     * The values by name, in axis order.
     *
     * @return an unmodifiable map
     */
    public Map<String, Object> asMap() {
        return values;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Params that && toString().equals(that.toString());
    }

    @Override
    public int hashCode() {
        return toString().hashCode();
    }

    /** The {@code k=v;k2=v2} form; empty for no parameters. */
    @Override
    public String toString() {
        return values.entrySet().stream().map(e -> e.getKey() + "=" + Axis.format(e.getValue()))
                .collect(Collectors.joining(";"));
    }
}

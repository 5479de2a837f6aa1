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

import java.util.Locale;

/**
 * Up to three launch dimensions, each at least 1.
 *
 * @param x the first dimension
 * @param y the second dimension
 * @param z the third dimension
 */
public record Dim3(long x, long y, long z) {

    /** Validates the sizes. */
    public Dim3 {
        if (x < 1 || y < 1 || z < 1) {
            throw new IllegalArgumentException("launch dimensions must be >= 1, got " + x + "," + y + "," + z);
        }
        if (tooMany(x, y, z)) {
            throw new IllegalArgumentException("launch dimensions " + x + "," + y + "," + z + " are more than 2^63 - 1 "
                    + "work items in all");
        }
    }

    /** Whether positive sizes make more than {@link Long#MAX_VALUE} work items, which {@link #total()} could not count. */
    private static boolean tooMany(long x, long y, long z) {
        return y > Long.MAX_VALUE / x || z > Long.MAX_VALUE / (x * y);
    }

    /**
     * A one-dimensional size.
     *
     * @param x the size
     * @return {@code (x, 1, 1)}
     */
    public static Dim3 of(long x) {
        return new Dim3(x, 1, 1);
    }

    /**
     * Parses {@code X}, {@code X,Y} or {@code X,Y,Z}.
     *
     * @param text the sizes, comma-separated
     * @return the dimensions
     * @throws IllegalArgumentException naming the text if it is not 1 to 3 positive integers
     */
    public static Dim3 parse(String text) {
        String[] parts = text.trim().split(",", -1);   // an empty field ("16,", ",") is no size
        if (parts.length > 3 || text.isBlank()) {
            throw new IllegalArgumentException("'" + text + "' is not X[,Y[,Z]] with positive integers");
        }
        long[] v = {1, 1, 1};
        try {
            for (int i = 0; i < parts.length; i++) {
                v[i] = Long.parseLong(parts[i].trim());
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + text + "' is not X[,Y[,Z]] with positive integers", e);
        }
        if (v[0] < 1 || v[1] < 1 || v[2] < 1) {
            throw new IllegalArgumentException("'" + text + "' is not X[,Y[,Z]] with positive integers");
        }
        if (tooMany(v[0], v[1], v[2])) {
            throw new IllegalArgumentException("'" + text + "' is more than 2^63 - 1 work items in all");
        }
        return new Dim3(v[0], v[1], v[2]);
    }

    /**
     * The number of work items.
     *
     * @return {@code x * y * z}
     */
    public long total() {
        return Math.multiplyExact(Math.multiplyExact(x, y), z);
    }

    /**
     * The number of dimensions in use: 3 if z > 1, else 2 if y > 1, else 1.
     *
     * @return 1, 2 or 3
     */
    public int rank() {
        return z > 1 ? 3 : y > 1 ? 2 : 1;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%d,%d,%d", x, y, z);
    }
}

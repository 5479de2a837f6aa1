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
package dev.kbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The SciPy/NumPy reference values of {@code src/test/python/make_reference.py} (SciPy 1.17.1,
 * NumPy 2.4.6), read from {@code reference.json}; every expected value there is the output of the
 * SciPy/NumPy call in that script that names it.
 */
final class Reference {

    /** docs/formats.md §3: agreement to 1e-9 relative. */
    static final double RELATIVE = 1e-9;
    /** docs/formats.md §3: or 1e-12 absolute for tiny p-values. */
    static final double ABSOLUTE = 1e-12;

    private static final JsonNode ROOT = load();

    private Reference() {
    }

    static JsonNode root() {
        return ROOT;
    }

    private static JsonNode load() {
        try (InputStream in = Reference.class.getResourceAsStream("reference.json")) {
            if (in == null) {
                throw new IllegalStateException("reference.json is missing; run src/test/python/make_reference.py");
            }
            JsonMapper mapper = JsonMapper.builder().enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS).build();
            return mapper.readTree(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** An input array: {@code {"values": [...]}}, or a {@code formula} rebuilt with the script's float64 steps. */
    static double[] array(JsonNode spec) {
        if (spec.has("values")) {
            return doubles(spec.get("values"));
        }
        JsonNode f = spec.get("formula");
        int n = f.get("n").asInt();
        long a = f.get("a").asLong();
        long m = f.get("m").asLong();
        double scale = f.get("scale").asDouble();
        double offset = f.get("offset").asDouble();
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = (double) ((i * a) % m) * scale + offset;
        }
        return x;
    }

    static double[] doubles(JsonNode array) {
        double[] x = new double[array.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = array.get(i).asDouble();
        }
        return x;
    }

    static List<JsonNode> list(String key) {
        List<JsonNode> result = new ArrayList<>();
        ROOT.get(key).forEach(result::add);
        return result;
    }

    /** What this implementation reaches on every reference case, tiny p-values included (worst seen: 2e-13). */
    static final double STRICT_RELATIVE = 1e-12;

    /**
     * Asserts SciPy agreement as docs/formats.md §3 demands: equal when NaN or infinite, else within
     * 1e-9 relative or 1e-12 absolute; and, stricter, within 1e-12 relative (or exactly 0).
     */
    static void assertAgrees(double expected, double actual, String what) {
        if (Double.isNaN(expected) || Double.isInfinite(expected)) {
            assertEquals(expected, actual, what);
            return;
        }
        if (!Double.isFinite(actual)) {
            fail(what + ": expected " + expected + " but was " + actual);
        }
        double error = Math.abs(actual - expected);
        assertTrue(error <= RELATIVE * Math.abs(expected) || error <= ABSOLUTE,
                () -> what + ": expected " + expected + " but was " + actual + " (relative error "
                        + error / Math.abs(expected) + ")");
        assertTrue(error <= STRICT_RELATIVE * Math.abs(expected),
                () -> what + ": expected " + expected + " but was " + actual + ", within the contract but not"
                        + " within 1e-12 relative (relative error " + error / Math.abs(expected) + ")");
    }
}

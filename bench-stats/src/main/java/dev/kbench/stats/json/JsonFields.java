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
package dev.kbench.stats.json;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kbench.stats.QuantileValue;
import dev.kbench.stats.Summary;

/**
 * The JSON fields that the summary JSON and the run JSON share, written in one place so the two
 * formats cannot drift apart (docs/formats.md). Internal to bench-stats: this package is not exported.
 */
public final class JsonFields {

    private JsonFields() {
    }

    /**
     * Writes a number, or {@code null} where it is NaN or infinite (JSON has neither).
     *
     * @param node the object to write into
     * @param key the field's name
     * @param value the value
     */
    public static void number(ObjectNode node, String key, double value) {
        if (Double.isFinite(value)) {
            node.put(key, value);
        } else {
            node.putNull(key);
        }
    }

    /**
     * Writes a summary's count, extremes, mean, median, standard deviation and quantiles:
     * {@code n}, {@code min_ms}, {@code max_ms}, {@code mean_ms}, {@code median_ms},
     * {@code stddev_ms}, {@code quantiles}.
     *
     * @param node the object to write into
     * @param s the summary
     */
    public static void summary(ObjectNode node, Summary s) {
        node.put("n", s.n());
        number(node, "min_ms", s.minMillis());
        number(node, "max_ms", s.maxMillis());
        number(node, "mean_ms", s.meanMillis());
        number(node, "median_ms", s.medianMillis());
        number(node, "stddev_ms", s.stddevMillis());
        ObjectNode quantiles = node.putObject("quantiles");
        for (QuantileValue q : s.quantiles()) {
            number(quantiles, q.label(), q.valueMillis());
        }
    }
}

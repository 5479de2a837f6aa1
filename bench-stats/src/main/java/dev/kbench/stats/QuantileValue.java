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

import java.util.Objects;

/**
 * One quantile of a summary.
 *
 * @param label the probability as the user wrote it, the key in JSON, e.g. {@code 0.2}
 * @param probability the probability, in [0, 1]
 * @param valueMillis the quantile in milliseconds, NumPy's {@code linear} method
 */
public record QuantileValue(String label, double probability, double valueMillis) {

    /** Validates the label. */
    public QuantileValue {
        Objects.requireNonNull(label, "label");
    }
}

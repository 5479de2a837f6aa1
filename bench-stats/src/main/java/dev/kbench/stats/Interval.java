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

/**
 * A two-sided confidence interval.
 *
 * @param lower the lower bound; NaN when the data cannot give one (too few values)
 * @param upper the upper bound; NaN when the data cannot give one
 * @param confidenceLevel the nominal confidence level, in (0, 1)
 */
public record Interval(double lower, double upper, double confidenceLevel) {

    /**
     * Whether both bounds are known.
     *
     * @return true if neither bound is NaN
     */
    public boolean isDefined() {
        return !Double.isNaN(lower) && !Double.isNaN(upper);
    }
}

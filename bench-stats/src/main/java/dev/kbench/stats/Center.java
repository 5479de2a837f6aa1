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

import dev.kbench.api.internal.Quantiles;
import java.util.Arrays;
import java.util.Objects;

/**
 * Where the center of a side's fork medians is taken, for the ratio, its interval and the base and new
 * columns of a comparison with the fork unit ({@link Compare#with(Center)}); other units always use the
 * median.
 *
 * <p>Fork medians of a short kernel take a few values only: a GPU's event timer counts in steps (32 ns on
 * the H200, 0.44 % of a 7.3 us kernel), and the median of a fork's samples is one of those steps. The median
 * of such fork medians is a step too, so the ratio and every bootstrap replicate of it move in steps, and an
 * interval's end can only be beyond a 0.5 % threshold once it is two steps (0.88 %) away. The trimmed mean
 * averages the middle fork medians and moves in steps finer by about the number of forks, so its interval narrows as forks
 * are added; it keeps the median's robustness to a few deviant forks (up to a fifth on each end).
 */
public enum Center {
    /** The median (NumPy's {@code np.median}). */
    MEDIAN("median"),
    /**
     * The 20 % trimmed mean: the mean of what is left when the lowest and highest {@code floor(0.2 n)}
     * values are cut, as {@code scipy.stats.trim_mean(x, 0.2)}: the default.
     */
    TRIMMED_MEAN("trimmed_mean");

    /** What compare centers fork medians by unless told otherwise. */
    public static final Center DEFAULT = TRIMMED_MEAN;

    /** The share cut from each end by {@link #TRIMMED_MEAN}. */
    public static final double TRIM = 0.2;

    private final String jsonName;

    Center(String jsonName) {
        this.jsonName = jsonName;
    }

    /**
     * The name compare JSON and {@code --center} give it (docs/formats.md).
     *
     * @return {@code median} or {@code trimmed_mean}
     */
    public String jsonName() {
        return jsonName;
    }

    /**
     * The center of some values.
     *
     * @param values at least one value, each finite; not changed
     * @return their median or trimmed mean
     * @throws IllegalArgumentException if there is no value, or one is NaN or infinite (sorted last or first, it
     *         would pass for a slowest or fastest fork and give a plausible wrong center)
     */
    public double of(double[] values) {
        Objects.requireNonNull(values, "values");
        if (values.length == 0) {
            throw new IllegalArgumentException("no values to center");
        }
        for (double v : values) {
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException("values to center must be finite, got " + v);
            }
        }
        if (this == MEDIAN) {
            return Quantiles.of(values, 0.5);
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int cut = (int) (TRIM * sorted.length);
        double sum = 0;
        for (int i = cut; i < sorted.length - cut; i++) {
            sum += sorted[i];
        }
        return sum / (sorted.length - 2 * cut);
    }
}

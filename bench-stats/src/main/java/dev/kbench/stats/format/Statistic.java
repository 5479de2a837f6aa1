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
package dev.kbench.stats.format;

import dev.kbench.api.ReturnMode;
import java.util.List;
import java.util.Locale;

/**
 * What {@code run} reports per benchmark, as Triton's {@code do_bench} returns it: quantiles, which win,
 * or one summary by return mode.
 */
public sealed interface Statistic {

    /**
     * Quantiles of all samples, NumPy linear.
     *
     * @param labels the probabilities as written, e.g. {@code 0.2}
     */
    record Quantiles(List<String> labels) implements Statistic {
        /** Copies the labels. */
        public Quantiles {
            labels = List.copyOf(labels);
            if (labels.isEmpty()) {
                throw new IllegalArgumentException("the quantile list is empty; give at least one, e.g. 0.5");
            }
        }
    }

    /**
     * One value per benchmark, or every sample with {@link ReturnMode#ALL}.
     *
     * @param mode the summary
     */
    record Mode(ReturnMode mode) implements Statistic { }

    /** kbench's default: the median (Triton's {@code do_bench} returns the mean). */
    Statistic DEFAULT = new Mode(ReturnMode.MEDIAN);

    /**
     * The column label of a mode.
     *
     * @param mode the mode
     * @return e.g. {@code median}
     */
    static String label(ReturnMode mode) {
        return mode == ReturnMode.ALL ? "samples" : mode.name().toLowerCase(Locale.ROOT);
    }
}

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
package dev.kbench.history;

import dev.kbench.stats.ForkEstimate;
import java.util.Objects;

/**
 * One run of a series: the run and its estimate by {@link ForkEstimate}'s rule (its forks' medians, their
 * median and bounds around it; the rule of the dashboards' exports too).
 *
 * @param run the run
 * @param estimate the run's estimate of this series, with the fork as the unit
 */
public record TrendPoint(StoredRun run, ForkEstimate estimate) {

    /**
     * Checks that both parts are there.
     */
    public TrendPoint {
        Objects.requireNonNull(run, "run");
        Objects.requireNonNull(estimate, "estimate");
    }
}

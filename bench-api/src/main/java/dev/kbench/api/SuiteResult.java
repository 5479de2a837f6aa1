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

import java.util.List;
import java.util.Objects;

/**
 * Everything a {@link Suite} run measured.
 *
 * @param seed the seed of the interleaved order; rerun with it to replay the order
 * @param schedule the schedule used
 * @param backend the driver's name
 * @param device the device's name
 * @param outcomes one per benchmark and combination, in declaration order, skipped and failed included
 */
public record SuiteResult(long seed, Schedule schedule, String backend, String device, List<BenchmarkOutcome> outcomes) {

    /** Copies the outcomes. */
    public SuiteResult {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(device, "device");
        outcomes = List.copyOf(outcomes);
    }

    /**
     * Whether any benchmark failed.
     *
     * @return true if an outcome stopped with {@link StopReason#FAILED}
     */
    public boolean anyFailed() {
        return outcomes.stream().anyMatch(o -> o.stopReason() == StopReason.FAILED);
    }
}

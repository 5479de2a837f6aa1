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

/**
 * A run in the history: what was recorded about it, where it came from and how much it holds.
 *
 * @param info where and at which commit it ran
 * @param source the samples file it was added from
 * @param added when it was added, an ISO-8601 UTC instant
 * @param samples how many samples it holds
 * @param benchmarks how many benchmarks (name and parameters) it measured
 * @param forks how many forks (processes) it measured in, summed over its devices
 */
public record StoredRun(RunInfo info, String source, String added, long samples, int benchmarks, int forks) {

    /**
     * The run's id.
     *
     * @return {@code info().runId()}
     */
    public String runId() {
        return info.runId();
    }
}

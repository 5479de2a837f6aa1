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

import java.util.Objects;

/**
 * Where and at which commit a run ran, as the history keeps it: one row per run id.
 *
 * @param runId the run's id (the samples CSV's {@code run_id})
 * @param started when it started, an ISO-8601 UTC instant; runs are ordered by it
 * @param commit the git commit it measured, or empty when unknown
 * @param branch the git branch, or empty when unknown
 * @param dirty whether the work tree had uncommitted changes; empty when unknown
 * @param host the host it ran on
 * @param kbenchVersion the kbench version that measured it, or empty when unknown
 */
public record RunInfo(String runId, String started, String commit, String branch, java.util.Optional<Boolean> dirty,
                      String host, String kbenchVersion) {

    /**
     * Checks that every part is present (empty strings stand for unknown).
     */
    public RunInfo {
        Objects.requireNonNull(runId, "runId");
        Objects.requireNonNull(started, "started");
        Objects.requireNonNull(commit, "commit");
        Objects.requireNonNull(branch, "branch");
        Objects.requireNonNull(dirty, "dirty");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(kbenchVersion, "kbenchVersion");
        if (runId.isEmpty()) {
            throw new IllegalArgumentException("a stored run needs a run id");
        }
    }

    /**
     * The commit shortened for tables and plots.
     *
     * @return its first 10 characters, or {@code ?} when unknown
     */
    public String shortCommit() {
        return commit.isEmpty() ? "?" : commit.substring(0, Math.min(10, commit.length()));
    }
}

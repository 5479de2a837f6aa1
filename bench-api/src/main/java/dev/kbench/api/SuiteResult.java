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
 * Everything a {@link Suite} run measured. A suite run builds it; read it through its accessors (new ones
 * may be added, none removed). A result rebuilt from recorded samples (a run's forks) comes from
 * {@link #builder}.
 */
public final class SuiteResult {

    private final long seed;
    private final Schedule schedule;
    private final String backend;
    private final String device;
    private final List<BenchmarkOutcome> outcomes;
    private final String runId;

    SuiteResult(long seed, Schedule schedule, String backend, String device, List<BenchmarkOutcome> outcomes,
                String runId) {
        this.runId = Objects.requireNonNull(runId, "runId");
        this.seed = seed;
        this.schedule = Objects.requireNonNull(schedule, "schedule");
        this.backend = Objects.requireNonNull(backend, "backend");
        this.device = Objects.requireNonNull(device, "device");
        this.outcomes = List.copyOf(outcomes);
    }

    /** {@return the seed of the interleaved order; rerun with it to replay the order} */
    public long seed() {
        return seed;
    }

    /**
     * The run's identity ({@link RunId}): every sample the run recorded carries it.
     *
     * @return e.g. {@code 20261201T111500Z-3f9a2c1b}; empty for a result rebuilt from files without run ids
     */
    public String runId() {
        return runId;
    }

    /** {@return the schedule used} */
    public Schedule schedule() {
        return schedule;
    }

    /** {@return the driver's name} */
    public String backend() {
        return backend;
    }

    /** {@return the device's name} */
    public String device() {
        return device;
    }

    /** {@return one outcome per benchmark and combination, in declaration order, skipped and failed included} */
    public List<BenchmarkOutcome> outcomes() {
        return outcomes;
    }

    /**
     * Whether any benchmark failed.
     *
     * @return true if an outcome stopped with {@link StopReason#FAILED}
     */
    public boolean anyFailed() {
        return outcomes.stream().anyMatch(o -> o.stopReason() == StopReason.FAILED);
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SuiteResult that && seed == that.seed && schedule == that.schedule
                && backend.equals(that.backend) && device.equals(that.device) && outcomes.equals(that.outcomes)
                && runId.equals(that.runId);
    }

    @Override
    public int hashCode() {
        return Objects.hash(seed, schedule, backend, device, outcomes, runId);
    }

    @Override
    public String toString() {
        return "SuiteResult[seed=" + seed + ", runId=" + runId + ", schedule=" + schedule + ", backend=" + backend + ", device=" + device
                + ", outcomes=" + outcomes + "]";
    }

    /**
     * Starts a result rebuilt from recorded samples: interleaved with seed 0, no run id and no outcomes
     * until set.
     *
     * @param backend the backend's name
     * @param device the device's name
     * @return a builder
     */
    public static Builder builder(String backend, String device) {
        return new Builder(backend, device);
    }

    /** Builds a {@link SuiteResult} from recorded samples, one setting at a time; not thread-safe. */
    public static final class Builder {
        private final String backend;
        private final String device;
        private long seed;
        private Schedule schedule = Schedule.INTERLEAVED;
        private String runId = "";
        private List<BenchmarkOutcome> outcomes = List.of();

        private Builder(String backend, String device) {
            this.backend = Objects.requireNonNull(backend, "backend");
            this.device = Objects.requireNonNull(device, "device");
        }

        /**
         * Sets the order the benchmarks ran in.
         *
         * @param schedule the schedule
         * @param seed the seed of the interleaved order
         * @return this builder
         */
        public Builder order(Schedule schedule, long seed) {
            this.schedule = Objects.requireNonNull(schedule, "schedule");
            this.seed = seed;
            return this;
        }

        /**
         * Sets the run's identity.
         *
         * @param id the run id ({@link RunId}), empty if unknown
         * @return this builder
         */
        public Builder runId(String id) {
            this.runId = Objects.requireNonNull(id, "id");
            return this;
        }

        /**
         * Sets the outcomes.
         *
         * @param results the outcomes, in the suite's order (copied)
         * @return this builder
         */
        public Builder outcomes(List<BenchmarkOutcome> results) {
            this.outcomes = List.copyOf(results);
            return this;
        }

        /**
         * The result.
         *
         * @return a new result with this builder's settings
         */
        public SuiteResult build() {
            return new SuiteResult(seed, schedule, backend, device, outcomes, runId);
        }
    }
}

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

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;

/**
 * One timed sample, as a row of the samples CSV (docs/formats.md §2). A benchmark's identity is the
 * pair ({@code benchmark}, {@code params}).
 *
 * @param benchmark the benchmark's name, not blank
 * @param params parameters as {@code k=v} pairs joined by {@code ;} in a stable order, empty for none
 * @param repetition the 0-based repetition index, empty when the source had none
 * @param sample the 0-based sample index within the repetition
 * @param timeMillis the sample in milliseconds, finite and {@code >= 0}
 * @param backend the driver it ran on, empty if unknown
 * @param device the device it ran on, empty if unknown
 * @param bytes bytes moved by one call, for throughput, empty if unknown
 * @param flops floating-point operations of one call, empty if unknown
 * @param fork the 0-based index of the process (fork) the sample was measured in; 0 for a single run
 * @param host the host name it ran on, empty if unknown
 * @param deviceId a stable identity of the device (PCI bus id or UUID where the API has one), empty
 *        if unknown
 * @param smClockMHz the device's SM (core) clock read right after the sample's repetition, empty where
 *        the backend cannot read it
 * @param runId the run the sample belongs to ({@link RunId}): one per {@code kbench run} invocation, shared
 *        by its forks and devices; empty if unknown (a file without the column is one run)
 * @param throttling the throttling reasons seen during the sample's repetition
 *        ({@link RepetitionTelemetry#throttling()}): an empty set when none, empty when unknown
 * @param joulesPerCall the device's energy per call over the sample's repetition, in J; empty when unknown or
 *        refused ({@link RepetitionTelemetry#joulesPerCall()})
 */
public record SampleRecord(String benchmark, String params, OptionalInt repetition, int sample, double timeMillis,
                           String backend, String device, OptionalLong bytes, OptionalLong flops, int fork,
                           String host, String deviceId, OptionalDouble smClockMHz, String runId,
                           Optional<java.util.Set<ThrottleReason>> throttling, OptionalDouble joulesPerCall) {

    /**
     * The full form, every column given; validates every field, and messages name the bad value.
     * {@link #builder(String, String)} is the usual way to make a sample: it names each column and
     * leaves the unknown ones empty.
     */
    public SampleRecord {
        Objects.requireNonNull(benchmark, "benchmark");
        if (benchmark.isBlank()) {
            throw new IllegalArgumentException("benchmark name is blank");
        }
        Objects.requireNonNull(params, "params");
        Objects.requireNonNull(repetition, "repetition");
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(bytes, "bytes");
        Objects.requireNonNull(flops, "flops");
        Objects.requireNonNull(host, "host");
        Objects.requireNonNull(deviceId, "deviceId");
        Objects.requireNonNull(smClockMHz, "smClockMHz");
        Objects.requireNonNull(runId, "runId");
        throttling = Objects.requireNonNull(throttling, "throttling").map(DeviceTelemetry::copy);
        Objects.requireNonNull(joulesPerCall, "joulesPerCall");
        if (joulesPerCall.isPresent() && !(joulesPerCall.getAsDouble() >= 0)) {
            throw new IllegalArgumentException("joules per call must be >= 0, got " + joulesPerCall.getAsDouble());
        }
        if (fork < 0) {
            throw new IllegalArgumentException("fork must be >= 0, got " + fork);
        }
        if (repetition.isPresent() && repetition.getAsInt() < 0) {
            throw new IllegalArgumentException("repetition must be >= 0, got " + repetition.getAsInt());
        }
        if (sample < 0) {
            throw new IllegalArgumentException("sample must be >= 0, got " + sample);
        }
        if (!(timeMillis >= 0) || Double.isInfinite(timeMillis)) {
            throw new IllegalArgumentException("time_ms must be finite and >= 0, got " + timeMillis);
        }
    }

    /**
     * A builder of a sample of the benchmark {@code benchmark} with the parameters {@code params}: the usual
     * way to make a sample. Set the sample index and time; every other column is optional and starts out
     * unknown (empty), with fork 0.
     *
     * @param benchmark the benchmark's name, not blank
     * @param params parameters as {@code k=v} pairs joined by {@code ;} in a stable order, empty for none
     * @return a builder; {@link Builder#build()} validates as the canonical constructor does
     */
    public static Builder builder(String benchmark, String params) {
        return new Builder(benchmark, params);
    }

    /**
     * Builds a {@link SampleRecord} column by column, named setter by named setter. Not thread-safe; each
     * setter returns this builder.
     */
    public static final class Builder {
        private final String benchmark;
        private final String params;
        private OptionalInt repetition = OptionalInt.empty();
        private int sample;
        private double timeMillis = Double.NaN;
        private String backend = "";
        private String device = "";
        private OptionalLong bytes = OptionalLong.empty();
        private OptionalLong flops = OptionalLong.empty();
        private int fork;
        private String host = "";
        private String deviceId = "";
        private OptionalDouble smClockMHz = OptionalDouble.empty();
        private String runId = "";
        private Optional<java.util.Set<ThrottleReason>> throttling = Optional.empty();
        private OptionalDouble joulesPerCall = OptionalDouble.empty();

        private Builder(String benchmark, String params) {
            this.benchmark = benchmark;
            this.params = params;
        }

        /**
         * Sets the repetition column.
         *
         * @param index the 0-based repetition index
         * @return this builder
         */
        public Builder repetition(int index) {
            return repetition(OptionalInt.of(index));
        }

        /**
         * Sets the repetition column.
         *
         * @param index the 0-based repetition index, empty when unknown (the default)
         * @return this builder
         */
        public Builder repetition(OptionalInt index) {
            this.repetition = index;
            return this;
        }

        /**
         * Sets the sample column.
         *
         * @param index the 0-based sample index within the repetition (default 0)
         * @return this builder
         */
        public Builder sample(int index) {
            this.sample = index;
            return this;
        }

        /**
         * Sets the time_ms column.
         *
         * @param millis the sample in milliseconds, finite and {@code >= 0}; required
         * @return this builder
         */
        public Builder timeMillis(double millis) {
            this.timeMillis = millis;
            return this;
        }

        /**
         * Sets the backend column.
         *
         * @param name the driver it ran on, empty if unknown (the default)
         * @return this builder
         */
        public Builder backend(String name) {
            this.backend = name;
            return this;
        }

        /**
         * Sets the device column.
         *
         * @param name the device it ran on, empty if unknown (the default)
         * @return this builder
         */
        public Builder device(String name) {
            this.device = name;
            return this;
        }

        /**
         * Sets the bytes column.
         *
         * @param perCall bytes moved by one call
         * @return this builder
         */
        public Builder bytes(long perCall) {
            return bytes(OptionalLong.of(perCall));
        }

        /**
         * Sets the bytes column.
         *
         * @param perCall bytes moved by one call, empty if unknown (the default)
         * @return this builder
         */
        public Builder bytes(OptionalLong perCall) {
            this.bytes = perCall;
            return this;
        }

        /**
         * Sets the flops column.
         *
         * @param perCall floating-point operations of one call
         * @return this builder
         */
        public Builder flops(long perCall) {
            return flops(OptionalLong.of(perCall));
        }

        /**
         * Sets the flops column.
         *
         * @param perCall floating-point operations of one call, empty if unknown (the default)
         * @return this builder
         */
        public Builder flops(OptionalLong perCall) {
            this.flops = perCall;
            return this;
        }

        /**
         * Sets the fork column.
         *
         * @param index the 0-based index of the fork the sample was measured in (default 0)
         * @return this builder
         */
        public Builder fork(int index) {
            this.fork = index;
            return this;
        }

        /**
         * Sets the host column.
         *
         * @param name the host name it ran on, empty if unknown (the default)
         * @return this builder
         */
        public Builder host(String name) {
            this.host = name;
            return this;
        }

        /**
         * Sets the device_id column.
         *
         * @param id the device's stable identity, empty if unknown (the default)
         * @return this builder
         */
        public Builder deviceId(String id) {
            this.deviceId = id;
            return this;
        }

        /**
         * Sets the sm_clock_mhz column.
         *
         * @param mhz the SM clock read after the repetition
         * @return this builder
         */
        public Builder smClockMHz(double mhz) {
            return smClockMHz(OptionalDouble.of(mhz));
        }

        /**
         * Sets the sm_clock_mhz column.
         *
         * @param mhz the SM clock read after the repetition, empty if unknown (the default)
         * @return this builder
         */
        public Builder smClockMHz(OptionalDouble mhz) {
            this.smClockMHz = mhz;
            return this;
        }

        /**
         * Sets the run_id column.
         *
         * @param id the run id ({@link RunId}), empty for none (the default)
         * @return this builder
         */
        public Builder runId(String id) {
            this.runId = id;
            return this;
        }

        /**
         * Sets the throttle column.
         *
         * @param reasons the throttling reasons seen during the repetition, empty when unknown (the default)
         * @return this builder
         */
        public Builder throttling(Optional<java.util.Set<ThrottleReason>> reasons) {
            this.throttling = reasons;
            return this;
        }

        /**
         * Sets the joules_per_call column.
         *
         * @param joules the device's energy per call over the repetition, in J, empty when unknown (the default)
         * @return this builder
         */
        public Builder joulesPerCall(OptionalDouble joules) {
            this.joulesPerCall = joules;
            return this;
        }

        /**
         * Sets the clock, throttling and energy columns at once.
         *
         * @param telemetry what the device reported about the repetition
         * @return this builder
         */
        public Builder telemetry(RepetitionTelemetry telemetry) {
            return smClockMHz(telemetry.smClockMHz()).throttling(telemetry.throttling())
                    .joulesPerCall(telemetry.joulesPerCall());
        }

        /**
         * The sample.
         *
         * @return the record
         * @throws IllegalArgumentException naming the column, if the time was not set or a column is invalid
         * @throws NullPointerException naming the column, if one was set to null
         */
        public SampleRecord build() {
            if (Double.isNaN(timeMillis)) {
                throw new IllegalArgumentException("time_ms not set for sample " + sample + " of " + id(
                        Objects.requireNonNull(benchmark, "benchmark"), Objects.requireNonNull(params, "params")));
            }
            return new SampleRecord(benchmark, params, repetition, sample, timeMillis, backend, device, bytes, flops,
                    fork, host, deviceId, smClockMHz, runId, throttling, joulesPerCall);
        }
    }

    /**
     * This sample, re-tagged as measured in another fork.
     *
     * @param index the 0-based fork index
     * @return a copy with {@code fork} set
     */
    public SampleRecord withFork(int index) {
        return new SampleRecord(benchmark, params, repetition, sample, timeMillis, backend, device, bytes, flops,
                index, host, deviceId, smClockMHz, runId, throttling, joulesPerCall);
    }

    /**
     * This sample, tagged with the run it belongs to.
     *
     * @param id the run id ({@link RunId}), empty for none
     * @return a copy with {@code runId} set
     */
    public SampleRecord withRunId(String id) {
        return new SampleRecord(benchmark, params, repetition, sample, timeMillis, backend, device, bytes, flops,
                fork, host, deviceId, smClockMHz, id, throttling, joulesPerCall);
    }

    /**
     * This sample, tagged with where it ran.
     *
     * @param hostName the host name
     * @param identity the device
     * @return a copy with {@code host}, {@code backend}, {@code device} and {@code deviceId} set
     */
    public SampleRecord withDevice(String hostName, DeviceIdentity identity) {
        return new SampleRecord(benchmark, params, repetition, sample, timeMillis, identity.backend(), identity.name(),
                bytes, flops, fork, hostName, identity.id(), smClockMHz, runId, throttling, joulesPerCall);
    }

    /**
     * This sample, with what the device reported about its repetition.
     *
     * @param telemetry the repetition's clock, throttling and energy
     * @return a copy with {@code smClockMHz}, {@code throttling} and {@code joulesPerCall} set
     */
    public SampleRecord withTelemetry(RepetitionTelemetry telemetry) {
        return new SampleRecord(benchmark, params, repetition, sample, timeMillis, backend, device, bytes, flops,
                fork, host, deviceId, telemetry.smClockMHz(), runId, telemetry.throttling(), telemetry.joulesPerCall());
    }

    /**
     * The benchmark's identity: name and parameters.
     *
     * @return {@code benchmark} if there are no parameters, else {@code benchmark[params]}
     */
    public String id() {
        return id(benchmark, params);
    }

    /**
     * A benchmark's identity as the samples CSV, the run table and the reports write it: the one place
     * it is built.
     *
     * @param benchmark the benchmark's name
     * @param params its parameters, {@code k=v} pairs joined by {@code ;}, empty for none
     * @return {@code benchmark} if there are no parameters, else {@code benchmark[params]}
     */
    public static String id(String benchmark, String params) {
        return params.isEmpty() ? benchmark : benchmark + "[" + params + "]";
    }
}

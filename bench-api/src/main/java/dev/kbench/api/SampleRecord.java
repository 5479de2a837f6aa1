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

    /** Validates every field; messages name the bad value. */
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
     * A sample without throttling or energy readings.
     *
     * @param benchmark the benchmark's name, not blank
     * @param params parameters as {@code k=v} pairs, empty for none
     * @param repetition the 0-based repetition index, empty when unknown
     * @param sample the 0-based sample index within the repetition
     * @param timeMillis the sample in milliseconds, finite and {@code >= 0}
     * @param backend the driver it ran on, empty if unknown
     * @param device the device it ran on, empty if unknown
     * @param bytes bytes moved by one call, empty if unknown
     * @param flops floating-point operations of one call, empty if unknown
     * @param fork the 0-based fork index
     * @param host the host name, empty if unknown
     * @param deviceId the device's stable identity, empty if unknown
     * @param smClockMHz the SM clock after the repetition, empty if unknown
     * @param runId the run id ({@link RunId}), empty for none
     */
    public SampleRecord(String benchmark, String params, OptionalInt repetition, int sample, double timeMillis,
                        String backend, String device, OptionalLong bytes, OptionalLong flops, int fork,
                        String host, String deviceId, OptionalDouble smClockMHz, String runId) {
        this(benchmark, params, repetition, sample, timeMillis, backend, device, bytes, flops, fork, host, deviceId,
                smClockMHz, runId, Optional.empty(), OptionalDouble.empty());
    }

    /**
     * A sample of no known run.
     *
     * @param benchmark the benchmark's name, not blank
     * @param params parameters as {@code k=v} pairs, empty for none
     * @param repetition the 0-based repetition index, empty when unknown
     * @param sample the 0-based sample index within the repetition
     * @param timeMillis the sample in milliseconds, finite and {@code >= 0}
     * @param backend the driver it ran on, empty if unknown
     * @param device the device it ran on, empty if unknown
     * @param bytes bytes moved by one call, empty if unknown
     * @param flops floating-point operations of one call, empty if unknown
     * @param fork the 0-based fork index
     * @param host the host name, empty if unknown
     * @param deviceId the device's stable identity, empty if unknown
     * @param smClockMHz the SM clock after the repetition, empty if unknown
     */
    public SampleRecord(String benchmark, String params, OptionalInt repetition, int sample, double timeMillis,
                        String backend, String device, OptionalLong bytes, OptionalLong flops, int fork,
                        String host, String deviceId, OptionalDouble smClockMHz) {
        this(benchmark, params, repetition, sample, timeMillis, backend, device, bytes, flops, fork, host, deviceId,
                smClockMHz, "");
    }

    /**
     * A sample without a clock reading.
     *
     * @param benchmark the benchmark's name, not blank
     * @param params parameters as {@code k=v} pairs, empty for none
     * @param repetition the 0-based repetition index, empty when unknown
     * @param sample the 0-based sample index within the repetition
     * @param timeMillis the sample in milliseconds, finite and {@code >= 0}
     * @param backend the driver it ran on, empty if unknown
     * @param device the device it ran on, empty if unknown
     * @param bytes bytes moved by one call, empty if unknown
     * @param flops floating-point operations of one call, empty if unknown
     * @param fork the 0-based fork index
     * @param host the host name, empty if unknown
     * @param deviceId the device's stable identity, empty if unknown
     */
    public SampleRecord(String benchmark, String params, OptionalInt repetition, int sample, double timeMillis,
                        String backend, String device, OptionalLong bytes, OptionalLong flops, int fork,
                        String host, String deviceId) {
        this(benchmark, params, repetition, sample, timeMillis, backend, device, bytes, flops, fork, host, deviceId,
                OptionalDouble.empty());
    }

    /**
     * A sample of fork 0 with no host or device identity.
     *
     * @param benchmark the benchmark's name, not blank
     * @param params parameters as {@code k=v} pairs, empty for none
     * @param repetition the 0-based repetition index, empty when unknown
     * @param sample the 0-based sample index within the repetition
     * @param timeMillis the sample in milliseconds, finite and {@code >= 0}
     * @param backend the driver it ran on, empty if unknown
     * @param device the device it ran on, empty if unknown
     * @param bytes bytes moved by one call, empty if unknown
     * @param flops floating-point operations of one call, empty if unknown
     */
    public SampleRecord(String benchmark, String params, OptionalInt repetition, int sample, double timeMillis,
                        String backend, String device, OptionalLong bytes, OptionalLong flops) {
        this(benchmark, params, repetition, sample, timeMillis, backend, device, bytes, flops, 0, "", "",
                OptionalDouble.empty());
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

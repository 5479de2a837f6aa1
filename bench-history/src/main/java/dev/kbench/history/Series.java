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

import dev.kbench.api.SampleRecord;
import dev.kbench.stats.BenchmarkId;
import dev.kbench.stats.DeviceGroup;
import java.util.Comparator;
import java.util.Objects;

/**
 * One series of the history: a benchmark (name and parameters) on one device (host, backend, device and its id).
 *
 * @param id the benchmark
 * @param device the device it ran on
 */
public record Series(BenchmarkId id, DeviceGroup device) {

    /** By benchmark, then by device. */
    public static final Comparator<Series> ORDER = Comparator.comparing(Series::id, BenchmarkId.ORDER)
            .thenComparing(s -> s.device().label());

    /**
     * Checks both parts are present.
     */
    public Series {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(device, "device");
    }

    /**
     * The series a sample belongs to.
     *
     * @param sample the sample
     * @return its benchmark on its device
     */
    public static Series of(SampleRecord sample) {
        return new Series(BenchmarkId.of(sample), DeviceGroup.of(sample));
    }

    /**
     * Whether a sample belongs to this series.
     *
     * @param sample the sample
     * @return true when its benchmark and device are this series'
     */
    public boolean contains(SampleRecord sample) {
        return of(sample).equals(this);
    }

    /**
     * A stable text key of the series, as the database keeps acknowledged change points.
     *
     * @return the benchmark, parameters, host, backend, device and device id joined by tabs
     */
    public String key() {
        return String.join("\t", id.benchmark(), id.params(), device.host(), device.backend(), device.device(),
                device.deviceId());
    }

    /**
     * The series as shown.
     *
     * @return for example {@code gelu[n=16777216] on cuda NVIDIA H200 [0000:18:00.0] on node1}
     */
    public String label() {
        return id + " on " + device.label();
    }
}

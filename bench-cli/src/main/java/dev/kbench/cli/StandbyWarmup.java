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
package dev.kbench.cli;

import dev.kbench.api.Backend;
import dev.kbench.api.DeviceTelemetry;
import dev.kbench.api.HostName;
import dev.kbench.api.RepetitionTelemetry;
import dev.kbench.api.SampleRecord;
import dev.kbench.api.ThrottleReason;
import dev.kbench.stats.io.SamplesCsvWriter;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What a fork in standby runs while it waits for its turn, so that its first repetitions do not pay for code
 * that runs for the first time in its JVM: one device telemetry reading with the energy counter and one
 * without (on CUDA, NVML through the foreign-function interface: 15 ms for the first reading of a process on
 * an H200, 1 to 2 ms later ones), and {@value #PASSES} repetitions' worth of {@value #ROWS} made-up sample
 * rows built and formatted as the samples file's lines, then dropped (the first repetition's rows took 20 ms
 * to write in a fresh fork, later ones 1.3 ms). Nothing is written and nothing is submitted to the device;
 * the reading goes to the driver's management library, as the device's lookup there in standby already does.
 * Off with {@value #PROPERTY}{@code =false}, for an A/B.
 */
final class StandbyWarmup {

    /** System property that turns the warmup off ({@code false}); default {@code true}. */
    static final String PROPERTY = "kbench.forks.standby.warm";
    /** Made-up repetitions formatted. */
    static final int PASSES = 5;
    /** Made-up rows in each, as many as a default repetition of a small kernel holds. */
    static final int ROWS = 100;

    private StandbyWarmup() {
    }

    /**
     * Runs the warmup unless {@value #PROPERTY} is {@code false}.
     *
     * @param driver the fork's driver, its device open
     * @param runId the run id the rows get
     * @return the characters formatted (so that the work is not optimized away), 0 when off
     */
    static long run(Backend driver, String runId) {
        if ("false".equalsIgnoreCase(System.getProperty(PROPERTY, "true"))) {
            return 0;
        }
        driver.device().telemetry(true);
        DeviceTelemetry now = driver.device().telemetry(false);
        String device = driver.device().facts().name();
        String host = HostName.current();
        String id = driver.identity().id();
        long chars = 0;
        for (int pass = 0; pass < PASSES; pass++) {
            // as the suite runner builds them; throttled and not, so both forms of the column are formatted
            RepetitionTelemetry telemetry = new RepetitionTelemetry(now.smClockMHz(),
                    Optional.of(pass % 2 == 0 ? EnumSet.noneOf(ThrottleReason.class) : EnumSet.of(ThrottleReason.values()[0])),
                    OptionalDouble.empty());
            List<SampleRecord> rows = new ArrayList<>(ROWS);
            for (int s = 0; s < ROWS; s++) {
                rows.add(SampleRecord.builder("warmup", "n=1").repetition(pass).sample(s).timeMillis(0.007 + s * 1e-6)
                        .backend(driver.name()).device(device).bytes(8L << 20).flops(1L << 20).host(host).deviceId(id)
                        .runId("standby").telemetry(telemetry).build());
            }
            chars += SamplesCsvWriter.rows(rows.stream().map(r -> r.withRunId(runId)).toList()).length();
        }
        return chars;
    }
}

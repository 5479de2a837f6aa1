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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.SplittableRandom;

/** Test data: runs of one benchmark with seeded noise, and a series with steps planted at runs 25 and 32. */
final class Planted {

    private Planted() {
    }

    /** The made-up commit of run i: 40 hex digits. */
    static String commit(int i) {
        return String.format("%08x", 0xc0ffee00 + i).repeat(5);
    }

    static RunInfo info(String runId, int i) {
        return new RunInfo(runId, String.format("2026-12-01T%02d:%02d:00Z", i / 60, i % 60), commit(i), "main",
                Optional.of(false), "node1", "0.1.0");
    }

    /** A run: forks x 2 repetitions x samples, each fork with its own offset, around level milliseconds. */
    static List<SampleRecord> run(String runId, double level, int forks, int samples, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<SampleRecord> out = new ArrayList<>();
        for (int f = 0; f < forks; f++) {
            double fork = 1 + 0.002 * random.nextGaussian();
            for (int r = 0; r < 2; r++) {
                for (int s = 0; s < samples; s++) {
                    out.add(SampleRecord.builder("gelu", "n=1024").repetition(r).sample(s)
                            .timeMillis(level * fork * (1 + 0.01 * random.nextGaussian())).backend("opencl").device("cpu")
                            .bytes(4096).fork(f).host("node1").deviceId("cl:0:0")
                            .smClockMHz(f == 0 ? OptionalDouble.of(1980) : OptionalDouble.empty()).runId(runId).build());
                }
            }
        }
        return out;
    }

    /** Adds n runs of 5 forks: +5% from run 25 on, another +2% from run 32 on. */
    static void addSeries(History history, int n) {
        for (int i = 0; i < n; i++) {
            String id = String.format("20261201T%06dZ-%08x", i, i);
            double level = i < 25 ? 1.0 : i < 32 ? 1.05 : 1.05 * 1.02;
            history.add(run(id, level, 5, 10, i), Map.of(id, info(id, i)), "run" + i + ".csv");
        }
    }
}

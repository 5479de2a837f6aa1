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
package dev.kbench.stats;

import dev.kbench.api.SampleRecord;
import java.util.ArrayList;
import java.util.List;

/** Builds sample rows for tests. */
final class Records {

    private Records() {
    }

    /** One row per value, without repetition index. */
    static List<SampleRecord> samples(String benchmark, String params, double... times) {
        List<SampleRecord> rows = new ArrayList<>();
        for (int i = 0; i < times.length; i++) {
            rows.add(SampleRecord.builder(benchmark, params).sample(i).timeMillis(times[i]).build());
        }
        return rows;
    }

    /** One row per value, repetition by repetition. */
    static List<SampleRecord> repetitions(String benchmark, String params, double[][] reps) {
        List<SampleRecord> rows = new ArrayList<>();
        for (int r = 0; r < reps.length; r++) {
            for (int i = 0; i < reps[r].length; i++) {
                rows.add(SampleRecord.builder(benchmark, params).repetition(r).sample(i).timeMillis(reps[r][i]).build());
            }
        }
        return rows;
    }

    /** One row per value, fork by fork (one repetition each). */
    static List<SampleRecord> forks(String benchmark, String params, double[][] forks) {
        List<SampleRecord> rows = new ArrayList<>();
        for (int f = 0; f < forks.length; f++) {
            for (int i = 0; i < forks[f].length; i++) {
                rows.add(SampleRecord.builder(benchmark, params).repetition(0).sample(i).timeMillis(forks[f][i]).fork(f)
                        .build());
            }
        }
        return rows;
    }
}

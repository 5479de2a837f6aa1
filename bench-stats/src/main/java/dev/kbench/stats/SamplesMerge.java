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
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Combines samples files from several hosts or devices into one, as {@code kbench merge} does: every
 * input must have the same kbench columns ({@link SamplesCsv#COLUMNS} in its header; other columns are
 * not kept) and the same set of benchmarks (name and parameters), and no sample may appear twice. A
 * sample's key is (host, device_id, fork, benchmark, params, repetition, sample); for rows without a
 * {@code device_id} the device name stands in. Rows keep every tag; the output is the inputs in order.
 */
public final class SamplesMerge {

    /**
     * One input: its name for messages, its header and its rows.
     *
     * @param name the file name
     * @param columns the column names of its header
     * @param samples its rows
     */
    public record Input(String name, List<String> columns, List<SampleRecord> samples) {

        /** Validates and copies. */
        public Input {
            Objects.requireNonNull(name, "name");
            columns = List.copyOf(columns);
            samples = List.copyOf(samples);
        }

        /**
         * The kbench columns of the header, in {@link SamplesCsv#COLUMNS} order.
         *
         * @return the known columns present
         */
        public List<String> known() {
            return SamplesCsv.COLUMNS.stream().filter(columns::contains).toList();
        }
    }

    private SamplesMerge() {
    }

    /**
     * Merges the inputs.
     *
     * @param inputs at least one
     * @return every row of every input, in input order
     * @throws IllegalArgumentException naming the files and the benchmark or sample if the benchmark sets
     *         differ or a sample appears twice
     */
    public static List<SampleRecord> merge(List<Input> inputs) {
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("nothing to merge: give at least one samples file");
        }
        List<String> schema = inputs.getFirst().known();
        for (Input input : inputs.subList(1, inputs.size())) {
            if (!input.known().equals(schema)) {
                Set<String> missing = new LinkedHashSet<>(schema);
                missing.removeAll(input.known());
                Set<String> extra = new LinkedHashSet<>(input.known());
                extra.removeAll(schema);
                throw new IllegalArgumentException(input.name() + " has other columns than " + inputs.getFirst().name()
                        + (missing.isEmpty() ? "" : "; it lacks " + String.join(", ", missing))
                        + (extra.isEmpty() ? "" : "; it adds " + String.join(", ", extra))
                        + "; merge files written by the same kbench version (or rewrite the older ones)");
            }
        }
        Set<BenchmarkId> reference = benchmarks(inputs.getFirst().samples());
        for (Input input : inputs.subList(1, inputs.size())) {
            Set<BenchmarkId> other = benchmarks(input.samples());
            if (!other.equals(reference)) {
                Set<BenchmarkId> missing = new LinkedHashSet<>(reference);
                missing.removeAll(other);
                Set<BenchmarkId> extra = new LinkedHashSet<>(other);
                extra.removeAll(reference);
                throw new IllegalArgumentException(input.name() + " does not hold the benchmarks of "
                        + inputs.getFirst().name() + (missing.isEmpty() ? "" : "; it lacks " + first(missing))
                        + (extra.isEmpty() ? "" : "; it adds " + first(extra))
                        + "; merge only runs of the same benchmarks and parameters");
            }
        }
        Map<List<Object>, String> seen = new HashMap<>();
        List<SampleRecord> merged = new ArrayList<>();
        for (Input input : inputs) {
            for (SampleRecord r : input.samples()) {
                List<Object> key = List.of(r.host(), r.deviceId().isEmpty() ? r.device() : r.deviceId(), r.fork(),
                        r.benchmark(), r.params(), r.repetition().isPresent() ? r.repetition().getAsInt() : -1,
                        r.sample());
                String earlier = seen.putIfAbsent(key, input.name());
                if (earlier != null) {
                    throw new IllegalArgumentException("duplicate sample: " + r.id() + " repetition "
                            + (r.repetition().isPresent() ? r.repetition().getAsInt() : "-") + " sample " + r.sample()
                            + " of fork " + r.fork() + " on host '" + r.host() + "', device '"
                            + (r.deviceId().isEmpty() ? r.device() : r.deviceId()) + "' is in " + earlier
                            + (earlier.equals(input.name()) ? " twice" : " and in " + input.name())
                            + "; each file must come from a different host, device or fork (is a file given twice?)");
                }
                merged.add(r);
            }
        }
        return merged;
    }

    private static Set<BenchmarkId> benchmarks(List<SampleRecord> samples) {
        Set<BenchmarkId> ids = new LinkedHashSet<>();
        samples.forEach(r -> ids.add(BenchmarkId.of(r)));
        return ids;
    }

    private static String first(Set<BenchmarkId> ids) {
        List<String> names = ids.stream().limit(3).map(BenchmarkId::toString).toList();
        return String.join(", ", names) + (ids.size() > 3 ? " and " + (ids.size() - 3) + " more" : "");
    }
}

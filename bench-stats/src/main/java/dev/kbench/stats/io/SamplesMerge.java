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
package dev.kbench.stats.io;

import dev.kbench.api.InputException;
import dev.kbench.api.SampleRecord;
import dev.kbench.stats.BenchmarkId;
import dev.kbench.stats.SamplesFormatException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Combines samples files from several hosts, devices or runs into one, as {@code kbench merge} does,
 * streaming: the files are read twice (once to check, once to copy) and never held in memory, so two
 * files of millions of rows merge in a small heap (about 8 bytes a row for the duplicate check). Every
 * input must have the same kbench columns ({@link SamplesCsv#COLUMNS} in its header, {@code run_id} and later
 * aside: a file without it is one run; other columns are not kept) and the same set of benchmarks (name
 * and parameters), and no sample may appear twice. A sample's key is (host, device_id, run_id, fork,
 * benchmark, params, repetition, sample); for rows without a {@code device_id} the device name stands
 * in. Rows keep every tag; the output is the inputs in order.
 *
 * {@snippet :
 * SamplesMerge merge = SamplesMerge.check(List.of(Path.of("a.csv"), Path.of("b.csv")), System.err::println);
 * try (SamplesCsvWriter out = SamplesCsvWriter.open(Path.of("all.csv"), WriteMode.CREATE_NEW)) {
 *     merge.writeTo(out);
 * }
 * }
 */
public final class SamplesMerge {

    /** Rows handed to the writer at a time. */
    private static final int BATCH = 8192;

    private final List<Path> inputs;
    private final long rows;

    private SamplesMerge(List<Path> inputs, long rows) {
        this.inputs = inputs;
        this.rows = rows;
    }

    /**
     * Reads the inputs once and checks that they can be merged.
     *
     * @param inputs at least one samples file
     * @param warnings receives a warning per file whose last line was cut off (it is left out)
     * @return the merge, to {@link #writeTo(SamplesCsvWriter)}
     * @throws SamplesFormatException if a file is not a valid samples CSV
     * @throws InputException naming the files and the benchmark or sample if the columns or the
     *         benchmark sets differ, a file holds no sample, or a sample appears twice
     * @throws java.io.UncheckedIOException if a file cannot be read
     */
    public static SamplesMerge check(List<Path> inputs, Consumer<String> warnings) {
        Objects.requireNonNull(warnings, "warnings");
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("nothing to merge: give at least one samples file");
        }
        List<String> schema = known(inputs.getFirst());
        for (Path input : inputs.subList(1, inputs.size())) {
            List<String> columns = known(input);
            if (!columns.equals(schema)) {
                Set<String> missing = new LinkedHashSet<>(schema);
                missing.removeAll(columns);
                Set<String> extra = new LinkedHashSet<>(columns);
                extra.removeAll(schema);
                throw new InputException(input + " has other columns than " + inputs.getFirst()
                        + (missing.isEmpty() ? "" : "; it lacks " + String.join(", ", missing))
                        + (extra.isEmpty() ? "" : "; it adds " + String.join(", ", extra))
                        + "; merge files written by the same kbench version (or rewrite the older ones)");
            }
        }
        Keys keys = new Keys();
        Set<BenchmarkId> reference = null;
        long total = 0;
        for (int i = 0; i < inputs.size(); i++) {
            Path input = inputs.get(i);
            Set<BenchmarkId> benchmarks = new LinkedHashSet<>();
            long[] count = new long[1];
            BenchmarkId[] last = new BenchmarkId[1];
            SamplesCsv.readRows(input, warnings, row -> {
                if (last[0] == null || !last[0].benchmark().equals(row.benchmark) || !last[0].params().equals(row.params)) {
                    last[0] = new BenchmarkId(row.benchmark, row.params);
                    benchmarks.add(last[0]);
                }
                keys.add(row);
                count[0]++;
            });
            if (count[0] == 0) {
                throw new InputException(input + ": no samples (only a header?); nothing to merge");
            }
            if (reference == null) {
                reference = benchmarks;
            } else if (!benchmarks.equals(reference)) {
                Set<BenchmarkId> missing = new LinkedHashSet<>(reference);
                missing.removeAll(benchmarks);
                Set<BenchmarkId> extra = new LinkedHashSet<>(benchmarks);
                extra.removeAll(reference);
                throw new InputException(input + " does not hold the benchmarks of " + inputs.getFirst()
                        + (missing.isEmpty() ? "" : "; it lacks " + first(missing))
                        + (extra.isEmpty() ? "" : "; it adds " + first(extra))
                        + "; merge only runs of the same benchmarks and parameters");
            }
            total += count[0];
        }
        keys.duplicate().ifPresent(d -> {
            throw d.describe(inputs);
        });
        return new SamplesMerge(List.copyOf(inputs), total);
    }

    /**
     * How many rows the merged file holds.
     *
     * @return the rows of every input
     */
    public long rows() {
        return rows;
    }

    /**
     * Copies every input's rows to {@code out}, inputs in order, a batch at a time.
     *
     * @param out the merged file, open
     * @throws IOException if writing fails
     */
    public void writeTo(SamplesCsvWriter out) throws IOException {
        List<SampleRecord> batch = new ArrayList<>(BATCH);
        try {
            for (Path input : inputs) {
                SamplesCsv.readRows(input, warning -> { }, row -> {
                    batch.add(row.record());
                    if (batch.size() == BATCH) {
                        flush(out, batch);
                    }
                });
                flush(out, batch);
            }
        } catch (WriteFailed e) {
            throw e.failure;
        }
    }

    private static void flush(SamplesCsvWriter out, List<SampleRecord> batch) {
        try {
            out.append(batch);
        } catch (IOException e) {
            throw new WriteFailed(e);
        }
        batch.clear();
    }

    /** Carries a write failure out of the reader's callback. */
    private static final class WriteFailed extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient IOException failure;

        WriteFailed(IOException failure) {
            super(failure.getMessage(), failure, false, false);
            this.failure = failure;
        }
    }

    /**
     * The kbench columns of a file's header, in {@link SamplesCsv#COLUMNS} order, without those added since
     * {@code run_id} (included): a file without them reads them as unknown, which is what they are.
     */
    private static List<String> known(Path file) {
        List<String> header = SamplesCsv.header(file);
        List<String> later = SamplesCsv.COLUMNS.subList(SamplesCsv.COLUMNS.indexOf("run_id"), SamplesCsv.COLUMNS.size());
        return SamplesCsv.COLUMNS.stream().filter(c -> !later.contains(c) && header.contains(c)).toList();
    }

    private static String first(Set<BenchmarkId> ids) {
        List<String> names = ids.stream().limit(3).map(BenchmarkId::toString).toList();
        return String.join(", ", names) + (ids.size() > 3 ? " and " + (ids.size() - 3) + " more" : "");
    }

    /**
     * The keys of every row: rows sharing (host, device, run, fork, benchmark, params) form a group, and
     * each group keeps its (repetition, sample) pairs as longs, so a row costs 8 bytes.
     */
    private static final class Keys {
        private final Map<List<Object>, Integer> groups = new HashMap<>();
        private final List<List<Object>> names = new ArrayList<>();
        private final List<long[]> values = new ArrayList<>();
        private final List<int[]> sizes = new ArrayList<>();
        private List<Object> last;
        private int lastGroup;

        void add(SamplesCsv.Row row) {
            String device = row.deviceId.isEmpty() ? row.device : row.deviceId;
            if (last == null || row.fork != (Integer) last.get(3) || !row.host.equals(last.get(0))
                    || !device.equals(last.get(1)) || !row.runId.equals(last.get(2))
                    || !row.benchmark.equals(last.get(4)) || !row.params.equals(last.get(5))) {
                last = List.of(row.host, device, row.runId, row.fork, row.benchmark, row.params);
                lastGroup = groups.computeIfAbsent(last, k -> {
                    names.add(k);
                    values.add(new long[16]);
                    sizes.add(new int[1]);
                    return names.size() - 1;
                });
            }
            int[] size = sizes.get(lastGroup);
            long[] keys = values.get(lastGroup);
            if (size[0] == keys.length) {
                keys = Arrays.copyOf(keys, keys.length + Math.max(16, keys.length >> 1));
                values.set(lastGroup, keys);
            }
            keys[size[0]++] = key(row.repetition, row.sample);
        }

        static long key(int repetition, int sample) {
            return ((long) (repetition + 1) << 32) | sample;
        }

        java.util.Optional<Duplicate> duplicate() {
            for (int g = 0; g < names.size(); g++) {
                long[] keys = values.get(g);
                int size = sizes.get(g)[0];
                Arrays.sort(keys, 0, size);
                for (int i = 1; i < size; i++) {
                    if (keys[i] == keys[i - 1]) {
                        return java.util.Optional.of(new Duplicate(names.get(g), keys[i]));
                    }
                }
                values.set(g, null);
            }
            return java.util.Optional.empty();
        }
    }

    /** A sample found twice: its group and (repetition, sample) key, to be looked up for the message. */
    private record Duplicate(List<Object> group, long key) {

        /** Finds the two rows again and names their files. */
        InputException describe(List<Path> inputs) {
            List<String> where = new ArrayList<>();
            for (Path input : inputs) {
                SamplesCsv.readRows(input, warning -> { }, row -> {
                    String device = row.deviceId.isEmpty() ? row.device : row.deviceId;
                    if (where.size() < 2 && Keys.key(row.repetition, row.sample) == key && row.host.equals(group.get(0))
                            && device.equals(group.get(1)) && row.runId.equals(group.get(2))
                            && row.fork == (Integer) group.get(3) && row.benchmark.equals(group.get(4))
                            && row.params.equals(group.get(5))) {
                        where.add(input + ":" + row.line);
                    }
                });
            }
            int repetition = (int) (key >>> 32) - 1;
            int sample = (int) key;
            String runId = (String) group.get(2);
            return new InputException("duplicate sample: " + SampleRecord.id((String) group.get(4),
                    (String) group.get(5)) + " repetition " + (repetition < 0 ? "-" : Integer.toString(repetition))
                    + " sample " + sample + " of fork " + group.get(3) + (runId.isEmpty() ? "" : " of run " + runId)
                    + " on host '" + group.get(0) + "', device '" + group.get(1) + "' is at " + String.join(" and ", where)
                    + "; each sample may be merged once (is a file given twice, or a file merged with a copy?)");
        }
    }
}

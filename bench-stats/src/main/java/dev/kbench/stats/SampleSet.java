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

import dev.kbench.api.InputException;
import dev.kbench.api.SampleRecord;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Samples in primitive columns, one {@link Series} per benchmark ({@code benchmark}, {@code params})
 * in the order benchmarks first appear: about 24 bytes a sample, where a list of
 * {@link SampleRecord}s takes several times that. Each sample keeps its device
 * ({@link #deviceGroups()}: host, backend, device, device id), so the samples of several devices or
 * hosts in one file are told apart and {@link #only(DeviceGroup)} keeps one device's. Each series is in
 * run order (by device, fork, repetition, sample), a fork being one device's fork, and no two of its
 * samples share device, fork, repetition and sample. Immutable once built.
 *
 * {@snippet :
 * SampleSet base = SamplesCsv.readSet(Path.of("base.csv"), System.err::println);   // dev.kbench.stats.io
 * CompareReport report = Compare.withDefaults().compare(base, SamplesCsv.readSet(Path.of("new.csv"), w -> { }));
 * }
 */
public final class SampleSet {

    private final String source;
    private final Map<BenchmarkId, Series> series;
    private final List<String> backends;
    private final List<String> devices;
    private final List<DeviceGroup> deviceGroups;
    private final List<String> runIds;
    private final long size;

    private SampleSet(String source, Map<BenchmarkId, Series> series, List<String> backends, List<String> devices,
                      List<DeviceGroup> deviceGroups, List<String> runIds) {
        this.source = source;
        this.runIds = List.copyOf(runIds);
        this.series = Collections.unmodifiableMap(series);
        this.backends = List.copyOf(backends);
        this.devices = List.copyOf(devices);
        this.deviceGroups = List.copyOf(deviceGroups);
        this.size = series.values().stream().mapToLong(Series::size).sum();
    }

    /**
     * The samples of records, e.g. those of {@link dev.kbench.stats.io.SamplesCsv#read(java.nio.file.Path)}.
     *
     * @param records the samples
     * @return the set, named {@code <records>} in messages; records with the same benchmark, params,
     *         device, fork, repetition and sample are all kept, in their order in {@code records}
     */
    public static SampleSet of(List<SampleRecord> records) {
        Builder builder = builder("<records>");
        long at = 0;
        for (SampleRecord r : records) {
            builder.add(r, ++at);
        }
        return builder.build();
    }

    /**
     * A builder that takes samples one at a time, for a reader of a samples file or stream that need not
     * hold them all as records: it keeps about 24 bytes a sample.
     *
     * {@snippet :
     * SampleSet.Builder builder = SampleSet.builder("base.csv").rejectDuplicates();
     * builder.add(record, line);   // for each sample, with where it is in its source
     * SampleSet samples = builder.build();
     * }
     *
     * @param source where the samples come from, e.g. a file name: {@link #source()}, named in messages
     * @return a builder that keeps samples that repeat (see {@link Builder#rejectDuplicates()})
     */
    public static Builder builder(String source) {
        return new Builder(source);
    }

    /**
     * The benchmarks, in the order they first appear.
     *
     * @return the identities
     */
    public Set<BenchmarkId> ids() {
        return series.keySet();
    }

    /**
     * The samples of every benchmark, in the order benchmarks first appear.
     *
     * @return the series by benchmark
     */
    public Map<BenchmarkId, Series> series() {
        return series;
    }

    /**
     * How many samples there are in all.
     *
     * @return the count
     */
    public long size() {
        return size;
    }

    /**
     * The non-empty backend names, in order of appearance.
     *
     * @return e.g. {@code [cuda]}
     */
    public List<String> backends() {
        return backends;
    }

    /**
     * The non-empty device names, in order of appearance.
     *
     * @return e.g. {@code [NVIDIA H200]}
     */
    public List<String> devices() {
        return devices;
    }

    /**
     * The devices the samples come from, in order of first appearance: one untagged group for a file
     * without device columns. {@link Series#deviceIndexes()} indexes this list.
     *
     * @return the groups
     */
    public List<DeviceGroup> deviceGroups() {
        return deviceGroups;
    }

    /**
     * The runs the samples come from ({@code run_id}), in order of first appearance: one per
     * {@code kbench run} appended to or merged into the file; a file without run ids is one run, {@code ""}.
     * {@link Series#runIndexes()} indexes this list.
     *
     * @return the run ids, at least one for a non-empty set
     */
    public List<String> runIds() {
        return runIds;
    }

    /**
     * The samples of one device, e.g. for {@code compare --base-device}: the same statistics apply to
     * them as to a whole file.
     *
     * @param group one of {@link #deviceGroups()}
     * @return a set holding only that device's samples; benchmarks without any are left out
     * @throws InputException if {@code group} is not one of this set's
     */
    public SampleSet only(DeviceGroup group) {
        int index = deviceGroups.indexOf(group);
        if (index < 0) {
            throw new InputException("no samples of " + group.label() + " in " + source);
        }
        if (deviceGroups.size() == 1) {
            return this;
        }
        Map<BenchmarkId, Series> kept = new LinkedHashMap<>();
        series.forEach((id, s) -> {
            Series part = s.only(index);
            if (part.size() > 0) {
                kept.put(id, part);
            }
        });
        return new SampleSet(source, kept, nonEmpty(group.backend()), nonEmpty(group.device()), List.of(group), runIds);
    }

    private static List<String> nonEmpty(String value) {
        return value.isEmpty() ? List.of() : List.of(value);
    }

    /**
     * Where the samples came from.
     *
     * @return the file name as given to the reader, or {@code <records>}
     */
    public String source() {
        return source;
    }

    /**
     * One benchmark's samples in run order: sorted by device, then run, then fork, then repetition, then
     * sample index. The arrays are the series' own: do not modify them.
     */
    public static final class Series {
        private final double[] timesMillis;
        private final int[] deviceIndexes;
        private final int[] runIndexes;
        private final int[] forks;
        private final int[] repetitions;
        private final int[] samples;
        private final double[] smClockMHz;
        private final int[] throttling;
        private final double[] joulesPerCall;
        private final int forkCount;

        Series(double[] timesMillis, int[] deviceIndexes, int[] runIndexes, int[] forks, int[] repetitions,
               int[] samples, double[] smClockMHz, int[] throttling, double[] joulesPerCall) {
            this.joulesPerCall = joulesPerCall;
            this.smClockMHz = smClockMHz;
            this.throttling = throttling;
            this.timesMillis = timesMillis;
            this.deviceIndexes = deviceIndexes;
            this.runIndexes = runIndexes;
            this.forks = forks;
            this.repetitions = repetitions;
            this.samples = samples;
            int count = 0;
            for (int i = 0; i < forks.length; i++) {
                if (newFork(i)) {
                    count++;
                }
            }
            this.forkCount = count;
        }

        /** Whether sample {@code i} starts a fork: another device's or another run's fork is another fork. */
        private boolean newFork(int i) {
            return i == 0 || forks[i] != forks[i - 1] || deviceIndexes[i] != deviceIndexes[i - 1]
                    || runIndexes[i] != runIndexes[i - 1];
        }

        /** The samples of one device, in the same order. */
        Series only(int device) {
            int from = 0;
            while (from < deviceIndexes.length && deviceIndexes[from] != device) {
                from++;
            }
            int to = from;
            while (to < deviceIndexes.length && deviceIndexes[to] == device) {
                to++;
            }
            return new Series(Arrays.copyOfRange(timesMillis, from, to), Arrays.copyOfRange(deviceIndexes, from, to),
                    Arrays.copyOfRange(runIndexes, from, to), Arrays.copyOfRange(forks, from, to), Arrays.copyOfRange(repetitions, from, to),
                    Arrays.copyOfRange(samples, from, to), Arrays.copyOfRange(smClockMHz, from, to),
                    Arrays.copyOfRange(throttling, from, to), Arrays.copyOfRange(joulesPerCall, from, to));
        }

        /**
         * How many samples.
         *
         * @return the count
         */
        public int size() {
            return timesMillis.length;
        }

        /**
         * The times, in run order.
         *
         * @return the array itself, in milliseconds
         */
        public double[] timesMillis() {
            return timesMillis;
        }

        /**
         * Each sample's device, an index into {@link SampleSet#deviceGroups()}.
         *
         * @return the array itself
         */
        public int[] deviceIndexes() {
            return deviceIndexes;
        }

        /**
         * Each sample's run, an index into {@link SampleSet#runIds()}.
         *
         * @return the array itself
         */
        public int[] runIndexes() {
            return runIndexes;
        }

        /**
         * Each sample's fork.
         *
         * @return the array itself
         */
        public int[] forks() {
            return forks;
        }

        /**
         * Each sample's repetition, -1 where the file has none.
         *
         * @return the array itself
         */
        public int[] repetitions() {
            return repetitions;
        }

        /**
         * Each sample's index within its repetition.
         *
         * @return the array itself
         */
        public int[] samples() {
            return samples;
        }

        /**
         * The SM clock read after each sample's repetition ({@code sm_clock_mhz}), NaN where unknown.
         *
         * @return the array itself, in MHz
         */
        public double[] smClockMHz() {
            return smClockMHz;
        }

        /**
         * The throttling seen during each sample's repetition ({@code throttle}): bit {@code i} set for
         * {@code ThrottleReason.values()[i]}, 0 for none, -1 where unknown.
         *
         * @return the array itself
         */
        public int[] throttling() {
            return throttling;
        }

        /**
         * The energy per call over each sample's repetition ({@code joules_per_call}), NaN where unknown.
         *
         * @return the array itself, in J
         */
        public double[] joulesPerCall() {
            return joulesPerCall;
        }

        /**
         * How many distinct forks, each device's and each run's forks counted apart.
         *
         * @return at least 1 for a non-empty series
         */
        public int forkCount() {
            return forkCount;
        }

        /**
         * The sizes of the consecutive runs of samples that share a key, e.g. each fork's sample
         * count ({@code byRepetition} false) or each (fork, repetition)'s.
         *
         * @param byRepetition split forks into their repetitions too
         * @return the sizes, in run order
         */
        public int[] runSizes(boolean byRepetition) {
            int[] sizes = new int[timesMillis.length];
            int runs = 0;
            for (int i = 0; i < timesMillis.length; i++) {
                boolean fresh = newFork(i) || byRepetition && repetitions[i] != repetitions[i - 1];
                if (fresh) {
                    runs++;
                }
                sizes[runs - 1]++;
            }
            return Arrays.copyOf(sizes, runs);
        }
    }

    /** A set of throttling reasons as bits of their ordinals; -1 for null (unknown). */
    static int mask(java.util.Set<dev.kbench.api.ThrottleReason> reasons) {
        if (reasons == null) {
            return -1;
        }
        int bits = 0;
        for (dev.kbench.api.ThrottleReason r : reasons) {
            bits |= 1 << r.ordinal();
        }
        return bits;
    }

    /**
     * Collects samples into growing primitive columns, in the order they are added (see
     * {@link SampleSet#builder(String)}). Not thread-safe; build once.
     */
    public static final class Builder {
        private final String source;
        private boolean unique;
        private final Map<BenchmarkId, Column> columns = new LinkedHashMap<>();
        private final Set<String> backends = new LinkedHashSet<>();
        private final Set<String> devices = new LinkedHashSet<>();
        private final Map<DeviceGroup, Integer> groups = new LinkedHashMap<>();
        private final Map<String, Integer> runs = new LinkedHashMap<>();
        private String lastRun;
        private int lastRunIndex;
        private BenchmarkId lastId;
        private Column last;
        private DeviceGroup lastGroup;
        private int lastGroupIndex;

        private Builder(String source) {
            this.source = Objects.requireNonNull(source, "source");
        }

        /**
         * Makes two samples with the same benchmark, params, host, backend, device, device id, run id,
         * fork, repetition and sample an error of {@link #build()}, as in a samples file (docs/formats.md §2).
         *
         * @return this builder
         */
        public Builder rejectDuplicates() {
            this.unique = true;
            return this;
        }

        /**
         * Adds a sample.
         *
         * @param record the sample
         * @param line where it is in the source, e.g. its 1-based line in a file: named in the message about
         *        a duplicate
         * @return this builder
         */
        public Builder add(SampleRecord record, long line) {
            String benchmark = record.benchmark();
            String params = record.params();
            if (last == null || !lastId.benchmark().equals(benchmark) || !lastId.params().equals(params)) {
                lastId = new BenchmarkId(benchmark, params);
                last = columns.computeIfAbsent(lastId, k -> new Column());
            }
            String host = record.host();
            String backend = record.backend();
            String device = record.device();
            String deviceId = record.deviceId();
            if (lastGroup == null || !lastGroup.host().equals(host) || !lastGroup.backend().equals(backend)
                    || !lastGroup.device().equals(device) || !lastGroup.deviceId().equals(deviceId)) {
                lastGroup = new DeviceGroup(host, backend, device, deviceId);
                lastGroupIndex = groups.computeIfAbsent(lastGroup, g -> groups.size());
            }
            if (lastRun == null || !lastRun.equals(record.runId())) {
                lastRun = record.runId();
                lastRunIndex = runs.computeIfAbsent(lastRun, r -> runs.size());
            }
            last.add(record, lastGroupIndex, lastRunIndex, line);
            if (!backend.isEmpty()) {
                backends.add(backend);
            }
            if (!device.isEmpty()) {
                devices.add(device);
            }
            return this;
        }

        /**
         * The set of the samples added, each benchmark's series in run order.
         *
         * @return the set
         * @throws SamplesFormatException naming both lines, if duplicates are rejected and two samples are the
         *         same
         */
        public SampleSet build() {
            Map<BenchmarkId, Series> series = new LinkedHashMap<>();
            for (Map.Entry<BenchmarkId, Column> e : columns.entrySet()) {
                series.put(e.getKey(), e.getValue().series(e.getKey()));
            }
            return new SampleSet(source, series, new ArrayList<>(backends), new ArrayList<>(devices),
                    new ArrayList<>(groups.keySet()), new ArrayList<>(runs.keySet()));
        }

        /** One benchmark's growing columns, with each row's line for messages. */
        private final class Column {
            private double[] times = new double[16];
            private int[] deviceIndexes = new int[16];
            private int[] runIndexes = new int[16];
            private int[] forks = new int[16];
            private int[] repetitions = new int[16];
            private int[] samples = new int[16];
            private double[] clocks = new double[16];
            private int[] throttle = new int[16];
            private double[] joules = new double[16];
            private long[] lines = new long[16];
            private int size;

            void add(SampleRecord record, int device, int run, long line) {
                if (size == times.length) {
                    int grown = size + Math.max(16, size >> 1);
                    times = Arrays.copyOf(times, grown);
                    deviceIndexes = Arrays.copyOf(deviceIndexes, grown);
                    runIndexes = Arrays.copyOf(runIndexes, grown);
                    forks = Arrays.copyOf(forks, grown);
                    repetitions = Arrays.copyOf(repetitions, grown);
                    samples = Arrays.copyOf(samples, grown);
                    clocks = Arrays.copyOf(clocks, grown);
                    throttle = Arrays.copyOf(throttle, grown);
                    joules = Arrays.copyOf(joules, grown);
                    lines = Arrays.copyOf(lines, grown);
                }
                times[size] = record.timeMillis();
                deviceIndexes[size] = device;
                runIndexes[size] = run;
                forks[size] = record.fork();
                repetitions[size] = record.repetition().orElse(-1);
                samples[size] = record.sample();
                clocks[size] = record.smClockMHz().orElse(Double.NaN);
                throttle[size] = mask(record.throttling().orElse(null));
                joules[size] = record.joulesPerCall().orElse(Double.NaN);
                lines[size] = line;
                size++;
            }

            private int compare(int i, int j) {
                int c = Integer.compare(deviceIndexes[i], deviceIndexes[j]);
                if (c == 0) {
                    c = Integer.compare(runIndexes[i], runIndexes[j]);
                }
                if (c == 0) {
                    c = Integer.compare(forks[i], forks[j]);
                }
                if (c == 0) {
                    c = Integer.compare(repetitions[i], repetitions[j]);
                }
                return c == 0 ? Integer.compare(samples[i], samples[j]) : c;
            }

            Series series(BenchmarkId id) {
                boolean sorted = true;
                for (int i = 1; i < size && sorted; i++) {
                    int c = compare(i - 1, i);
                    if (c == 0 && unique) {
                        throw duplicate(id, i - 1, i);
                    }
                    sorted = c <= 0;
                }
                if (sorted) {
                    return new Series(Arrays.copyOf(times, size), Arrays.copyOf(deviceIndexes, size),
                            Arrays.copyOf(runIndexes, size), Arrays.copyOf(forks, size),
                            Arrays.copyOf(repetitions, size), Arrays.copyOf(samples, size), Arrays.copyOf(clocks, size),
                            Arrays.copyOf(throttle, size), Arrays.copyOf(joules, size));
                }
                int[] order = java.util.stream.IntStream.range(0, size).boxed()
                        .sorted((a, b) -> compare(a, b) != 0 ? compare(a, b) : Long.compare(lines[a], lines[b]))
                        .mapToInt(Integer::intValue).toArray();
                for (int i = 1; i < size; i++) {
                    if (unique && compare(order[i - 1], order[i]) == 0) {
                        throw duplicate(id, order[i - 1], order[i]);
                    }
                }
                double[] t = new double[size];
                int[] d = new int[size];
                int[] u = new int[size];
                int[] f = new int[size];
                int[] r = new int[size];
                int[] s = new int[size];
                double[] c = new double[size];
                int[] h = new int[size];
                double[] j = new double[size];
                for (int i = 0; i < size; i++) {
                    t[i] = times[order[i]];
                    d[i] = deviceIndexes[order[i]];
                    u[i] = runIndexes[order[i]];
                    f[i] = forks[order[i]];
                    r[i] = repetitions[order[i]];
                    s[i] = samples[order[i]];
                    c[i] = clocks[order[i]];
                    h[i] = throttle[order[i]];
                    j[i] = joules[order[i]];
                }
                return new Series(t, d, u, f, r, s, c, h, j);
            }

            private SamplesFormatException duplicate(BenchmarkId id, int first, int second) {
                return new SamplesFormatException(source, lines[second], null, "repeats line " + lines[first]
                        + ": both are benchmark '" + id + "'" + where(deviceIndexes[second]) + run(runIndexes[second])
                        + ", fork " + forks[second]
                        + ", repetition "
                        + (repetitions[second] < 0 ? "(none)" : repetitions[second]) + ", sample " + samples[second]
                        + "; a file holds each sample once (one file appended to another by hand, or a run id given twice?)");
            }

            /** The run of a duplicate: nothing for rows without a run id. */
            private String run(int index) {
                String id = List.copyOf(runs.keySet()).get(index);
                return id.isEmpty() ? "" : ", run " + id;
            }

            /** The device of a duplicate, as merge names it: nothing for untagged rows. */
            private String where(int device) {
                DeviceGroup group = List.copyOf(groups.keySet()).get(device);
                String id = group.deviceId().isEmpty() ? group.device() : group.deviceId();
                return group.host().isEmpty() && id.isEmpty() ? "" : " on host '" + group.host() + "', device '" + id + "'";
            }
        }
    }
}

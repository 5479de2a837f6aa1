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

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kbench.api.BenchmarkOutcome;
import dev.kbench.api.OutputException;
import dev.kbench.api.Params;
import dev.kbench.api.RepetitionTelemetry;
import dev.kbench.api.SampleRecord;
import dev.kbench.api.Schedule;
import dev.kbench.api.StopReason;
import dev.kbench.api.SuiteResult;
import dev.kbench.api.ThrottleReason;
import dev.kbench.api.Timing;
import dev.kbench.api.TimingMethod;
import dev.kbench.api.internal.Descriptors;
import dev.kbench.api.internal.Quantiles;
import dev.kbench.forks.ForkOutcome;
import dev.kbench.forks.ForkSequence;
import dev.kbench.forks.Forks;
import dev.kbench.stats.BenchmarkId;
import dev.kbench.stats.SampleSet;
import dev.kbench.stats.io.WriteMode;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Consumer;
import java.util.stream.Stream;
import picocli.CommandLine;

/**
 * What {@code run --forks} and {@code ab} share: the command line of a child {@code kbench run}
 * (this JVM's java, options and paths, with the parent's options minus those the parent owns), the
 * forwarding of children's output, and a run's result rebuilt from the samples of all its forks.
 */
final class ForkedRuns {

    private ForkedRuns() {
    }

    /**
     * A child {@code kbench run}: the parent's top-level options (such as {@code --backend}), then
     * {@code run} and the options given to the parent's subcommand except the skipped ones.
     *
     * @param spec the parent's subcommand
     * @param errorDirectory where a crashing child JVM writes its {@code hs_err} file
     * @param skip the options (by any of their names) the parent handles itself
     * @param extra arguments appended after the forwarded options
     * @return the command
     */
    static List<String> childRun(CommandLine.Model.CommandSpec spec, Path errorDirectory, Set<String> skip,
                                 List<String> extra) {
        List<String> command = new ArrayList<>(Forks.javaCommand(
                Main.class.getModule().isNamed() ? Main.class.getModule().getName() : null, Main.class.getName(),
                errorDirectory, List.of()));
        // the launcher's -Dkbench.stdout.fd names its copy of standard output, a descriptor no child inherits: a
        // child given it would write its output to whatever it opened under that number, or fail
        command.removeIf(option -> option.startsWith("-D" + Descriptors.STDOUT_FD + "="));
        command.addAll(options(spec.root().commandLine().getParseResult(), skip));
        command.add("run");
        command.addAll(options(spec.commandLine().getParseResult(), skip));
        command.addAll(extra);
        return command;
    }

    /** The options matched in one parse result, as given, without the skipped ones. */
    private static List<String> options(CommandLine.ParseResult parsed, Set<String> skip) {
        List<String> args = new ArrayList<>();
        // a repeated option is matched once per occurrence, with all its values each time
        for (CommandLine.Model.OptionSpec option : new java.util.LinkedHashSet<>(parsed.matchedOptions())) {
            if (java.util.Arrays.stream(option.names()).anyMatch(skip::contains)) {
                continue;
            }
            if (option.arity().max() == 0) {
                args.add(option.longestName());
            } else {
                for (String value : option.originalStringValues()) {
                    args.add(option.longestName());
                    args.add(value);
                }
            }
        }
        return args;
    }

    /**
     * The standby mode that {@code -Dkbench.forks.standby} chooses, with {@code -Dkbench.forks.standby.depth}
     * {@code -Dkbench.forks.handover} and {@code -Dkbench.forks.aot} checked too.
     *
     * @return the mode
     * @throws UsageException naming the property and its value if it is not a mode, a depth, a hand-over or
     *         true/false
     */
    static Forks.Standby standby() {
        try {
            Forks.standbyDepth();
            Forks.handsOverFinished();
            Forks.usesAotCache();
            return Forks.standby();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
    }

    /**
     * The forks' trace file ({@code -Dkbench.forks.trace}, diagnostics that every kbench fork appends to), as an
     * output for the checks before anything is measured: the forks never fail for their trace, so a file they
     * cannot write would otherwise leave no trace and no word.
     *
     * @return the target, appended to, or null where no trace is asked for
     * @throws UsageException naming the property and its value where it is no file name
     */
    static OutputTarget trace() {
        String value = System.getProperty(Forks.TRACE_PROPERTY, "");
        if (value.isEmpty()) {
            return null;
        }
        try {
            return new OutputTarget("-D" + Forks.TRACE_PROPERTY, Path.of(value), WriteMode.APPEND, false);
        } catch (InvalidPathException e) {
            throw new UsageException("-D" + Forks.TRACE_PROPERTY + "=" + value + " is not a file name: " + e.getReason(), e);
        }
    }

    /**
     * The forks of a run or an ab, one after another, in the standby mode of {@link #standby()}.
     *
     * @param timeout per fork, from its go
     * @param err where the children's output lines go
     * @param name what names a fork in the lines about it ({@code kbench ab: base fork 3}), or null for no such
     *        lines: {@code NAME, seed S} as the fork goes on (with standbys that is when the fork before releases
     *        the device, while its samples are still being read), and a line when one that went on ahead was
     *        not needed after all and was stopped
     * @return the sequence, to close after the last fork
     */
    static ForkSequence sequence(java.time.Duration timeout, PrintWriter err,
                                 java.util.function.Function<Forks.Launch, String> name) {
        Consumer<String> sink = lines(err);
        return new ForkSequence(timeout, sink, standby(), new ForkSequence.Listener() {
            @Override
            public void went(Forks.Launch launch) {
                String named = name.apply(launch);
                if (named != null) {
                    sink.accept(named + ", seed " + launch.seed());
                }
            }

            @Override
            public void dropped(Forks.Launch launch) {
                String named = name.apply(launch);
                if (named != null) {
                    sink.accept(named + " (seed " + launch.seed() + ") went on ahead and was stopped, not needed: "
                            + "none of its samples are kept");
                }
            }
        });
    }

    /**
     * A sink for children's output lines: each printed whole and flushed, whatever thread (a fork's reader) sends it.
     *
     * @param writer stderr, or stdout for a device's table
     * @return the sink
     */
    static Consumer<String> lines(PrintWriter writer) {
        return line -> {
            synchronized (writer) {
                writer.println(line);
                writer.flush();
            }
        };
    }

    /**
     * Appends a fork's samples to the run's samples file. Where that file cannot be written (a full disk), the
     * error also says where every sample is: the forks' samples files, each complete, in the forks' directory,
     * which a run that fails so does not remove.
     *
     * @param csv the run's samples file
     * @param rows the fork's samples
     * @param directory the forks' directory
     * @throws OutputException naming the samples file, the reason and the forks' directory
     */
    static void append(OutputFiles.Samples csv, List<SampleRecord> rows, Path directory) {
        try {
            csv.append(rows);
        } catch (OutputException e) {
            throw new OutputException(e.getMessage() + "; the forks' samples files, each complete, are kept in "
                    + directory, e);
        }
    }

    /**
     * The warm-up forks for a run's first line on stderr.
     *
     * @param count the warm-up forks
     * @return {@code , after 1 warm-up fork}, or nothing where there are none
     */
    static String afterWarmups(int count) {
        return count == 0 ? "" : ", after " + count + " warm-up fork" + (count == 1 ? "" : "s");
    }

    /**
     * Reports the forks that died or were stopped, on stderr, and removes the forks' directory unless it
     * holds something to look at: a crash report or the output of a fork that died, or the only copy of
     * the samples (when the run has no samples file). A run is stopped by a signal when a fork was stopped,
     * and also when this JVM began to exit between two forks, after one ended and before the next started
     * ({@link #stopped}): no fork was killed, but the run is cut short all the same.
     *
     * @param forks every fork's outcome, in the order run
     * @param planned the number of forks the run was to have, 0 where it has no fixed number (ab until decided)
     * @param directory the forks' temporary directory
     * @param copies whether every recorded sample is also in the run's samples file
     * @param err stderr
     * @return true if a fork died or the run was stopped
     */
    static boolean reportDead(List<ForkOutcome> forks, int planned, Path directory, boolean copies, PrintWriter err) {
        List<ForkOutcome> dead = forks.stream().filter(f -> !f.completed()).toList();
        for (ForkOutcome fork : dead) {
            err.println("kbench: " + fork.describe());
        }
        boolean stopped = stopped(forks);
        if (stopped) {
            err.println("kbench: stopped by a signal after " + forks.stream().filter(ForkOutcome::completed).count()
                    + (planned > 0 ? " of " + planned : "") + " forks completed; no further fork was started");
        }
        List<ForkOutcome> died = dead.stream().filter(f -> !f.stopped()).toList();
        // where the samples file holds every sample, the other forks' files are copies: kept only for the dead's
        if (!died.isEmpty() && (copies ? Forks.deleteUnlessLeftBy(directory, died) : Forks.deleteIfNothingIn(directory))) {
            err.println("kbench: " + died.size() + " of " + forks.size() + " forks died before writing a samples file or a "
                    + "JVM crash report (hs_err)");
        } else if (!died.isEmpty()) {
            err.println("kbench: " + died.size() + " of " + forks.size() + " forks died; their samples files and any "
                    + "JVM crash report (hs_err) are in " + directory);
        } else if (stopped && !copies) {
            err.println("kbench: the forks' samples files are kept in " + directory);
        } else {
            Forks.deleteQuietly(directory);
        }
        err.flush();
        return !dead.isEmpty() || stopped;
    }

    /**
     * Whether a signal (or {@link System#exit}) stopped the run: a fork was stopped, or this JVM is exiting and
     * so starts no further fork. A signal that comes between two forks kills none of them, yet cuts the run short
     * all the same: what the forks that ran measured is kept, and not reported as a run that went to its end.
     *
     * @param forks every fork's outcome, in the order run
     * @return true if the run was stopped
     */
    static boolean stopped(List<ForkOutcome> forks) {
        return Forks.stopping() || forks.stream().anyMatch(ForkOutcome::stopped);
    }

    /**
     * What a forked run's samples file holds, for the last line on stderr.
     *
     * @param forks every fork's outcome
     * @param planned the number of forks the run was to have
     * @param csv the samples file, finished
     * @return for example {@code samples of 2 of 3 forks (0, 1) in s.csv (column fork); ...}
     */
    static String kept(List<ForkOutcome> forks, int planned, OutputFiles.Samples csv) {
        if (csv.rows() == 0) {
            return "no fork recorded a sample; nothing was written to " + csv.file();
        }
        List<ForkOutcome> recorded = forks.stream().filter(f -> f.samples() > 0).toList();
        String which = recorded.size() == planned ? planned + " forks" : recorded.size() + " of " + planned
                + " forks (" + String.join(", ", recorded.stream().map(f -> Integer.toString(f.fork())).toList()) + ")";
        return "samples of " + which + " in " + csv.file() + " (column fork); compare two runs with: "
                + Main.typed() + " compare BASE.csv NEW.csv";
    }

    /**
     * Set for the forks of {@code run --forks}: such a fork writes its run JSON ({@link #orderFile}) whatever it
     * measured, a run whose every benchmark was skipped or failed too, and exits with status 0 once it has; the
     * parent makes the run's table and exit status from the forks' JSON. A status other than 0 is then a fork
     * that did not get to its report (a device failure, a crash, a signal): one that died.
     */
    static final String REPORT_VARIABLE = "KBENCH_FORK_REPORTS";

    /**
     * Where fork {@code fork} writes its run JSON, which holds its rows in the suite's order.
     *
     * @param directory the forks' directory
     * @param fork the fork's index
     * @return the file
     */
    static Path orderFile(Path directory, int fork) {
        return directory.resolve("fork-" + fork + ".json");
    }

    /**
     * What the run JSON of the first fork that wrote one ({@link #orderFile}) says of the run as a whole: the
     * backend and device, which a run that measured nothing has in no sample, and the suite's order of the
     * benchmarks and combinations, which the samples of an interleaved run come in shuffled.
     *
     * @param backend the backend's name, empty if no fork wrote its JSON
     * @param device the device's name, likewise
     * @param order the benchmarks and combinations in the suite's order; empty if no fork wrote its JSON (every
     *     fork died)
     */
    record Reported(String backend, String device, List<BenchmarkId> order) {

        /** Copies the order. */
        Reported {
            order = List.copyOf(order);
        }

        /** Nothing reported: no fork wrote its run JSON. */
        static final Reported NONE = new Reported("", "", List.of());
    }

    /**
     * What the forks reported of the run as a whole, from the run JSON of the first fork that wrote one.
     *
     * @param directory the forks' directory
     * @param forks the number of forks run
     * @return the backend, device and suite's order; {@link Reported#NONE} if no fork wrote its JSON
     */
    static Reported reported(Path directory, int forks) {
        for (int fork = 0; fork < forks; fork++) {
            Path file = orderFile(directory, fork);
            if (!Files.isRegularFile(file)) {
                continue;
            }
            try {
                JsonNode run = Json.MAPPER.readTree(file.toFile());
                List<BenchmarkId> order = new ArrayList<>();
                for (JsonNode result : run.path("results")) {
                    order.add(new BenchmarkId(result.path("benchmark").asText(), result.path("params").asText()));
                }
                return new Reported(run.path("backend").asText(""), run.path("device").asText(""), order);
            } catch (IOException e) {
                // a fork killed while writing it: the next fork's will do
            }
        }
        return Reported.NONE;
    }

    /** Jackson's mapper, made on first use: a parent reads its forks' JSON only after they ran. */
    private static final class Json {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }

    /**
     * What the forks' run JSON ({@link #orderFile}) says about one benchmark beyond its samples: how it was
     * timed, why it stopped where no fork measured it, and what was measured around the samples.
     *
     * @param timing cold or hot
     * @param method the method of the first fork that timed it
     * @param callsPerSample that fork's calls per sample
     * @param note that fork's note, and where forks timed it by different methods, how many used which
     * @param stopReason why it stopped: where a fork measured it, the reason of the forks that measured it where they
     *     agree, else the first of {@code time_budget}, {@code max_repetitions}, {@code noise_target} that one of them
     *     gave (a noise target met in some forks only was not met by the run); where none measured it, the first
     *     fork's (failed or skipped)
     * @param reason the first fork's skip reason or error where none measured it, else empty
     * @param estimateMillis the median over the forks of the per-call estimate; NaN where none took one
     * @param warmupCalls the median over the forks of the warmup calls made
     * @param hostMillisPerCall the median over the forks of the host time to enqueue a call; NaN where unknown
     * @param clearMillis the median over the forks of the clear's device time; NaN where unknown
     * @param smallerClearBytes the first fork's smaller device-sized clear, if it had one
     * @param peakBandwidthBytesPerSecond the device's peak bandwidth, if a fork knew it
     * @param energyNote the first fork's reason for no energy, or empty
     */
    record ForkFacts(Timing timing, TimingMethod method, int callsPerSample, String note, StopReason stopReason,
                     Optional<String> reason, double estimateMillis, int warmupCalls, double hostMillisPerCall,
                     double clearMillis, OptionalLong smallerClearBytes, OptionalDouble peakBandwidthBytesPerSecond,
                     String energyNote) {

        /** A benchmark no fork reported: cold by events, stopped after its repetitions, nothing else known. */
        static final ForkFacts NONE = new ForkFacts(Timing.COLD, TimingMethod.EVENTS, 1, "", StopReason.REPETITIONS,
                Optional.empty(), Double.NaN, 0, Double.NaN, Double.NaN, OptionalLong.empty(), OptionalDouble.empty(), "");

        /** {@return whether the forks failed or skipped it without measuring it} */
        boolean unmeasured() {
            return stopReason == StopReason.FAILED || stopReason == StopReason.SKIPPED;
        }
    }

    /**
     * What each benchmark's forks reported in their run JSON: a run with {@code --timing hot} or
     * {@code --graph} is labelled as its forks measured it, not as a cold run; the merged run keeps the
     * notes and warnings that need more than the samples (launch-bound, the clear dominating, % of peak),
     * and the reason of a benchmark no fork measured.
     *
     * @param directory the forks' directory
     * @param forks the number of forks run
     * @return per benchmark and combination; empty for those no fork reported
     */
    static Map<BenchmarkId, ForkFacts> facts(Path directory, int forks) {
        Map<BenchmarkId, List<JsonNode>> reported = new LinkedHashMap<>();
        for (int fork = 0; fork < forks; fork++) {
            Path file = orderFile(directory, fork);
            if (!Files.isRegularFile(file)) {
                continue;
            }
            try {
                for (JsonNode result : Json.MAPPER.readTree(file.toFile()).path("results")) {
                    if (result.hasNonNull("method") && result.hasNonNull("timing")) {
                        reported.computeIfAbsent(new BenchmarkId(result.path("benchmark").asText(),
                                result.path("params").asText()), k -> new ArrayList<>()).add(result);
                    }
                }
            } catch (IOException e) {
                // a fork killed while writing it: the other forks' will do
            }
        }
        Map<BenchmarkId, ForkFacts> facts = new LinkedHashMap<>();
        reported.forEach((id, results) -> {
            try {
                facts.put(id, facts(results));
            } catch (IllegalArgumentException e) {
                // a method or stop reason this build has no name for: the benchmark is labelled as NONE says
            }
        });
        return facts;
    }

    private static ForkFacts facts(List<JsonNode> results) {
        JsonNode first = results.getFirst();
        Map<TimingMethod, Integer> used = new EnumMap<>(TimingMethod.class);
        for (JsonNode r : results) {
            used.merge(TimingMethod.valueOf(r.path("method").asText().toUpperCase(Locale.ROOT)), 1, Integer::sum);
        }
        String note = first.path("timing_note").isTextual() ? first.path("timing_note").asText() : "";
        if (used.size() > 1) {
            List<String> counts = new ArrayList<>();
            used.forEach((m, n) -> counts.add(m.jsonName() + " in " + n));
            String mixed = "forks timed it by different methods: " + String.join(", ", counts);
            note = note.isEmpty() ? mixed : note + "; " + mixed;
        }
        List<StopReason> measured = results.stream().filter(r -> r.path("repetitions").asInt() > 0)
                .map(ForkedRuns::stopReason).toList();
        StopReason stop = measured.isEmpty() ? stopReason(first)
                : measured.stream().distinct().count() == 1 ? measured.getFirst()
                : Stream.of(StopReason.TIME_BUDGET, StopReason.MAX_REPETITIONS, StopReason.NOISE_TARGET)
                        .filter(measured::contains).findFirst().orElse(StopReason.REPETITIONS);
        JsonNode smaller = first.path("smaller_clear_bytes");
        OptionalDouble peakGbs = results.stream().map(r -> r.path("peak_gb_per_s")).filter(JsonNode::isNumber)
                .mapToDouble(JsonNode::asDouble).findFirst();
        return new ForkFacts(Timing.valueOf(first.path("timing").asText().toUpperCase(Locale.ROOT)),
                TimingMethod.valueOf(first.path("method").asText().toUpperCase(Locale.ROOT)),
                Math.max(1, first.path("calls_per_sample").asInt(1)), note,
                stop, measured.isEmpty() && first.path("reason").isTextual() ? Optional.of(first.path("reason").asText())
                        : Optional.empty(),
                median(results, "estimate_ms"), (int) Math.round(median(results, "warmup_calls")),
                median(results, "host_ms_per_call"), median(results, "clear_ms"),
                smaller.isNumber() ? OptionalLong.of(smaller.asLong()) : OptionalLong.empty(),
                peakGbs.isPresent() ? OptionalDouble.of(peakGbs.getAsDouble() * 1e9) : OptionalDouble.empty(),
                first.path("energy_note").isTextual() ? first.path("energy_note").asText() : "");
    }

    private static StopReason stopReason(JsonNode result) {
        return StopReason.valueOf(result.path("stop_reason").asText("repetitions").toUpperCase(Locale.ROOT));
    }

    /** The median of a number the forks reported, over those that reported it; NaN where none did. */
    private static double median(List<JsonNode> results, String key) {
        double[] values = results.stream().map(r -> r.path(key)).filter(JsonNode::isNumber)
                .mapToDouble(JsonNode::asDouble).toArray();
        return values.length == 0 ? Double.NaN : Quantiles.of(values, 0.5);
    }

    /**
     * A run rebuilt from the samples of all its forks, for the run table and files: one outcome per
     * benchmark in the suite's order (those missing from {@code order} after the others, in the order
     * first measured), each fork's repetitions one after another.
     *
     * @param samples every fork's samples, tagged with the fork
     * @param reported the suite's order, and the backend and device where no sample names them, from
     *     {@link #reported}
     * @param facts what the forks reported beyond the samples, from {@link #facts}; {@link ForkFacts#NONE} where
     *     absent. A benchmark of the order that no fork measured is kept where the first fork that reported it
     *     failed or skipped it, with that fork's reason
     * @param seed the run's seed
     * @param schedule the schedule of every fork
     * @return the result
     */
    static SuiteResult merged(List<SampleRecord> samples, Reported reported, Map<BenchmarkId, ForkFacts> facts,
                              long seed, Schedule schedule) {
        List<BenchmarkId> order = reported.order();
        Map<BenchmarkId, SampleRecord> first = new LinkedHashMap<>();
        for (SampleRecord s : samples) {
            first.putIfAbsent(BenchmarkId.of(s), s);
        }
        Map<BenchmarkId, SampleSet.Series> series = SampleSet.of(samples).series();
        Map<BenchmarkId, BenchmarkOutcome> outcomes = new LinkedHashMap<>();
        for (Map.Entry<BenchmarkId, SampleSet.Series> b : series.entrySet()) {
            SampleRecord s = first.get(b.getKey());
            SampleSet.Series samplesOf = b.getValue();
            double[] times = samplesOf.timesMillis();
            List<double[]> repetitions = new ArrayList<>();
            List<RepetitionTelemetry> telemetry = new ArrayList<>();
            int at = 0;
            for (int size : samplesOf.runSizes(true)) {
                repetitions.add(Arrays.copyOfRange(times, at, at + size));
                telemetry.add(telemetry(samplesOf, at));
                at += size;
            }
            ForkFacts f = facts.getOrDefault(b.getKey(), ForkFacts.NONE);
            outcomes.put(b.getKey(), BenchmarkOutcome.builder(s.benchmark(), params(s.params())).repetitions(repetitions)
                    .work(s.bytes(), s.flops())
                    .timing(f.timing(), f.method(), f.callsPerSample(), f.note())
                    .measurement(f.estimateMillis(), f.warmupCalls(), f.hostMillisPerCall(), f.clearMillis(),
                            f.smallerClearBytes())
                    .peakBandwidth(f.peakBandwidthBytesPerSecond()).energyNote(f.energyNote())
                    .stopped(f.unmeasured() ? StopReason.REPETITIONS : f.stopReason(), Optional.empty())
                    .telemetry(telemetry).build());
        }
        for (BenchmarkId id : order) {
            ForkFacts f = facts.get(id);
            if (!outcomes.containsKey(id) && f != null && f.unmeasured()) {
                outcomes.put(id, BenchmarkOutcome.builder(id.benchmark(), params(id.params()))
                        .timing(f.timing(), f.method(), f.callsPerSample(), f.note())
                        .stopped(f.stopReason(), f.reason()).build());
            }
        }
        // a stable sort: in the suite's order, those the order does not know after them as first measured
        List<BenchmarkOutcome> ordered = outcomes.entrySet().stream().sorted(java.util.Comparator.comparingInt(e -> {
            int at = order.indexOf(e.getKey());
            return at < 0 ? Integer.MAX_VALUE : at;
        })).map(Map.Entry::getValue).toList();
        String device = samples.isEmpty() ? reported.device() : samples.getFirst().device();
        String name = samples.isEmpty() || samples.getFirst().backend().isEmpty() ? reported.backend()
                : samples.getFirst().backend();
        String runId = samples.isEmpty() ? "" : samples.getFirst().runId();
        return SuiteResult.builder(name, device).order(schedule, seed).runId(runId).outcomes(ordered).build();
    }

    /** What a fork's samples say about the repetition of sample {@code i}: its clock, throttling and energy. */
    private static RepetitionTelemetry telemetry(SampleSet.Series series, int i) {
        double clock = series.smClockMHz()[i];
        int mask = series.throttling()[i];
        double joules = series.joulesPerCall()[i];
        java.util.Optional<java.util.Set<ThrottleReason>> reasons = java.util.Optional.empty();
        if (mask >= 0) {
            java.util.Set<ThrottleReason> set = java.util.EnumSet.noneOf(ThrottleReason.class);
            for (ThrottleReason r : ThrottleReason.values()) {
                if ((mask & (1 << r.ordinal())) != 0) {
                    set.add(r);
                }
            }
            reasons = java.util.Optional.of(set);
        }
        return new RepetitionTelemetry(Double.isNaN(clock) ? OptionalDouble.empty() : OptionalDouble.of(clock), reasons,
                Double.isNaN(joules) ? OptionalDouble.empty() : OptionalDouble.of(joules));
    }

    /**
     * How many repetitions each fork measured, per benchmark, in the order {@link #merged} puts them.
     *
     * @param samples every fork's samples, tagged with the fork
     * @return per benchmark id, the repetitions of each fork that measured it
     */
    static Map<String, int[]> repetitionsPerFork(List<SampleRecord> samples) {
        Map<String, int[]> out = new LinkedHashMap<>();
        for (Map.Entry<BenchmarkId, SampleSet.Series> b : SampleSet.of(samples).series().entrySet()) {
            int[] forks = b.getValue().forks();
            int[] runs = b.getValue().runIndexes();
            int[] repetitions = b.getValue().repetitions();
            int[] devices = b.getValue().deviceIndexes();
            List<Integer> counts = new ArrayList<>();
            for (int i = 0; i < forks.length; i++) {
                boolean newFork = i == 0 || forks[i] != forks[i - 1] || runs[i] != runs[i - 1]
                        || devices[i] != devices[i - 1];
                if (newFork) {
                    counts.add(1);
                } else if (repetitions[i] != repetitions[i - 1]) {
                    counts.set(counts.size() - 1, counts.getLast() + 1);
                }
            }
            out.put(SampleRecord.id(b.getKey().benchmark(), b.getKey().params()),
                    counts.stream().mapToInt(Integer::intValue).toArray());
        }
        return out;
    }

    private static Params params(String text) {
        Map<String, Object> values = new LinkedHashMap<>();
        if (!text.isEmpty()) {
            for (String pair : text.split(";")) {
                int eq = pair.indexOf('=');
                values.put(eq < 0 ? pair : pair.substring(0, eq), eq < 0 ? "" : pair.substring(eq + 1));
            }
        }
        return Params.of(values);
    }
}

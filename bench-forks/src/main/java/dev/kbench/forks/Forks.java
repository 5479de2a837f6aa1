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
package dev.kbench.forks;

import dev.kbench.api.SampleRecord;
import dev.kbench.api.SuiteFactory;
import dev.kbench.api.SuiteOptions;
import dev.kbench.stats.SamplesFormatException;
import dev.kbench.stats.io.SamplesCsv;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.stream.Stream;

/**
 * Measures a suite in several forks: fresh JVMs, one after another, each with its own device context
 * and allocations, so that what differs between processes (buffer placement, context, clocks) shows
 * up between forks instead of being invisible inside one run. Each child writes its samples to a
 * samples CSV the parent names; the parent reads it back, tags every row with the fork's index (the
 * samples CSV's {@code fork} column) and hands the rows on. A fork that dies (non-zero exit, a signal,
 * a JVM crash, or no exit within the timeout) is recorded in its {@link ForkOutcome}, its recorded
 * samples are kept, and the next fork runs.
 *
 * <p>The suite is re-created in each child from a {@link SuiteFactory} class named on its command
 * line. The child JVM is the parent's: the same {@code java} binary, JVM options, module path and
 * class path. Every fork gets its own seed for its interleaved order, derived from the run's seed by
 * {@link #seeds(long, int)} and recorded in its outcome.
 *
 * {@snippet :
 * try (SamplesCsvWriter csv = SamplesCsvWriter.open(Path.of("samples.csv"), WriteMode.CREATE_NEW)) {
 *     Forks.Result result = Forks.of(SaxpySuite.class).withForks(5)
 *             .run(SuiteOptions.withDefaults().withSeed(42), rows -> {
 *                 try {
 *                     csv.append(rows);
 *                 } catch (IOException e) {
 *                     throw new UncheckedIOException(e);
 *                 }
 *             });
 *     result.forks().forEach(f -> System.out.println(f.describe()));
 * }
 * }
 *
 * <p>The static methods ({@link #launch}, {@link #javaCommand}, {@link #seeds}) are the engine that
 * {@code kbench run --forks} and {@code kbench ab} use with other child commands. What a child calls (where it
 * waits for its turn, hands its device on, writes the forks' trace) is {@link ForkChild}'s.
 *
 * <p>Children never outlive this JVM. Each child runs in a session of its own under a small
 * {@code sh} guard ({@code setsid}) whose standard input is a pipe from this JVM: when this JVM ends in
 * any way, even by SIGKILL, the kernel closes the pipe and the guard kills the child's whole process
 * group at once (and, for a {@link Launch#disposable() disposable} directory that no fork's death marked
 * kept, removes it). When this JVM is asked to exit (SIGTERM, SIGINT, {@link System#exit}), its shutdown
 * hook kills the running children first, no new child starts ({@link #stopping()}), and the hook waits for
 * every open {@link Session} to close, so that the caller keeps the samples the children recorded before the
 * JVM halts.
 */
public final class Forks {

    /** The default time a fork may take before it is killed as hung. */
    public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(30);

    /** The environment variable holding the samples file a child command writes. */
    public static final String SAMPLES_OUT_VARIABLE = "KBENCH_SAMPLES_OUT";

    /** The environment variable holding a child's 0-based fork index. */
    public static final String FORK_VARIABLE = "KBENCH_FORK";

    /** The environment variable holding a child's seed. */
    public static final String SEED_VARIABLE = "KBENCH_SEED";

    /**
     * The environment variable that starts a kbench child in standby: {@code start} (it does what needs no
     * driver, then waits at {@link ForkChild#awaitGo()}) or {@code device} (it also discovers its driver, opens its
     * device and builds its kernels, then waits at {@link ForkChild#awaitGoBeforeWork()}), for a line {@code go} on
     * its standard input.
     */
    public static final String STANDBY_VARIABLE = "KBENCH_FORK_STANDBY";

    /**
     * The environment variable naming a file to which a kbench child appends when it was ready, when it got
     * go and when it ended ({@link ForkChild#awaitGo()}); set from the system property {@code kbench.forks.trace}.
     */
    public static final String TRACE_VARIABLE = "KBENCH_FORK_TRACE";

    /** The system property choosing standby forks: {@code device} (the default), {@code start} or {@code off}. */
    public static final String STANDBY_PROPERTY = "kbench.forks.standby";

    /**
     * The system property giving how many forks wait in standby ahead of the running one: 1 to
     * {@value ForkSequence#MOST_DEPTH}; by default {@value ForkSequence#DEFAULT_DEPTH}, or
     * {@value ForkSequence#WIDE_HOST_DEPTH} where the JVM has {@value ForkSequence#WIDE_HOST_CORES} processors or more
     * ({@link ForkSequence#defaultDepth}).
     */
    public static final String DEPTH_PROPERTY = "kbench.forks.standby.depth";

    /**
     * The system property saying when a fork hands the device on: {@code finished} (the default: once its
     * last work on the device has finished, before its kernels and context are closed) or {@code closed}
     * (once they are closed); see {@link ForkChild#handOver(Runnable)}.
     */
    public static final String HANDOVER_PROPERTY = "kbench.forks.handover";

    /** The system property naming the forks' trace file ({@link #TRACE_VARIABLE}); none by default. */
    public static final String TRACE_PROPERTY = "kbench.forks.trace";

    /**
     * The most forks a run or a side of an A/B may have, measured or warm-up: ten thousand processes of at least
     * a JVM's start each, far beyond any run that ends in a day, and few enough that the plans made before the
     * first fork (its seeds, launches and looks) stay small.
     */
    public static final int MOST_FORKS = 10_000;

    /**
     * The line a kbench fork writes on its standard error once it hands its device on
     * ({@link ForkChild#handOver(Runnable)}): in a {@link Standby#DEVICE} sequence the next fork gets go then, not when
     * this one's process has exited. The parent reads it and does not pass it on.
     */
    static final String RELEASED_LINE = "kbench fork: device released";

    private static final int TAIL_LINES = 20;

    private static final String AOT_PROPERTY = "kbench.forks.aot";

    /**
     * The system property naming the directory where forks' AOT caches are kept between runs; empty keeps
     * none. By default {@code $XDG_CACHE_HOME/kbench/aot} or {@code ~/.cache/kbench/aot}.
     */
    public static final String AOT_DIRECTORY_PROPERTY = "kbench.forks.aot.dir";

    /** How a fork that this JVM's shutdown killed begins its {@link ForkOutcome#cause()}. */
    static final String STOPPED = "stopped: kbench was asked to exit (SIGTERM, SIGINT or Ctrl-C)";

    /** How long the shutdown hook waits for open sessions to keep their samples. */
    private static final Duration SHUTDOWN_GRACE = Duration.ofSeconds(60);

    /**
     * The file that marks a {@link Launch#disposable() disposable} directory kept: written there as soon as a
     * fork of it has ended without completing (its files, and the samples file or JVM crash report it may have
     * left, are no copies), and read by the guards of every fork of that directory, those already waiting in
     * standby included, which then never remove it.
     */
    public static final String KEEP_MARK = ".kbench-keep";

    /**
     * A guard's watcher's last step, from a session of its own: kill the guard's process group ($1) and
     * remove the disposable directory ($2, if not empty, and not marked kept: {@link #KEEP_MARK}) only when the
     * parent JVM ($4, the guard's parent) wrote nothing ($3 empty) and is gone within 5 s (no {@code /proc}
     * entry, or a zombie; a JVM killed with SIGKILL closes its pipes before it has finished exiting). Silence alone does not mean the parent
     * died: a JVM closes a child's standard input itself when that child exits, so a guard killed from
     * outside while its parent lives (a standby waiting for its turn, or a running fork) also ends the pipe
     * without a line, and the directory is still in use by the forks after it. Without {@code /proc} the
     * parent counts as gone. Before removing it waits (at most 5 s) until no process of the killed group
     * is left, and removes again what appeared meanwhile (at most 20 tries): a process killed inside a system
     * call finishes that call, and a file it created after {@code rm} had listed the directory left the
     * directory behind.
     */
    private static final String REAPER = "setsid sh -c 'kill -KILL -\"$1\"; [ -n \"$3\" ] || [ -z \"$2\" ] || "
            + "{ i=0; while [ $i -lt 50 ]; do case $(sed \"s/.*) //\" /proc/\"$4\"/stat 2>/dev/null) in "
            + "\"\"|Z*|X*) j=0; while kill -0 -\"$1\" 2>/dev/null && [ $j -lt 50 ]; do sleep 0.1; j=$((j + 1)); done; "
            + "[ ! -e \"$2/" + KEEP_MARK + "\" ] || exit; "
            + "j=0; while [ -e \"$2\" ] && [ $j -lt 20 ]; do rm -rf -- \"$2\"; [ ! -e \"$2\" ] || sleep 0.1; "
            + "j=$((j + 1)); done; exit;; esac; sleep 0.1; i=$((i + 1)); done; }' "
            + "kbench-reaper $$ \"$d\" \"$r\" \"$PPID\"";

    /**
     * How both guards end, once the child ($c) and the watcher ($!) run in the background: close the pipe
     * here, wait for the child, kill the watcher (the child ended first: nothing to reap) and exit with the
     * child's status.
     */
    private static final String AWAIT_CHILD = String.join("\n",
            "w=$!",
            "exec 3<&-",
            "wait $c",
            "s=$?",
            "kill -KILL $w",
            "exit $s");

    /**
     * The guard each child runs under, in a session of its own (setsid): the child's standard input is
     * /dev/null; a watcher reads the guard's standard input, the pipe from the parent JVM, and when it
     * ends kills the session's process group from a fresh session and, if the parent died, removes the
     * disposable directory ($1, if not empty) ({@link #REAPER}). When the child ends first, the watcher is
     * killed before the parent closes the pipe; when the guard itself was killed, the watcher kills what is
     * left of the fork but keeps the directory, which the parent and its next forks still use: the living
     * parent writes a line before closing the pipe where it can, and the reaper checks that it lives.
     */
    private static final String GUARD = String.join("\n",
            "d=$1; shift",
            "exec 3<&0 0</dev/null",
            "\"$@\" 3<&- &",
            "c=$!",
            "{ r=$(cat <&3); " + REAPER + "; } >/dev/null 2>&1 &",
            AWAIT_CHILD);

    /**
     * The guard of a child started in standby ({@link ForkSequence}), as {@link #GUARD} but with the child's
     * standard input a FIFO ($2, created here and removed once both ends are open): the watcher passes the
     * first line from the parent on to the child if it is {@code go} and then closes the FIFO, so the child
     * reads {@code go} and then the end of its input; a parent that ends, or kills the child, before go leaves
     * it reading the end of its input alone. The rest is {@link #GUARD}'s: the pipe's end kills the session.
     * The watcher opens the FIFO with {@code command exec}: when the parent dies, another fork's reaper may
     * remove the directory (and the FIFO) before the watcher opens it, and a plain {@code exec} that fails ends
     * the watcher's shell before it kills the session, leaving the guard waiting on a child blocked in its
     * open of the FIFO for ever; with {@code command} the watcher goes on, reads the end of the pipe and kills
     * them both.
     */
    private static final String STANDBY_GUARD = String.join("\n",
            "d=$1; f=$2; shift 2",
            "exec 3<&0 0</dev/null",
            "mkfifo -m 600 -- \"$f\" || exit 125",
            "\"$@\" <\"$f\" 3<&- &",
            "c=$!",
            "{ trap '' PIPE; command exec 4>\"$f\"; rm -f -- \"$f\"; IFS= read -r r <&3; [ \"$r\" != go ] || echo go >&4; exec 4>&-; "
                    + "[ \"$r\" != go ] || r=$(cat <&3); " + REAPER + "; } >/dev/null 2>&1 &",
            AWAIT_CHILD);

    private static final Object LIVE_LOCK = new Object();
    /** The running children, each with the flag after which its output is dropped (see {@link #kill}). */
    private static final Map<Process, AtomicBoolean> LIVE = new HashMap<>();
    private static final Set<Session> SESSIONS = new HashSet<>();
    private static boolean hooked;
    private static final Optional<Path> SETSID = Stream.of(System.getenv().getOrDefault("PATH", "/usr/bin:/bin")
                    .split(java.io.File.pathSeparator))
            .filter(d -> !d.isEmpty()).map(d -> Path.of(d, "setsid")).filter(Files::isExecutable).findFirst();
    private static volatile boolean stopping;

    private final Class<? extends SuiteFactory> factory;
    private final int count;
    private final int warmups;
    private final Optional<String> backend;
    private final Duration timeout;
    private final Consumer<String> output;

    private Forks(Class<? extends SuiteFactory> factory, int count, int warmups, Optional<String> backend,
                  Duration timeout, Consumer<String> output) {
        this.factory = Objects.requireNonNull(factory, "factory");
        if (count < 1 || count > MOST_FORKS) {
            throw new IllegalArgumentException("forks must be 1 to " + MOST_FORKS + ", got " + count);
        }
        checkWarmupForks(warmups);
        this.count = count;
        this.warmups = warmups;
        this.backend = Objects.requireNonNull(backend, "backend");
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        if (timeout.isNegative() || timeout.isZero()) {
            throw new IllegalArgumentException("the fork timeout must be > 0, got " + timeout);
        }
        this.output = Objects.requireNonNull(output, "output");
    }

    /**
     * Two forks of the suite the factory builds, on the driver the lookup rule chooses in each child,
     * a 30-minute timeout per fork, and the children's output dropped (see {@link #withOutput}).
     *
     * @param factory a public class with a public no-argument constructor
     * @return the runner
     */
    public static Forks of(Class<? extends SuiteFactory> factory) {
        return new Forks(factory, 2, 0, Optional.empty(), DEFAULT_TIMEOUT, line -> { });
    }

    /**
     * With another number of forks.
     *
     * @param forks 1 to {@value #MOST_FORKS}
     * @return a new runner
     * @throws IllegalArgumentException if {@code forks} is out of range
     */
    public Forks withForks(int forks) {
        return new Forks(factory, forks, warmups, backend, timeout, output);
    }

    /**
     * With warm-up forks (JMH's {@code -wf}): {@code count} forks of the same suite run before the measured ones,
     * on side {@code run warm-up} ({@link SequentialAb#WARMUP_SUFFIX}), with the seeds of
     * {@link #warmupSeeds}; their samples reach no sink and no result, their outcomes are in
     * {@link Result#warmups()}. On an H200 the first process of a run read a user kernel at 2^22 about 1 % slow
     * from its first repetition to its last, every later one not (docs/performance.md, sections 29 and 30): a
     * warm-up fork takes that place.
     *
     * @param count 0 to {@value #MOST_FORKS}
     * @return a new runner
     * @throws IllegalArgumentException if {@code count} is out of range
     */
    public Forks withWarmupForks(int count) {
        return new Forks(factory, this.count, count, backend, timeout, output);
    }

    /**
     * With a driver chosen by name in every child ({@code cuda}, {@code opencl}, {@code levelzero}).
     *
     * @param name the driver's name
     * @return a new runner
     */
    public Forks withBackend(String name) {
        return new Forks(factory, count, warmups, Optional.of(name), timeout, output);
    }

    /**
     * With another time after which a fork is killed and recorded as hung.
     *
     * @param limit per fork, &gt; 0; one beyond 292 years (e.g. {@code ChronoUnit.FOREVER.getDuration()}) is no limit
     * @return a new runner
     */
    public Forks withTimeout(Duration limit) {
        return new Forks(factory, count, warmups, backend, limit, output);
    }

    /**
     * With the children's output lines (stdout and stderr, each prefixed with its fork) sent to a sink.
     *
     * @param sink receives lines such as {@code [fork 1] ...}
     * @return a new runner
     */
    public Forks withOutput(Consumer<String> sink) {
        return new Forks(factory, count, warmups, backend, timeout, sink);
    }

    /**
     * The outcome of a forked run.
     *
     * @param seed the run's seed, from which every fork's seed is derived
     * @param forks one outcome per measured fork, in order
     * @param warmups one outcome per warm-up fork ({@link #withWarmupForks}), in order; they ran first
     */
    public record Result(long seed, List<ForkOutcome> forks, List<ForkOutcome> warmups) {

        /** Copies the outcomes. */
        public Result {
            forks = List.copyOf(forks);
            warmups = List.copyOf(warmups);
        }

        /**
         * The outcome of a run without warm-up forks.
         *
         * @param seed the run's seed
         * @param forks one outcome per fork, in order
         */
        public Result(long seed, List<ForkOutcome> forks) {
            this(seed, forks, List.of());
        }

        /**
         * Whether a fork died, measured or warm-up.
         *
         * @return true if a fork did not exit with status 0
         */
        public boolean anyDied() {
            return Stream.concat(warmups.stream(), forks.stream()).anyMatch(f -> !f.completed());
        }
    }

    /**
     * Runs the forks one after another, each next one started in standby while the one before measures
     * ({@link ForkSequence}), the warm-up forks ({@link #withWarmupForks}) first. A fork that dies leaves its outcome
     * and the next fork runs; when every measured fork died, nothing was measured and this throws, so that a run
     * without samples is never taken for a result. Check {@link Result#anyDied()} for the forks that died among
     * those that completed.
     * The forks' directory is removed when every fork completed, and when the forks that died left no file in
     * it ({@link #deleteUnlessLeftBy}); otherwise it is kept for their samples files and crash reports
     * ({@link ForkOutcome#errorDirectory()}).
     *
     * @param options how each fork measures; its seed (or a fresh one) seeds the forks' seeds; a noise
     *        target applies per fork
     * @param samples receives each fork's samples, tagged with its fork index, after the fork ends
     * @return the seed and every fork's outcome, at least one of which completed (or was stopped because
     *         this JVM is exiting)
     * @throws ForksFailedException if every fork died, with their outcomes and the first one's last output
     * @throws IllegalArgumentException if {@value #STANDBY_PROPERTY} holds neither {@code start} nor {@code off}
     */
    public Result run(SuiteOptions options, Consumer<List<SampleRecord>> samples) {
        long seed = options.seed().orElseGet(() -> new SplittableRandom().nextLong());
        long[] seeds = seeds(seed, count);
        long[] warmupSeeds = warmupSeeds(seed, count, warmups);
        Path directory = temporaryDirectory();
        // the warm-up forks, then the measured ones
        List<Launch> launches = new ArrayList<>();
        for (int k = 0; k < warmups; k++) {
            launches.add(childLaunch("run" + SequentialAb.WARMUP_SUFFIX, options, k, warmupSeeds[k], directory));
        }
        for (int fork = 0; fork < count; fork++) {
            launches.add(childLaunch("run", options, fork, seeds[fork], directory));
        }
        List<ForkOutcome> warmed = new ArrayList<>();
        List<ForkOutcome> outcomes = new ArrayList<>();
        try (Session _ = Session.open(); ForkSequence sequence = new ForkSequence(timeout, output)) {
            for (int i = 0; i < launches.size() && !stopping(); i++) {
                int now = i;
                boolean warmup = i < warmups;
                ForkOutcome outcome = sequence.run(launches.get(i),
                        () -> ForkSequence.ahead(now, launches.size(), launches::get), warmup ? rows -> { } : samples);
                (warmup ? warmed : outcomes).add(outcome);
            }
            Result result = new Result(seed, outcomes, warmed);
            List<ForkOutcome> died = Stream.concat(warmed.stream(), outcomes.stream())
                    .filter(f -> !f.completed() && !f.stopped()).toList();
            if (died.isEmpty()) {
                deleteQuietly(directory);
            } else {
                deleteUnlessLeftBy(directory, died);
            }
            if (!outcomes.isEmpty() && outcomes.stream().noneMatch(f -> f.completed() || f.stopped())) {
                throw new ForksFailedException(result);
            }
            return result;
        }
    }

    /** The {@link ForkChild} that measures one fork of this runner's suite, on side {@code run}, {@code base} or {@code new}. */
    Launch childLaunch(String side, SuiteOptions options, int fork, long seed, Path directory) {
        Path file = samplesFile(directory, side, fork);
        List<String> command = new ArrayList<>(javaCommand(ForkChild.class.getModule().getName(),
                ForkChild.class.getName(), directory, factory.getModule().isNamed()
                        ? List.of("--add-modules", factory.getModule().getName()) : List.of()));
        command.addAll(ForkChild.arguments(factory.getName(), backend, options.withSeed(seed), file));
        return new Launch(side, fork, seed, command, Map.of(), file, directory, ChildOutput.FORWARD);
    }

    /**
     * Where a fork writes its samples in the forks' directory: {@code fork-2.csv} for fork 2 of a run,
     * {@code new-2.csv} of side {@code new}, {@code base-warm-up-0.csv} for a warm-up fork.
     *
     * @param directory the forks' directory ({@link #temporaryDirectory()})
     * @param side the fork's side, as in its {@link Launch}
     * @param fork its index within its side
     * @return the file
     */
    public static Path samplesFile(Path directory, String side, int fork) {
        return directory.resolve(("run".equals(side) ? "fork" : side.replace(' ', '-')) + "-" + fork + ".csv");
    }

    /** How long each fork may take. */
    Duration timeout() {
        return timeout;
    }

    /** Where the children's output lines go. */
    Consumer<String> output() {
        return output;
    }

    /**
     * Refuses a number of warm-up forks out of range (0 to {@value #MOST_FORKS}).
     *
     * @param count the warm-up forks asked for
     * @throws IllegalArgumentException naming the count where it is out of range
     */
    static void checkWarmupForks(int count) {
        if (count < 0 || count > MOST_FORKS) {
            throw new IllegalArgumentException("the warm-up forks must be 0 to " + MOST_FORKS + ", got " + count);
        }
    }

    /**
     * A duration in nanoseconds, at most {@link Long#MAX_VALUE} (292 years), for deadlines and budgets: a longer
     * one (e.g. {@code ChronoUnit.FOREVER.getDuration()}, "no limit") would make {@link Duration#toNanos()} throw
     * once forks had run. A deadline {@code System.nanoTime() + nanos(d)} that wraps stays right where it is
     * compared by difference, as {@link System#nanoTime()} asks.
     *
     * @param duration positive
     * @return its nanoseconds, saturated
     */
    static long nanos(Duration duration) {
        try {
            return duration.toNanos();
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE;
        }
    }

    /**
     * The seeds of a run's forks, derived from the run's seed so that the run replays.
     *
     * @param seed the run's seed
     * @param count the number of forks
     * @return one seed per fork; the same for the same arguments, different from fork to fork
     */
    public static long[] seeds(long seed, int count) {
        SplittableRandom random = new SplittableRandom(seed);
        long[] seeds = new long[count];
        for (int i = 0; i < count; i++) {
            seeds[i] = random.nextLong();
        }
        return seeds;
    }

    /**
     * The seeds of a run's warm-up forks: those that follow its measured forks' own in {@link #seeds(long, int)},
     * so that the measured forks' seeds are those of the same run without warm-up forks.
     *
     * @param seed the run's seed
     * @param measured the number of measured forks (a side's most, in an A/B)
     * @param count the number of warm-up forks
     * @return one seed per warm-up fork, in the order they run
     */
    public static long[] warmupSeeds(long seed, int measured, int count) {
        return Arrays.copyOfRange(seeds(seed, measured + count), measured, measured + count);
    }

    /** What happens to a child's standard output. */
    public enum ChildOutput {
        /** Dropped (a kbench child prints its own table there, which the parent replaces). */
        DISCARD,
        /**
         * Forwarded, with the fork's prefix, to the same sink as its standard error, or to a sink of its own
         * ({@link #launch(Launch, Duration, Consumer, Consumer, Consumer)}).
         */
        FORWARD
    }

    /** What a child runs, which says what its exit status means. */
    public enum Program {
        /**
         * A kbench program (a {@code kbench run}, a {@link ForkChild}): its exit statuses mean what
         * docs/formats.md §8 says (1 a benchmark or the device failed, 2 bad input, 3 no single driver).
         */
        KBENCH,
        /** A user's command: its exit status is reported as it is. */
        COMMAND
    }

    /**
     * One child process to run.
     *
     * @param side the side it measures ({@code run}, {@code base}, {@code new})
     * @param fork its 0-based index within the side
     * @param seed its seed, for the record
     * @param command the command and its arguments
     * @param environment variables added to the parent's ({@link #SAMPLES_OUT_VARIABLE},
     *        {@link #FORK_VARIABLE} and {@link #SEED_VARIABLE} are always set)
     * @param samplesFile where it writes its samples CSV; replaced if it exists
     * @param errorDirectory where a crashing JVM writes its {@code hs_err} file
     * @param stdout what happens to its standard output
     * @param disposable whether {@code errorDirectory} holds nothing but copies (the caller writes every
     *        completed fork's samples elsewhere), so that it is removed if this JVM dies while the child runs,
     *        unless a fork of it has ended without completing: that fork's end marks it kept ({@link #KEEP_MARK})
     * @param program what the child runs, for the meaning of its exit status
     */
    public record Launch(String side, int fork, long seed, List<String> command, Map<String, String> environment,
                         Path samplesFile, Path errorDirectory, ChildOutput stdout, boolean disposable, Program program) {

        /** Validates and copies. */
        public Launch {
            Objects.requireNonNull(side, "side");
            command = List.copyOf(command);
            environment = Map.copyOf(environment);
            Objects.requireNonNull(samplesFile, "samplesFile");
            Objects.requireNonNull(errorDirectory, "errorDirectory");
            Objects.requireNonNull(stdout, "stdout");
            Objects.requireNonNull(program, "program");
        }

        /**
         * A kbench child whose directory is kept if this JVM dies while it runs.
         *
         * @param side the side it measures ({@code run}, {@code base}, {@code new}; {@code run warm-up},
         *        {@code base warm-up} or {@code new warm-up} for a warm-up fork of {@link #withWarmupForks} or
         *        {@link SequentialAb#withWarmupForks})
         * @param fork its 0-based index within the side
         * @param seed its seed, for the record
         * @param command the command and its arguments
         * @param environment variables added to the parent's
         * @param samplesFile where it writes its samples CSV; replaced if it exists
         * @param errorDirectory where a crashing JVM writes its {@code hs_err} file
         * @param stdout what happens to its standard output
         */
        public Launch(String side, int fork, long seed, List<String> command, Map<String, String> environment,
                      Path samplesFile, Path errorDirectory, ChildOutput stdout) {
            this(side, fork, seed, command, environment, samplesFile, errorDirectory, stdout, false, Program.KBENCH);
        }

        /** The prefix of its forwarded lines: {@code [fork 1]} or {@code [new 1]}. */
        String prefix() {
            return "[" + ("run".equals(side) ? "fork" : side) + " " + fork + "] ";
        }
    }

    /**
     * Runs one child to its end (or its timeout), forwards its output, and reads back its samples.
     *
     * @param launch the child
     * @param timeout how long it may take before it is killed (with its descendants) as hung
     * @param output receives its output lines, prefixed
     * @param samples receives its samples, tagged with its fork index, unless it recorded none
     * @return how it ended
     * @throws UncheckedIOException if the process cannot be started
     */
    public static ForkOutcome launch(Launch launch, Duration timeout, Consumer<String> output,
                                     Consumer<List<SampleRecord>> samples) {
        return runChild(launch, timeout, output, null, samples);
    }

    /**
     * Runs one child to its end (or its timeout), as {@link #launch(Launch, Duration, Consumer, Consumer)} does, but
     * with its standard output ({@link ChildOutput#FORWARD}) kept apart from its standard error: a child whose
     * output is a report (a table) and whose errors are messages, each forwarded to its own stream.
     *
     * @param launch the child
     * @param timeout how long it may take before it is killed (with its descendants) as hung
     * @param stdout receives its standard output lines, prefixed (unless the launch discards them)
     * @param stderr receives its standard error lines, prefixed
     * @param samples receives its samples, tagged with its fork index, unless it recorded none
     * @return how it ended
     * @throws UncheckedIOException if the process cannot be started
     */
    public static ForkOutcome launch(Launch launch, Duration timeout, Consumer<String> stdout, Consumer<String> stderr,
                                     Consumer<List<SampleRecord>> samples) {
        return runChild(launch, timeout, stderr, Objects.requireNonNull(stdout, "stdout"), samples);
    }

    /** Runs one child to its end; its standard output goes to {@code apart}, or where null with its standard error. */
    private static ForkOutcome runChild(Launch launch, Duration timeout, Consumer<String> output, Consumer<String> apart,
                                        Consumer<List<SampleRecord>> samples) {
        Started started = start(launch, output, apart, Standby.OFF);
        return started == null ? stoppedBefore(launch) : finish(started, timeout, System.nanoTime() + nanos(timeout), samples);
    }

    /**
     * A started child (running, or waiting for go): its process (the guard), the threads reading its output (one,
     * or one per stream where its standard output is kept apart), its last lines, where they go, its go FIFO and
     * hand-off, and whether kbench has killed it ({@link #kill}), after which its output is dropped.
     */
    record Started(Launch launch, Process process, List<Thread> readers, Deque<String> tail,
                   Consumer<String> forward, Optional<Path> goFifo, Handoff handoff, AtomicBoolean killed) {

        /** Waits (a while) for its output to be read to the end. */
        void joinReaders() throws InterruptedException {
            for (Thread reader : readers) {
                reader.join(TimeUnit.SECONDS.toMillis(10));
            }
        }
    }

    /**
     * A fork's part in passing the device on: whether it said it released its device ({@link #RELEASED_LINE}),
     * what runs then (go for the fork in standby after it, {@link ForkSequence}), and whether it got go itself (once
     * only).
     */
    static final class Handoff {
        private boolean released;
        private Runnable then;
        private boolean went;

        /** The fork released its device: runs what waits for that. */
        void release() {
            Runnable run;
            synchronized (this) {
                released = true;
                run = then;
                then = null;
            }
            if (run != null) {
                run.run();
            }
        }

        /** Runs {@code action} once the fork has released its device: now, if it has. */
        void whenReleased(Runnable action) {
            synchronized (this) {
                if (!released) {
                    then = action;
                    return;
                }
            }
            action.run();
        }

        /** True the first time only: go is sent to a fork once. */
        synchronized boolean go() {
            if (went) {
                return false;
            }
            went = true;
            return true;
        }

        /** {@return whether the fork said it released its device} */
        synchronized boolean released() {
            return released;
        }

        /** {@return whether go was sent to the fork} */
        synchronized boolean went() {
            return went;
        }
    }

    /** The outcome of a child that was not started because this JVM is exiting. */
    static ForkOutcome stoppedBefore(Launch launch) {
        return new ForkOutcome(launch.side(), launch.fork(), launch.seed(), OptionalInt.empty(), 0, Optional.empty(),
                Optional.of(STOPPED + " before it started"), launch.errorDirectory(), List.of());
    }

    /** Whether a child writes the forks' AOT cache when it exits ({@link #aotOptions}). */
    static boolean training(Launch launch) {
        return launch.command().stream().anyMatch(a -> a.startsWith("-XX:AOTCacheOutput="));
    }

    /**
     * Starts a child, in standby (waiting for {@link #go}) or running; null if this JVM is exiting.
     *
     * @throws UncheckedIOException if the process cannot be started
     */
    static Started start(Launch launch, Consumer<String> output, Consumer<String> apart, Standby standby) {
        Deque<String> tail = new ArrayDeque<>();
        boolean training = training(launch);
        Handoff handoff = new Handoff();
        AtomicBoolean killed = new AtomicBoolean();
        Function<Consumer<String>, Consumer<String>> forwardTo = sink -> line -> {
            if (killed.get()) {
                // after kbench killed it: its guard's shell reporting the death ("Killed"), or the end of a stream
                // that the kill closed, which would only be noise beside kbench's own report
                return;
            }
            if (RELEASED_LINE.equals(line)) {
                handoff.release();
                return;
            }
            synchronized (tail) {
                if (tail.size() == TAIL_LINES) {
                    tail.removeFirst();
                }
                tail.addLast(line);
            }
            if (!(training && AotCache.trainingLine(line))) {
                sink.accept(launch.prefix() + line);
            }
        };
        Consumer<String> forward = forwardTo.apply(output);
        boolean merged = launch.stdout() == ChildOutput.FORWARD && apart == null;
        Optional<Path> fifo = standby != Standby.OFF && SETSID.isPresent()
                ? Optional.of(launch.errorDirectory().toAbsolutePath().resolve("go-" + launch.side() + "-" + launch.fork()))
                : Optional.empty();
        try {
            Files.deleteIfExists(launch.samplesFile());
            ProcessBuilder builder = new ProcessBuilder(guarded(launch, fifo));
            if (launch.stdout() == ChildOutput.DISCARD) {
                builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
            } else if (merged) {
                builder.redirectErrorStream(true);
            }
            Map<String, String> env = builder.environment();
            env.putAll(launch.environment());
            env.put(SAMPLES_OUT_VARIABLE, launch.samplesFile().toString());
            env.put(FORK_VARIABLE, Integer.toString(launch.fork()));
            env.put(SEED_VARIABLE, Long.toString(launch.seed()));
            if (standby != Standby.OFF) {
                env.put(STANDBY_VARIABLE, standby.name().toLowerCase(java.util.Locale.ROOT));
            }
            String trace = System.getProperty(TRACE_PROPERTY, "");
            if (!trace.isEmpty() && launch.program() == Program.KBENCH) {
                env.put(TRACE_VARIABLE, Path.of(trace).toAbsolutePath().toString());
            }
            Process process;
            synchronized (LIVE_LOCK) {
                hook();
                if (stopping) {
                    return null;
                }
                process = builder.start();
                LIVE.put(process, killed);
            }
            traceParent(launch, "launched");
            List<Thread> readers = new ArrayList<>();
            readers.add(Thread.ofPlatform().daemon().name("kbench-fork-" + launch.fork())
                    .start(() -> pump(merged ? process.getInputStream() : process.getErrorStream(), forward)));
            if (launch.stdout() == ChildOutput.FORWARD && !merged) {
                Consumer<String> out = forwardTo.apply(apart);
                readers.add(Thread.ofPlatform().daemon().name("kbench-fork-" + launch.fork() + "-out")
                        .start(() -> pump(process.getInputStream(), out)));
            }
            return new Started(launch, process, List.copyOf(readers), tail, forward, fifo, handoff, killed);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + launch.side() + " fork " + launch.fork() + " ("
                    + launch.command().getFirst() + "): " + e.getMessage(), e);
        }
    }

    /** Whether forks start in standby: {@value #STANDBY_PROPERTY} {@code =device} (the default), {@code =start} or {@code =off}. */
    public enum Standby {
        /** Every fork starts when its turn comes, as one process after another. */
        OFF,
        /**
         * While a kbench fork measures, the next one starts and does all that needs no driver (JVM start,
         * module graph, class loading, parsing its command line), then waits for go, sent once the fork before
         * it has exited; see {@link ForkSequence}.
         */
        START,
        /**
         * As {@link #START}, and the next fork also discovers its driver, opens its device (a context) and
         * builds its kernels before it waits, submitting no work to the device; it gets go as soon as the fork
         * before it has handed its device on (its last work on it finished, {@link ForkChild#handOver(Runnable)}),
         * or has exited without saying so.
         */
        DEVICE
    }

    /**
     * The standby mode the system property {@value #STANDBY_PROPERTY} chooses.
     *
     * @return {@link Standby#DEVICE} unless the property says {@code start} or {@code off}
     * @throws IllegalArgumentException naming the property and its value if it is not {@code device}, {@code start}
     *         or {@code off}
     */
    public static Standby standby() {
        return List.of(Standby.DEVICE, Standby.START, Standby.OFF)
                .get(choice(STANDBY_PROPERTY, "a standby mode", "device", "start", "off"));
    }

    /**
     * How many forks wait in standby ahead of the running one, as {@value #DEPTH_PROPERTY} says.
     *
     * @return 1 to {@value ForkSequence#MOST_DEPTH}
     * @throws IllegalArgumentException naming the property and its value if it is none of them
     */
    public static int standbyDepth() {
        int byDefault = ForkSequence.defaultDepth(Runtime.getRuntime().availableProcessors());
        String value = System.getProperty(DEPTH_PROPERTY, Integer.toString(byDefault)).trim();
        if (!value.matches("[1-9]") || Integer.parseInt(value) > ForkSequence.MOST_DEPTH) {
            throw new IllegalArgumentException("-D" + DEPTH_PROPERTY + "=" + value + " is not a standby depth: use 1 to "
                    + ForkSequence.MOST_DEPTH + " (" + byDefault + " is the default on this host)");
        }
        return Integer.parseInt(value);
    }

    /**
     * Whether forks start from a JDK AOT cache (kept between runs), as {@code -Dkbench.forks.aot} says.
     *
     * @return true unless it is {@code false}
     * @throws IllegalArgumentException naming the property and its value if it is neither true nor false
     */
    public static boolean usesAotCache() {
        return choice(AOT_PROPERTY, "on or off", "true", "false") == 0;
    }

    /**
     * Whether a fork hands its device on once its work has finished (the default) rather than once its
     * kernels and context are closed, as {@value #HANDOVER_PROPERTY} says.
     *
     * @return true for {@code finished}, false for {@code closed}
     * @throws IllegalArgumentException naming the property and its value if it is neither
     */
    public static boolean handsOverFinished() {
        return choice(HANDOVER_PROPERTY, "a hand-over", "finished", "closed") == 0;
    }

    /**
     * Which of its words a system property of the forks names: its index in {@code words} (either case, blanks at
     * its ends ignored), 0 where it is absent; bench-api's on/off switches are refused in the same words.
     *
     * @throws IllegalArgumentException naming the property and its value where it is none of them, e.g.
     *         {@code -Dkbench.forks.standby=x is not a standby mode: use device (the default), start or off}
     */
    private static int choice(String property, String what, String... words) {
        String value = System.getProperty(property);
        if (value == null) {
            return 0;
        }
        for (int i = 0; i < words.length; i++) {
            if (value.strip().equalsIgnoreCase(words[i])) {
                return i;
            }
        }
        StringBuilder use = new StringBuilder(words[0]).append(" (the default)");
        for (int i = 1; i < words.length; i++) {
            use.append(i == words.length - 1 ? " or " : ", ").append(words[i]);
        }
        throw new IllegalArgumentException("-D" + property + "=" + value + " is not " + what + ": use " + use);
    }

    /** Microseconds since the epoch: the clock of the forks' trace, parent and children alike. */
    static long micros() {
        java.time.Instant now = java.time.Instant.now();
        return now.getEpochSecond() * 1_000_000 + now.getNano() / 1000;
    }

    /**
     * Where this JVM runs forks with {@value #TRACE_PROPERTY} set, appends an event about a kbench child to
     * the trace: this JVM's pid, the child's fork index.
     */
    private static void traceParent(Launch launch, String event) {
        String trace = System.getProperty(TRACE_PROPERTY, "");
        if (!trace.isEmpty() && launch.program() == Program.KBENCH) {
            trace(Path.of(trace), event, micros(), Integer.toString(launch.fork()));
        }
    }

    /**
     * Appends one line about this process to the forks' trace, with its fork index ({@value #FORK_VARIABLE};
     * {@code -} where it has none).
     */
    static void trace(Path file, String event, long micros) {
        trace(file, event, micros, System.getenv().getOrDefault(FORK_VARIABLE, "-"));
    }

    /** Appends one line to the forks' trace: microseconds since the epoch, pid, fork, event. */
    private static void trace(Path file, String event, long micros, String fork) {
        String line = micros + " " + ProcessHandle.current().pid() + " " + fork + " " + event + "\n";
        try {
            Files.writeString(file, line, StandardCharsets.US_ASCII, java.nio.file.StandardOpenOption.CREATE,
                    java.nio.file.StandardOpenOption.APPEND);
        } catch (IOException e) {
            // a trace is diagnostics: a fork never fails for it
        }
    }

    /** Kills a child not wanted (in standby, or gone on ahead of kbench), waits for it and leaves none of its files. */
    static void discard(Started started) {
        kill(started);
        try {
            started.process().waitFor(60, TimeUnit.SECONDS);
            closeGuardPipe(started.process());
            started.joinReaders();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            synchronized (LIVE_LOCK) {
                LIVE.remove(started.process());
            }
            try {
                if (started.goFifo().isPresent()) {
                    Files.deleteIfExists(started.goFifo().get());
                }
                Files.deleteIfExists(started.launch().samplesFile());
            } catch (IOException e) {
                // the directory is removed with the forks' other files
            }
        }
    }

    /**
     * Waits for a started child to end (or until {@code deadline}, {@link System#nanoTime()} at most its
     * {@code timeout} from now, when it is killed as hung), then reads back its samples.
     */
    static ForkOutcome finish(Started started, Duration timeout, long deadline,
                              Consumer<List<SampleRecord>> samples) {
        Launch launch = started.launch();
        Process process = started.process();
        Deque<String> tail = started.tail();
        Consumer<String> forward = started.forward();
        OptionalInt status;
        boolean stopped;
        try {
            if (process.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                status = OptionalInt.of(process.exitValue());
            } else {
                kill(started);
                process.waitFor(60, TimeUnit.SECONDS);
                status = OptionalInt.empty();
            }
            traceParent(launch, "reaped");
            // SIGINT reaches a child only from the terminal (Ctrl-C) before its guard runs: a stop too
            stopped = stopping && status.orElse(0) != 0 || status.orElse(0) == 128 + 2;
            synchronized (LIVE_LOCK) {
                LIVE.remove(process);
            }
            closeGuardPipe(process);
            started.joinReaders();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            kill(started);
            throw new IllegalStateException("interrupted while waiting for " + launch.side() + " fork " + launch.fork(), e);
        } finally {
            synchronized (LIVE_LOCK) {
                LIVE.remove(process);
            }
        }
        List<SampleRecord> recorded = List.of();
        Optional<String> unreadable = Optional.empty();
        if (Files.exists(launch.samplesFile())) {
            try {
                // a fork killed while writing leaves a cut-off last line: keep every complete row (docs/formats.md §5)
                recorded = SamplesCsv.read(launch.samplesFile(), w -> forward.accept("warning: " + w)).stream()
                        .map(r -> r.withFork(launch.fork())).toList();
            } catch (SamplesFormatException | UncheckedIOException e) {
                unreadable = Optional.of("its samples file " + launch.samplesFile() + " is unreadable: " + e.getMessage());
            }
        }
        if (!recorded.isEmpty()) {
            samples.accept(recorded);
        }
        Optional<String> cause = stopped ? Optional.of(STOPPED + "; the fork was killed")
                : cause(status, timeout, launch.errorDirectory(), unreadable, launch.program());
        List<String> lines;
        synchronized (tail) {
            lines = List.copyOf(tail);
        }
        ForkOutcome outcome = new ForkOutcome(launch.side(), launch.fork(), launch.seed(), status, recorded.size(),
                recorded.isEmpty() ? Optional.empty() : Optional.of(recorded.getLast().id()), cause,
                launch.errorDirectory(), lines);
        if (launch.disposable() && !outcome.completed()) {
            markKept(launch.errorDirectory(), forward);
        }
        return outcome;
    }

    /**
     * Marks a disposable directory kept ({@link #KEEP_MARK}), so that no guard of its forks removes it should this
     * JVM die; where the mark cannot be written (a full disk, say), says so among the fork's lines.
     */
    private static void markKept(Path directory, Consumer<String> forward) {
        try {
            Files.write(directory.resolve(KEEP_MARK), new byte[0]);
        } catch (IOException e) {
            forward.accept("warning: could not mark " + directory + " kept (" + e + "): should kbench itself be "
                    + "killed now, the forks' guards would remove it");
        }
    }

    private static void pump(java.io.InputStream output, Consumer<String> forward) {
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(output, StandardCharsets.UTF_8))) {
            String line;
            while ((line = reader.readLine()) != null) {
                forward.accept(line);
            }
        } catch (IOException e) {
            forward.accept("(its output could not be read further: " + e.getMessage() + ")");
        }
    }

    /**
     * Closes the pipe to a fork's guard, first telling a watcher that outlived its guard (the guard was
     * killed) that this JVM lives: it then kills the fork's leftovers and keeps the directory.
     */
    private static void closeGuardPipe(Process process) {
        try (OutputStream pipe = process.getOutputStream()) {
            pipe.write("alive\n".getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
            // the watcher is gone (the guard ended normally and killed it): nothing to tell
        }
    }

    /** Kills a started child as {@link #kill(Process, AtomicBoolean)} does. */
    static void kill(Started started) {
        kill(started.process(), started.killed());
    }

    /**
     * Kills a child with everything it started (the guard, its watcher, the command's process tree), its output
     * dropped from then on: what still comes is its guard's shell reporting the death, or the end of a stream the
     * kill closed. A guarded child's process group (its session: {@code setsid} made the guard its leader) is
     * killed first and at once: its descendants, listed at one instant, missed a watcher the guard forked just
     * after, which, killed neither with them nor by the guard (dead), waited for ever in its open of the go FIFO
     * for a reader that was killed.
     */
    private static void kill(Process process, AtomicBoolean killed) {
        killed.set(true);
        if (SETSID.isPresent() && process.isAlive()) {
            try {
                new ProcessBuilder("kill", "-KILL", "--", "-" + process.pid()).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor(10, TimeUnit.SECONDS);
            } catch (IOException e) {
                // no kill(1): the descendants below are still killed one by one
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        process.destroyForcibly();
    }

    /**
     * The child's command under the guard (the standby guard with a FIFO for go), or as given where
     * {@code setsid} is missing: then a child in standby reads go from the pipe to this JVM itself.
     */
    private static List<String> guarded(Launch launch, Optional<Path> goFifo) {
        if (SETSID.isEmpty()) {
            return launch.command();
        }
        List<String> command = new ArrayList<>(List.of(SETSID.get().toString(), "sh", "-c",
                goFifo.isPresent() ? STANDBY_GUARD : GUARD, "kbench-guard",
                launch.disposable() ? launch.errorDirectory().toAbsolutePath().toString() : ""));
        goFifo.ifPresent(f -> command.add(f.toString()));
        command.addAll(launch.command());
        return command;
    }

    /** Registers the shutdown hook once; called under {@link #LIVE_LOCK}. */
    private static void hook() {
        if (hooked) {
            return;
        }
        hooked = true;
        try {
            Runtime.getRuntime().addShutdownHook(Thread.ofPlatform().name("kbench-forks-stop").unstarted(Forks::stop));
        } catch (IllegalStateException e) {
            stopping = true;   // already shutting down
        }
    }

    /** The shutdown hook: no new child, the running ones killed, then the sessions given time to keep their samples. */
    private static void stop() {
        synchronized (LIVE_LOCK) {
            stopping = true;
            LIVE.forEach(Forks::kill);
        }
        long deadline = System.nanoTime() + SHUTDOWN_GRACE.toNanos();
        synchronized (SESSIONS) {
            while (!SESSIONS.isEmpty()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return;
                }
                try {
                    SESSIONS.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    /**
     * Whether this JVM is shutting down (SIGTERM, SIGINT, {@link System#exit}): its children have been
     * killed and no new one starts; a loop over forks stops and keeps what it has.
     *
     * @return true once the shutdown began
     */
    public static boolean stopping() {
        return stopping;
    }

    /**
     * A stretch of work with forks that the JVM's shutdown waits for (up to a minute) before it halts,
     * so that a loop interrupted by SIGTERM or SIGINT still writes the samples its forks recorded. Open it
     * before the first fork and close it after the samples are written.
     */
    public static final class Session implements AutoCloseable {

        private Session() {
        }

        /**
         * Opens a session.
         *
         * @return the session, to close when its samples are safe
         */
        public static Session open() {
            Session session = new Session();
            synchronized (LIVE_LOCK) {
                hook();
            }
            synchronized (SESSIONS) {
                SESSIONS.add(session);
            }
            return session;
        }

        @Override
        public void close() {
            synchronized (SESSIONS) {
                SESSIONS.remove(this);
                SESSIONS.notifyAll();
            }
        }
    }

    /** The likely cause of a failed fork; empty for a fork that completed. */
    private static Optional<String> cause(OptionalInt status, Duration timeout, Path errorDirectory,
                                          Optional<String> unreadable, Program program) {
        if (status.isEmpty()) {
            return Optional.of("hung: no exit within " + timeout.toSeconds() + " s, killed");
        }
        int code = status.getAsInt();
        Optional<Path> crash = crashFile(errorDirectory);
        if (crash.isPresent()) {
            return Optional.of("the JVM crashed (exit status " + code + "); its error report is " + crash.get());
        }
        if (code == 0) {
            return unreadable;
        }
        String text = program == Program.COMMAND && (code <= 128 || code >= 160) ? "the command exited with status "
                + code + " (see its output above)" : switch (code) {
            case 1 -> "exit status 1: a benchmark or the device failed (see its output above)";
            case 2 -> "exit status 2: bad input or usage (see its output above)";
            case 3 -> "exit status 3: no single driver could be chosen";
            default -> code > 128 && code < 160 ? signal(code - 128) : "exit status " + code;
        };
        return Optional.of(unreadable.map(u -> text + "; " + u).orElse(text));
    }

    private static String signal(int number) {
        String name = switch (number) {
            case 4 -> "SIGILL: an illegal instruction in native code";
            case 6 -> "SIGABRT: aborted, e.g. by a driver or the JVM";
            case 7 -> "SIGBUS: a bad memory access in native code";
            case 9 -> "SIGKILL: killed from outside, e.g. by the out-of-memory killer or a user";
            case 11 -> "SIGSEGV: a crash in native code (driver or kernel)";
            case 15 -> "SIGTERM: terminated from outside";
            default -> "signal " + number;
        };
        return "ended by signal " + number + " (" + name + ")";
    }

    private static Optional<Path> crashFile(Path directory) {
        if (!Files.isDirectory(directory)) {
            return Optional.empty();
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(f -> f.getFileName().toString().startsWith("hs_err")).findFirst();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * A command starting a fresh JVM like this one: the same {@code java} binary, JVM options, module
     * path and class path, with its crash report written into a directory instead of the working
     * directory ({@code -XX:ErrorFile}) and the JVM's own messages kept off standard output
     * ({@code -XX:+DisplayVMOutputToStderr}), and the forks of one directory sharing an AOT cache
     * ({@link #aotOptions(Path)}).
     *
     * @param mainModule the main class's module, or null on the class path
     * @param mainClass the main class
     * @param errorDirectory where a crashing JVM writes its {@code hs_err} file
     * @param extraOptions JVM options to add, e.g. {@code --add-modules}
     * @return the command, to which the program's arguments are appended
     */
    public static List<String> javaCommand(String mainModule, String mainClass, Path errorDirectory,
                                           List<String> extraOptions) {
        String java = ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> command = new ArrayList<>();
        command.add(java);
        boolean modulePath = false;
        for (String option : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            // the forks share an AOT cache of their own (aotOptions), with their own AOT log option
            if (option.startsWith("-XX:ErrorFile=") || option.startsWith("-agentlib:jdwp")
                    || option.equals("-XX:+DisplayVMOutputToStderr") || AotCache.ownOption(option)) {
                continue;
            }
            modulePath |= option.startsWith("--module-path=") || option.startsWith("-p=");
            command.add(option);
        }
        command.add("-XX:ErrorFile=" + errorDirectory.resolve("hs_err_pid%p.log"));
        command.add("-XX:+DisplayVMOutputToStderr");
        List<String> key = new ArrayList<>(List.of(System.getProperty("java.vm.version", ""),
                Objects.toString(mainModule), mainClass));
        // java and its options; system properties do not change what a JVM loads from a cache (a per-run
        // trace file would split it), nor do this fork's error file and output options
        command.stream().filter(o -> !o.startsWith("-D") && !o.startsWith("-XX:ErrorFile=")).forEach(key::add);
        key.addAll(extraOptions);
        command.addAll(AotCache.options(errorDirectory, Optional.of(key)));
        command.addAll(extraOptions);
        String classPath = System.getProperty("java.class.path", "");
        if (mainModule != null) {
            String path = System.getProperty("jdk.module.path");
            if (!modulePath && path != null) {
                command.add("--module-path");
                command.add(path);
            }
            if (!classPath.isEmpty()) {
                command.add("-cp");
                command.add(classPath);
            }
            command.add("-m");
            command.add(mainModule + "/" + mainClass);
        } else {
            command.add("-cp");
            command.add(classPath.isEmpty() ? "." : classPath);
            command.add(mainClass);
        }
        return command;
    }

    /**
     * JVM options with which the forks of one directory share a JDK AOT cache (JEP 483, 514 and 515:
     * classes loaded and linked, and method profiles, from a training run), so that a fork starts
     * without loading, verifying and linking kbench's and its driver's classes again: the first fork asked
     * for writes {@code forks.aot} in the directory when it exits ({@code -XX:AOTCacheOutput}); the
     * forks after it map that cache ({@code -XX:AOTCache}) once it is complete. A fork asked for while the
     * first one is still writing gets none, and so does every fork if the first one wrote no cache, or if
     * the class path or module path holds a directory (classes built in place), with which a JVM cannot
     * write a cache.
     * Forks started by {@link #javaCommand} also keep a complete cache for later runs of the same JVM and
     * jars ({@value #AOT_DIRECTORY_PROPERTY}; by default {@code ~/.cache/kbench/aot}) and map a kept one
     * instead of training, so only the first run of a kbench build trains.
     * The measurements are unchanged: the cache holds what a JVM would load and link anyway. The JVM's
     * AOT log is off in the forks, and the lines a training JVM prints are not passed on. Off with the
     * system property {@code kbench.forks.aot=false}.
     *
     * @param directory the forks' directory, from {@link #temporaryDirectory()}
     * @return the options for the next fork, possibly none
     */
    public static List<String> aotOptions(Path directory) {
        return AotCache.options(directory, Optional.empty());
    }

    /**
     * A fresh temporary directory for forks' samples and crash reports.
     *
     * @return the directory
     * @throws UncheckedIOException if it cannot be created
     */
    public static Path temporaryDirectory() {
        try {
            return Files.createTempDirectory("kbench-forks-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a temporary directory for the forks: " + e.getMessage(), e);
        }
    }

    /**
     * Deletes a directory of the forks and its files, ignoring what cannot be deleted.
     *
     * @param directory from {@link #temporaryDirectory()}
     */
    public static void deleteQuietly(Path directory) {
        try (Stream<Path> files = Files.walk(directory)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
        } catch (IOException | UncheckedIOException e) {
            // a leftover temporary directory is harmless
        }
    }

    /**
     * Deletes a directory of the forks, as {@link #deleteQuietly}, unless the forks that died left a file in it:
     * a samples file ({@link #samplesFile} of their side and index) or a JVM crash report ({@code hs_err_pid*.log}).
     * The files of the forks that completed are no reason to keep it where their samples were handed on.
     *
     * @param directory from {@link #temporaryDirectory()}
     * @param dead the outcomes of the forks that died
     * @return whether they left no file (and so the directory was deleted, as far as it could be)
     */
    public static boolean deleteUnlessLeftBy(Path directory, List<ForkOutcome> dead) {
        if (crashFile(directory).isPresent()
                || dead.stream().anyMatch(f -> Files.exists(samplesFile(directory, f.side(), f.fork())))) {
            return false;
        }
        deleteQuietly(directory);
        return true;
    }

    /**
     * Deletes a directory of the forks, as {@link #deleteQuietly}, if it holds no file at all: forks that died
     * before they wrote a samples file or a crash report leave nothing worth keeping.
     *
     * @param directory from {@link #temporaryDirectory()}
     * @return whether it held no file (and so was deleted, as far as it could be)
     */
    public static boolean deleteIfNothingIn(Path directory) {
        try (Stream<Path> files = Files.walk(directory)) {
            if (files.anyMatch(Files::isRegularFile)) {
                return false;
            }
        } catch (IOException | UncheckedIOException e) {
            return false;
        }
        deleteQuietly(directory);
        return true;
    }
}

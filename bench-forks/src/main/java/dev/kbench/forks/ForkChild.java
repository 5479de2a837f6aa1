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

import dev.kbench.api.Backend;
import dev.kbench.api.Drivers;
import dev.kbench.api.NoiseTarget;
import dev.kbench.api.Schedule;
import dev.kbench.api.Submission;
import dev.kbench.api.SuiteFactory;
import dev.kbench.api.SuiteListener;
import dev.kbench.api.SuiteOptions;
import dev.kbench.api.SuiteResult;
import dev.kbench.api.Timing;
import dev.kbench.stats.io.SamplesCsvWriter;
import dev.kbench.stats.io.WriteMode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The child side of {@link Forks}: a program that re-creates a suite from its {@link SuiteFactory}
 * class, measures it once and streams its samples to the samples CSV the parent named. Exit status 0
 * when every benchmark was measured, 1 when one failed, 2 on bad arguments. Started by {@link Forks};
 * not meant to be run by hand.
 *
 * <p>Its static methods are what every kbench child calls, this program and the {@code kbench} command's
 * children alike: {@link #awaitGo()} and {@link #awaitGoBeforeWork()} where a child started in standby waits
 * for its turn ({@link ForkSequence}), {@link #handOver(Runnable)} where it hands its device on, and
 * {@link #trace(String)} for the forks' trace.
 */
public final class ForkChild {

    private static final AtomicBoolean AWAITED = new AtomicBoolean();
    private static final AtomicBoolean RELEASED = new AtomicBoolean();

    private ForkChild() {
    }

    /**
     * The arguments that make a child run a suite with these options.
     *
     * @param factory the factory's class name
     * @param backend the driver's name, empty for the lookup rule
     * @param options the options, with the fork's seed
     * @param samplesFile where the child writes its samples
     * @return the arguments
     */
    static List<String> arguments(String factory, Optional<String> backend, SuiteOptions options, Path samplesFile) {
        List<String> args = new ArrayList<>(List.of("--factory", factory, "--out", samplesFile.toString(),
                "--repetitions", Integer.toString(options.repetitions()),
                "--schedule", options.schedule().name(),
                "--warmup-ms", Double.toString(options.warmupMillis()),
                "--rep-ms", Double.toString(options.repetitionMillis()),
                "--max-samples", Integer.toString(options.maxSamplesPerRepetition()),
                "--min-samples", Integer.toString(options.minSamplesPerRepetition()),
                "--cache-clear-bytes", Long.toString(options.cacheClearBytes()),
                "--place-every", Integer.toString(options.placeEvery()),
                "--timing", options.timing().name(),
                "--submission", options.submission().name()));
        options.seed().ifPresent(s -> args.addAll(List.of("--seed", Long.toString(s))));
        backend.ifPresent(b -> args.addAll(List.of("--backend", b)));
        options.noiseTarget().ifPresent(t -> args.addAll(List.of("--noise-target", String.format(Locale.ROOT,
                "%s,%s,%d,%d,%s", t.relativeHalfWidth(), t.confidence(), t.minRepetitions(), t.maxRepetitions(),
                t.budgetMillis()))));
        return args;
    }

    /**
     * Runs one fork.
     *
     * @param args from {@link Forks}
     */
    public static void main(String[] args) {
        int status;
        try {
            status = run(args);
        } catch (IllegalAccessException e) {
            // a factory in a named module whose package is not exported: say the line that fixes it
            String factory = args.length > 1 ? args[1] : "";
            String pkg = factory.contains(".") ? factory.substring(0, factory.lastIndexOf('.')) : factory;
            System.err.println("kbench fork: " + e.getMessage() + "; add `exports " + pkg + " to dev.kbench.forks;` to the module-info.java "
                    + "of " + factory + "'s module, so that each fork can create the factory");
            status = 2;
        } catch (java.lang.reflect.InvocationTargetException e) {
            // the factory's constructor threw: its stack trace, then its exception as the last line, which the
            // parent's report of a dead fork ends with (not a usage error)
            e.getCause().printStackTrace();
            System.err.println("kbench fork: the constructor of " + (args.length > 1 ? args[1] : "the factory")
                    + " threw " + e.getCause());
            status = 1;
        } catch (IllegalArgumentException | ReflectiveOperationException e) {
            System.err.println("kbench fork: " + e.getMessage());
            status = 2;
        }
        System.exit(status);
    }

    private static int run(String[] args) throws ReflectiveOperationException {
        Map<String, String> named = new HashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            named.put(args[i], args[i + 1]);
        }
        String factoryName = required(named, "--factory");
        Path out = Path.of(required(named, "--out"));
        SuiteOptions options = new SuiteOptions(Integer.parseInt(required(named, "--repetitions")),
                Schedule.valueOf(required(named, "--schedule")), java.util.OptionalLong.empty(),
                Double.parseDouble(required(named, "--warmup-ms")), Double.parseDouble(required(named, "--rep-ms")),
                Integer.parseInt(required(named, "--max-samples")),
                Long.parseLong(required(named, "--cache-clear-bytes")), Optional.empty());
        options = options.withMinSamplesPerRepetition(Integer.parseInt(required(named, "--min-samples")))
                .withTiming(Timing.valueOf(required(named, "--timing")))
                .withSubmission(Submission.valueOf(required(named, "--submission")))
                .withPlaceEvery(Integer.parseInt(required(named, "--place-every")));
        if (named.containsKey("--seed")) {
            options = options.withSeed(Long.parseLong(named.get("--seed")));
        }
        if (named.containsKey("--noise-target")) {
            String[] t = named.get("--noise-target").split(",");
            options = options.withNoiseTarget(new NoiseTarget(Double.parseDouble(t[0]), Double.parseDouble(t[1]),
                    Integer.parseInt(t[2]), Integer.parseInt(t[3]), Double.parseDouble(t[4])));
        }
        Class<?> type = Class.forName(factoryName, true, ClassLoader.getSystemClassLoader());
        if (!SuiteFactory.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException(factoryName + " does not implement " + SuiteFactory.class.getName());
        }
        SuiteFactory factory = (SuiteFactory) type.getConstructor().newInstance();
        awaitGo();
        Drivers drivers = Drivers.system();
        Backend driver = named.containsKey("--backend") ? drivers.select(named.get("--backend")) : drivers.active();
        driver.device();   // opened before a standby (device) waits: no work is submitted yet
        awaitGoBeforeWork();
        try (SamplesCsvWriter csv = SamplesCsvWriter.open(out, WriteMode.APPEND)) {
            SuiteResult result = factory.suite().run(driver, options, SuiteListener.onSamples(rows -> {
                try {
                    csv.append(rows);
                } catch (IOException e) {
                    throw new UncheckedIOException("writing " + out + " failed: " + e.getMessage(), e);
                }
            }));
            handOver(driver::close);
            return result.anyFailed() ? 1 : 0;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + out + ": " + e.getMessage(), e);
        }
    }

    /**
     * Where a kbench child started in standby {@code start} waits for its turn ({@link ForkSequence}): call it
     * after all that needs no driver and before the first driver call (driver discovery). In a process that
     * was not started in standby it returns at once; in standby {@code device} it returns at once and the
     * child waits at {@link #awaitGoBeforeWork()} instead. In standby it blocks until its parent says go (a
     * line {@code go} on standard input); if the parent ends or kills it instead, this process exits with
     * status 1 without touching a device. Only the first wait counts. With {@value Forks#TRACE_VARIABLE} set (from
     * the parent's {@value Forks#TRACE_PROPERTY}) it appends lines to that file: when this JVM started, when it
     * was ready to wait, when it went on, when it released its device and when it ends (docs/formats.md).
     */
    public static void awaitGo() {
        if (!Forks.Standby.DEVICE.name().equalsIgnoreCase(System.getenv(Forks.STANDBY_VARIABLE))) {
            await();
        }
    }

    /**
     * Where a kbench child started in standby {@code device} waits for its turn: call it after its driver
     * is chosen, its device opened and its kernels built, and before the first work it submits to the device
     * (allocating and filling buffers, the cache clear, warmup). Returns at once where the child does not
     * wait or waited already at {@link #awaitGo()}; otherwise as {@link #awaitGo()}.
     */
    public static void awaitGoBeforeWork() {
        await();
    }

    /**
     * Where a fork hands the device on, once its last work on it has finished: says so, a line on standard
     * error ({@link Forks#RELEASED_LINE}) that its parent reads and does not pass on, then runs {@code close} (which
     * frees what the fork holds on the device: kernels, context), so that the next fork's go does not wait for
     * the context's teardown (on an H200 0.07 to 0.08 s a fork). With {@value Forks#HANDOVER_PROPERTY}{@code =closed}
     * it closes first and says so after. Only kbench's forks ({@value Forks#FORK_VARIABLE} set) say so, once.
     *
     * @param close closes what holds the device
     * @throws IllegalArgumentException if {@value Forks#HANDOVER_PROPERTY} is neither {@code finished} nor
     *         {@code closed}
     */
    public static void handOver(Runnable close) {
        if (Forks.handsOverFinished()) {
            deviceReleased();
        }
        close.run();
        deviceReleased();
    }

    /**
     * Says that this fork has handed its device on: its last work on it has finished (and, with
     * {@value Forks#HANDOVER_PROPERTY}{@code =closed}, its buffers, kernels and context are closed). A
     * {@link Forks.Standby#DEVICE} sequence sends the next fork go then rather than when this process has
     * exited. Only kbench's forks ({@value Forks#FORK_VARIABLE} set) say it, once; elsewhere it does nothing.
     */
    private static void deviceReleased() {
        if (System.getenv(Forks.FORK_VARIABLE) == null || !RELEASED.compareAndSet(false, true)) {
            return;
        }
        trace("released");
        System.err.println(Forks.RELEASED_LINE);
        System.err.flush();
    }

    /**
     * Appends an event to the forks' trace ({@value Forks#TRACE_VARIABLE}), for a breakdown of where a fork's time
     * goes; does nothing where the child is not traced.
     *
     * @param event one word, no spaces
     */
    public static void trace(String event) {
        traceFile().ifPresent(t -> Forks.trace(t, event, Forks.micros()));
    }

    /** The forks' trace file this child appends to ({@value Forks#TRACE_VARIABLE}), if it is traced. */
    private static Optional<Path> traceFile() {
        return Optional.ofNullable(System.getenv(Forks.TRACE_VARIABLE)).filter(t -> !t.isEmpty()).map(Path::of);
    }

    private static void await() {
        if (!AWAITED.compareAndSet(false, true)) {
            return;
        }
        Optional<Path> trace = traceFile();
        trace.ifPresent(t -> Forks.trace(t, "start", ManagementFactory.getRuntimeMXBean().getStartTime() * 1000));
        if (System.getenv(Forks.STANDBY_VARIABLE) != null) {
            trace("ready");
            if (!"go".equals(firstLine())) {
                System.err.println("kbench fork: its parent ended or stopped it before its turn; nothing was measured");
                System.exit(1);
            }
        }
        trace.ifPresent(t -> {
            Forks.trace(t, "go", Forks.micros());
            Runtime.getRuntime()
                    .addShutdownHook(Thread.ofPlatform().unstarted(() -> Forks.trace(t, "end", Forks.micros())));
        });
    }

    /** The first line of standard input, without its end; null at the end of input or on an error. */
    private static String firstLine() {
        StringBuilder line = new StringBuilder();
        try {
            for (int c = System.in.read(); c != '\n'; c = System.in.read()) {
                if (c < 0) {
                    return null;
                }
                line.append((char) c);
            }
            return line.toString();
        } catch (IOException e) {
            return null;
        }
    }


    private static String required(Map<String, String> named, String name) {
        String value = named.get(name);
        if (value == null) {
            throw new IllegalArgumentException("missing " + name);
        }
        return value;
    }
}

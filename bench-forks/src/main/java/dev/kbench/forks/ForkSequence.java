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
import dev.kbench.forks.Forks.Launch;
import dev.kbench.forks.Forks.Program;
import dev.kbench.forks.Forks.Standby;
import dev.kbench.forks.Forks.Started;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Forks run one after another, none of them measuring while another process does device work, with
 * the next kbench fork started in standby while the one before it measures: with {@link Standby#START} it
 * starts its JVM and gets as far as its first driver call ({@link ForkChild#awaitGo()}), and is told to go on once
 * the fork before it has exited; with {@link Standby#DEVICE} it gets as far as its first work on the
 * device ({@link ForkChild#awaitGoBeforeWork()}), with its device open and its kernels built, and is told to go on
 * once the fork before it has released its device ({@link ForkChild#handOver(Runnable)}) or exited (at each release
 * the next standby goes on, even before the caller has come back from the fork before);
 * then, with {@link Standby#DEVICE}, the standby that takes the place of the one that went on starts at once,
 * while the fork before it closes its device, rather than when that fork has ended. The fork that
 * writes the forks' AOT cache ({@link Forks#aotOptions}) has no
 * standby beside it, so that every later fork maps the complete cache; a child that is not kbench's own
 * ({@link Program#COMMAND}) is never started ahead, since it would not wait. A standby that is not used
 * (the loop ended, or the caller asks for another fork), even one that has gone on, is killed, leaving no
 * process and no file. A
 * standby is killed with the running children when this JVM exits, and by its guard when this JVM dies; a
 * child waiting for go whose parent is gone reads the end of its input and exits without touching a device.
 */
public final class ForkSequence implements AutoCloseable {

    /** The most forks that wait in standby ahead of the running one ({@value Forks#DEPTH_PROPERTY}). */
    public static final int MOST_DEPTH = 8;

    /**
     * The most forks ahead of the running one that {@link #run} uses: its standbys, and the one that takes a
     * standby's place when the running fork hands over.
     */
    public static final int MOST_AHEAD = MOST_DEPTH + 1;

    /**
     * How many forks wait in standby by default. On an H200 a standby needed 0.85 to 1.0 s from its JVM's
     * start to ready while forks followed each other every 0.26 to 0.30 s: with three every fourth fork
     * waited for its standby, with four the mean time from one fork's go to the next fell by 9 to 13 %
     * (docs/performance.md, section 15).
     */
    public static final int DEFAULT_DEPTH = 4;

    /**
     * How many forks wait in standby by default on a host of {@value #WIDE_HOST_CORES} processors or more. On
     * the H200's 16-core host, with the device passed on at each hand-over, forks followed each other every
     * 0.23 to 0.27 s and a standby needed 1.0 to 1.4 s from its JVM's start to ready: with four standbys 13
     * of 40 forks waited for theirs, with six 1 of 40, and the mean time from one fork's go to the next fell
     * by 9 % at 2^20 and 2^24 and 5 % for the built-in suite, the fork medians unchanged (docs/performance.md,
     * sections 20 and 21). Each standby is a JVM starting beside the measuring fork, hence the cores.
     */
    public static final int WIDE_HOST_DEPTH = 6;

    /** The processors from which {@link #WIDE_HOST_DEPTH} standbys wait by default. */
    public static final int WIDE_HOST_CORES = 16;

    /**
     * How many forks wait in standby by default on a host with {@code processors} processors.
     *
     * @param processors the processors available to the JVM
     * @return {@value #WIDE_HOST_DEPTH} from {@value #WIDE_HOST_CORES} processors on, else {@value #DEFAULT_DEPTH}
     */
    public static int defaultDepth(int processors) {
        return processors >= WIDE_HOST_CORES ? WIDE_HOST_DEPTH : DEFAULT_DEPTH;
    }

    /**
     * The forks ahead of fork {@code fork} of {@code count} forks numbered 0 to {@code count - 1}, as
     * {@link #run} takes them: the next ones, at most {@link #MOST_AHEAD}.
     *
     * @param <T> what a fork is to the caller (its launch, or what the launch is made from)
     * @param fork the fork about to run
     * @param count how many forks there are
     * @param item a fork, by its number
     * @return the forks, in order
     */
    public static <T> List<T> ahead(int fork, int count, java.util.function.IntFunction<T> item) {
        return java.util.stream.IntStream.range(fork + 1, Math.min(count, fork + 1 + MOST_AHEAD)).mapToObj(item).toList();
    }

    private final Duration timeout;
    private final Consumer<String> output;
    private final Standby standby;
    private final Listener listener;
    private final int depth;
    /**
     * The standbys in order, those gone on ahead of the caller first; the caller's thread and a fork's release
     * ({@link #passOn}) both change it, under {@link #starting}.
     */
    private final Deque<Started> waiting = new java.util.concurrent.ConcurrentLinkedDeque<>();
    /** The forks planned after the standbys, in order, started one at each release ({@link #replenish}). */
    private final Deque<Launch> upcoming = new java.util.concurrent.ConcurrentLinkedDeque<>();
    /** Held while standbys are started, matched against the plan or discarded, or given go. */
    private final Object starting = new Object();
    /** The fork that last went on, which holds the device until it releases it or ends; under {@link #starting}. */
    private Started holder;

    /**
     * A sequence in the standby mode that {@value Forks#STANDBY_PROPERTY} chooses, with as many forks in standby
     * as {@value Forks#DEPTH_PROPERTY} says.
     *
     * @param timeout how long each fork may take after its go before it is killed as hung
     * @param output receives the children's output lines, prefixed
     * @throws IllegalArgumentException if {@value Forks#STANDBY_PROPERTY} or {@value Forks#DEPTH_PROPERTY} holds
     *         no valid value
     */
    public ForkSequence(Duration timeout, Consumer<String> output) {
        this(timeout, output, Forks.standby());
    }

    /**
     * A sequence in a given standby mode, with as many forks in standby as {@value Forks#DEPTH_PROPERTY} says.
     *
     * @param timeout how long each fork may take after its go before it is killed as hung
     * @param output receives the children's output lines, prefixed
     * @param mode whether the next kbench forks start in standby
     * @throws IllegalArgumentException if {@value Forks#DEPTH_PROPERTY} holds no valid value
     */
    public ForkSequence(Duration timeout, Consumer<String> output, Standby mode) {
        this(timeout, output, mode, launch -> { });
    }

    /**
     * What a {@link ForkSequence} tells its caller about its forks as they go on, which in standby {@code device}
     * is ahead of the caller: a fork goes on when the fork before releases the device, while the caller may
     * still be reading that fork's samples.
     */
    @FunctionalInterface
    public interface Listener {

        /**
         * A fork goes on: a standby is given go (in standby {@code device} perhaps on another thread), or a
         * fork that does not wait in standby is about to start. Called once a fork, before the fork's own
         * output lines; not for standbys that never go on.
         *
         * @param launch the fork
         */
        void went(Launch launch);

        /**
         * A fork that had gone on ahead of the caller was not wanted after all (the caller asked for another
         * fork, or closed the sequence: an {@code ab} that had decided) and was killed; its samples are not
         * kept. Not called while this JVM is exiting (a signal), whose own report covers it.
         *
         * @param launch the fork
         */
        default void dropped(Launch launch) {
        }
    }

    /**
     * A sequence in a given standby mode that tells its listener when each fork goes on, and when one that
     * went on ahead is dropped.
     *
     * @param timeout how long each fork may take after its go before it is killed as hung
     * @param output receives the children's output lines, prefixed
     * @param mode whether the next kbench forks start in standby
     * @param listener told of each fork as it goes on, and of those that went on ahead and were dropped
     * @throws IllegalArgumentException if {@value Forks#DEPTH_PROPERTY} holds no valid value
     */
    public ForkSequence(Duration timeout, Consumer<String> output, Standby mode, Listener listener) {
        this.timeout = Objects.requireNonNull(timeout, "timeout");
        this.output = Objects.requireNonNull(output, "output");
        this.standby = Objects.requireNonNull(mode, "mode");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.depth = Forks.standbyDepth();
        Forks.handsOverFinished();   // a bad value fails here, before any fork starts
    }

    /**
     * Runs one fork to its end, as {@link Forks#launch} does: the first one waiting in standby if it is this
     * launch (equal), else a fresh process (the standbys are then killed). While it measures, the launches
     * that {@code ahead} gives are started in standby, as many as the standby depth allows (those already
     * waiting for them kept, in order), unless standby is off, this fork writes the AOT cache, this JVM is
     * exiting, or one is not a kbench program (it and those after it are not started ahead).
     *
     * @param launch the fork to run now
     * @param ahead the forks that the next calls will run, in order, as far as they are known (at most
     *        {@link #MOST_AHEAD} are used: the standbys, and in standby {@code device} those started one at
     *        each hand-over, this fork's and those of the forks after it, in the place of the standby that
     *        goes on); asked at most once, and not at all when no standby can be started
     * @param samples receives its samples, tagged with its fork index, unless it recorded none
     * @return how it ended
     * @throws UncheckedIOException if the process cannot be started
     */
    public ForkOutcome run(Launch launch, java.util.function.Supplier<List<Launch>> ahead,
                           Consumer<List<SampleRecord>> samples) {
        Started current;
        synchronized (starting) {
            current = waiting.pollFirst();
            // in standby device the fork before has ended (or handed over, and this one went on then): a
            // standby that has not gone on yet goes now, and holds the device; a standby whose guard was
            // killed gets no go (its child reads the end of its input and exits)
            if (standby == Standby.DEVICE && current != null && current.launch().equals(launch)
                    && current.process().isAlive() && goOn(current)) {
                holder = current;
            }
        }
        if (current != null && !current.launch().equals(launch)) {
            drop(current);
            current = null;
            close();
        }
        List<Launch> following = standby != Standby.OFF && !Forks.training(launch) && !Forks.stopping() ? ahead.get() : List.of();
        boolean standing = current != null;
        if (current == null) {
            listener.went(launch);
            current = Forks.start(launch, output, null, Standby.OFF);
            if (current == null) {
                return Forks.stoppedBefore(launch);
            }
            synchronized (starting) {
                holder = current;
            }
        }
        if (standing && standby != Standby.DEVICE && current.process().isAlive()) {
            goOn(current);
        }
        List<Launch> plan = following.stream().limit(MOST_AHEAD).takeWhile(l -> l.program() == Program.KBENCH).toList();
        List<Started> unplanned = new ArrayList<>();
        synchronized (starting) {
            // the standbys still planned, in order (those started at hand-overs too); the first that is not
            // ends the plan's match
            int matched = 0;
            for (Started w : waiting) {
                if (matched == plan.size() || !w.launch().equals(plan.get(matched))) {
                    break;
                }
                matched++;
            }
            while (waiting.size() > matched) {
                unplanned.add(waiting.pollLast());
            }
            for (int i = matched; i < Math.min(depth, plan.size()); i++) {
                if (!standBy(plan.get(i))) {
                    break;
                }
            }
            upcoming.clear();
            if (standby == Standby.DEVICE) {
                upcoming.addAll(plan.subList(Math.min(waiting.size(), plan.size()), plan.size()));
            }
        }
        // outside the lock: a release's reader thread may wait for it, and discarding joins such a thread
        unplanned.forEach(this::drop);
        if (standby == Standby.DEVICE) {
            // the next standby goes as soon as this fork has released its device (else, if it died first, at
            // the next call), and so on down the standbys
            passOn(current);
        }
        long deadline = System.nanoTime() + Forks.nanos(timeout);
        return Forks.finish(current, timeout, deadline, samples);
    }

    /**
     * Once {@code from} has released its device, gives go to the first standby that has not had it, and
     * from that one on in the same way: the device passes from fork to fork as each releases it, whether or
     * not the caller has come back for the next fork yet (it reads the samples and reaps the process of a
     * fork that ended, which on an H200 took 0.1 s, and a fork's teardown after its release took as long
     * as the next fork's measurement). Two forks never go on at one release, however often this is asked
     * for a fork: {@link #advance} gives go only where the fork holding the device has released it. The
     * standbys wait in the order they go on. At each release the next planned fork also starts in standby
     * where fewer than the standby depth wait ({@link #replenish}), while the fork that released closes its
     * device and ends, so that it has that much longer to be ready. A standby that went on this way and is
     * then not wanted (the caller stopped, or asked for another fork) is killed with the other unused ones.
     */
    private void passOn(Started from) {
        from.handoff().whenReleased(() -> {
            advance();
            replenish();
        });
    }

    /**
     * Gives go to the first standby that has not had it, if the device is free: the fork that last went on
     * has released it or is gone. Called at each release, and when a standby starts (the forks before it
     * may all have gone through while it started). Never while this JVM is exiting: the shutdown kills the
     * running fork, whose end counts as its release, and the standby behind it, which must not go on and be
     * reported as a fork the signal caught.
     */
    private void advance() {
        Started next;
        synchronized (starting) {
            if (Forks.stopping() || holder != null && holder.process().isAlive() && !holder.handoff().released()) {
                return;
            }
            next = waitingForGo().findFirst().orElse(null);
            if (next == null || !next.process().isAlive() || !goOn(next)) {
                return;
            }
            holder = next;
        }
        passOn(next);
    }

    /**
     * Tells a child in standby that its turn has come, once: first the listener (so that a line it prints
     * comes before the child's own), then the child, by the line {@code go} on the pipe to its guard (or to
     * it).
     *
     * @return whether go was given now (false: it had been before)
     */
    private boolean goOn(Started started) {
        if (!started.handoff().go()) {
            return false;
        }
        listener.went(started.launch());
        try {
            OutputStream pipe = started.process().getOutputStream();
            pipe.write("go\n".getBytes(StandardCharsets.US_ASCII));
            pipe.flush();
        } catch (IOException e) {
            // the child is gone already: waiting for it reports how it ended
        }
        return true;
    }

    /** The standbys that have not had go yet, in order. */
    private Stream<Started> waitingForGo() {
        return waiting.stream().filter(w -> !w.handoff().went());
    }

    /**
     * Starts the next planned fork in standby if fewer than the standby depth wait for go (a fork just went
     * on), unless this JVM is exiting; it goes on at once if the device is free ({@link #advance}).
     */
    private void replenish() {
        synchronized (starting) {
            if (Forks.stopping() || waitingForGo().count() >= depth) {
                return;
            }
            Launch next = upcoming.pollFirst();
            if (next == null || !standBy(next)) {
                return;
            }
        }
        advance();
    }

    /**
     * Starts a fork in standby behind the others waiting.
     *
     * @return false if it could not be started (its turn starts it again and reports what fails) or this
     *         JVM is exiting
     */
    private boolean standBy(Launch next) {
        Started started;
        try {
            started = Forks.start(next, output, null, standby);
        } catch (UncheckedIOException e) {
            return false;
        }
        if (started == null) {
            return false;
        }
        waiting.addLast(started);
        return true;
    }

    /**
     * Whether a caller's loop stops before the fork of {@code launch}: this JVM is exiting ({@link Forks#stopping()})
     * and that fork has not gone on already. One that has (a standby given go when the fork before it
     * released the device, while the caller was still collecting that one) is running, so the caller still
     * collects it with {@link #run}, which reports it as stopped with the samples it recorded, rather than
     * leaving it out as if it had never started.
     *
     * @param launch the next fork the caller would run
     * @return true if the caller stops here
     */
    public boolean stopsBefore(Launch launch) {
        if (!Forks.stopping()) {
            return false;
        }
        synchronized (starting) {
            Started first = waiting.peekFirst();
            return first == null || !first.launch().equals(launch) || !first.handoff().went();
        }
    }

    /**
     * Kills the standbys that were not used, all of them before waiting for any (each exit tears down a
     * device context), then waits for them.
     */
    @Override
    public void close() {
        List<Started> unused;
        synchronized (starting) {
            unused = new ArrayList<>(waiting.reversed());
            waiting.clear();
            upcoming.clear();
        }
        unused.forEach(Forks::kill);
        unused.forEach(this::drop);
    }

    /** Discards a fork not wanted and, if it had gone on, tells the listener. */
    private void drop(Started started) {
        Forks.discard(started);
        if (started.handoff().went() && !Forks.stopping()) {
            listener.dropped(started.launch());
        }
    }
}

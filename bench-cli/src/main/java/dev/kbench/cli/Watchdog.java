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

import dev.kbench.api.Params;
import dev.kbench.api.SampleRecord;
import dev.kbench.api.SuiteListener;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Watches a suite run from a daemon thread, outside the timed loop: the measuring thread only stamps the
 * start of each step (a repetition; the first one also sets the benchmark up). While one step runs
 * longer than {@link #LIFE_LINE}, a line on stderr says which benchmark and for how long; once it runs
 * longer than the timeout, the watchdog reports it and calls {@code onTimeout}, which keeps what was
 * measured and ends the process: a device call that never returns cannot be interrupted.
 */
final class Watchdog implements SuiteListener, AutoCloseable {

    /** How often a long step is reported on stderr. */
    static final Duration LIFE_LINE = Duration.ofSeconds(10);

    private final PrintWriter err;
    private final Duration timeout;
    private final boolean quiet;
    private final Consumer<String> onTimeout;
    private final Thread thread;
    private volatile String step;
    private volatile long stepStartNanos;
    private volatile boolean closed;

    /**
     * Starts watching.
     *
     * @param err where the lines go
     * @param timeout the longest one step may take; {@link Duration#ZERO} never fires
     * @param quiet no lines of life, only the timeout
     * @param onTimeout called once from the watchdog's thread with the message when the timeout fires
     */
    Watchdog(PrintWriter err, Duration timeout, boolean quiet, Consumer<String> onTimeout) {
        this.err = err;
        this.timeout = timeout;
        this.quiet = quiet;
        this.onTimeout = onTimeout;
        this.thread = Thread.ofPlatform().daemon(true).name("kbench-watchdog").unstarted(this::watch);
        thread.start();
    }

    @Override
    public void starting(String benchmark, Params params, int repetition) {
        String p = params.toString();
        stepStartNanos = System.nanoTime();
        step = (p.isEmpty() ? benchmark : benchmark + "[" + p + "]")
                + (repetition == 0 ? " (setup, warmup and repetition 0)" : " repetition " + repetition);
    }

    @Override
    public void repetition(List<SampleRecord> samples) {
        step = null;
    }

    @Override
    public void failed(String benchmark, Params params, Throwable error) {
        step = null;
    }

    private void watch() {
        long nextLifeLine = LIFE_LINE.toNanos();
        String watched = null;
        while (!closed) {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                return;
            }
            String current = step;
            if (current == null) {
                watched = null;
                continue;
            }
            if (!current.equals(watched)) {
                watched = current;
                nextLifeLine = LIFE_LINE.toNanos();
            }
            long elapsed = System.nanoTime() - stepStartNanos;
            if (!timeout.isZero() && elapsed >= timeout.toNanos() && !closed) {
                closed = true;
                onTimeout.accept(String.format(Locale.ROOT, "kbench: %s did not finish within --timeout %s "
                        + "(a kernel that never ends, or a launch far larger than meant?); stopping the run",
                        current, seconds(timeout.toNanos())));
                return;
            }
            if (elapsed >= nextLifeLine && !quiet) {
                err.println(String.format(Locale.ROOT, "kbench: %s still running after %s%s", current,
                        seconds(elapsed), timeout.isZero() ? "" : " (--timeout " + seconds(timeout.toNanos()) + ")"));
                err.flush();
                nextLifeLine += LIFE_LINE.toNanos();
            }
        }
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.0f s", nanos / 1e9);
    }

    @Override
    public void close() {
        closed = true;
        thread.interrupt();
    }
}

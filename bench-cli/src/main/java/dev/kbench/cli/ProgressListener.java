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
import dev.kbench.api.internal.Quantiles;
import dev.kbench.stats.format.Numbers;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/**
 * Reports a suite run on stderr as it goes: a progress bar (on a terminal), or one line per
 * repetition (for CI logs), and failures and skips as they happen. Never writes to stdout.
 */
final class ProgressListener implements SuiteListener {

    /** How progress is shown. */
    enum Mode {
        /** A bar redrawn in place: only on a terminal. */
        BAR,
        /** One line per measured repetition. */
        LINES,
        /** Nothing but failures. */
        NONE
    }

    private static final int WIDTH = 30;

    private final PrintWriter err;
    private final Mode mode;
    private final boolean quiet;
    private boolean barShown;

    ProgressListener(PrintWriter err, Mode mode, boolean quiet) {
        this.err = err;
        this.mode = mode;
        this.quiet = quiet;
    }

    @Override
    public void repetition(List<SampleRecord> samples) {
        if (mode != Mode.LINES || samples.isEmpty()) {
            return;
        }
        SampleRecord first = samples.getFirst();
        double[] times = samples.stream().mapToDouble(SampleRecord::timeMillis).toArray();
        err.printf(Locale.ROOT, "%s repetition %d: %d samples, median %s ms%n", first.id(),
                first.repetition().orElse(0), times.length, Numbers.millis(Quantiles.of(times, 0.5)));
        err.flush();
    }

    @Override
    public void skipped(String benchmark, Params params, String reason) {
        if (!quiet) {
            clearBar();
            err.println("kbench: skipped " + id(benchmark, params) + ": " + reason);
            err.flush();
        }
    }

    @Override
    public void failed(String benchmark, Params params, Throwable error) {
        clearBar();
        String message = error.getMessage() == null ? error.toString() : error.getMessage();
        err.println("kbench: " + id(benchmark, params) + " failed: " + message);
        err.flush();
    }

    @Override
    public void progress(long done, long planned) {
        if (mode != Mode.BAR) {
            return;
        }
        long total = Math.max(planned, done);
        int filled = total == 0 ? WIDTH : (int) (WIDTH * done / total);
        err.print("\r[" + "#".repeat(filled) + ".".repeat(WIDTH - filled) + "] " + done + "/" + total + " repetitions");
        err.flush();
        barShown = true;
    }

    /** Removes the bar, so what follows starts on a clean line. */
    void clearBar() {
        if (barShown) {
            err.print("\r" + " ".repeat(WIDTH + 40) + "\r");
            err.flush();
            barShown = false;
        }
    }

    private static String id(String benchmark, Params params) {
        return SampleRecord.id(benchmark, params.toString());
    }
}

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

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * How one fork (a child process measuring one side of a run) ended.
 *
 * @param side the side it measured: {@code run} for {@code --forks}, {@code base} or {@code new} for a
 *        base/new comparison
 * @param fork its 0-based index within the side, as recorded in the samples CSV's {@code fork} column
 * @param seed the seed of its interleaved order (replays it with {@code --seed})
 * @param exitStatus the exit status; on Linux 128 + N when signal N ended it; empty when it was killed
 *        after its timeout
 * @param samples the samples it recorded, all kept
 * @param lastRecorded the benchmark of its last recorded sample, empty if it recorded none
 * @param cause a likely cause when it failed, empty when it exited with status 0
 * @param errorDirectory where a crashing child JVM writes its {@code hs_err} file
 * @param stderrTail its last lines of output, for the report of a failure
 */
public record ForkOutcome(String side, int fork, long seed, OptionalInt exitStatus, long samples,
                          Optional<String> lastRecorded, Optional<String> cause, Path errorDirectory,
                          List<String> stderrTail) {

    /** Validates and copies. */
    public ForkOutcome {
        Objects.requireNonNull(side, "side");
        Objects.requireNonNull(exitStatus, "exitStatus");
        Objects.requireNonNull(lastRecorded, "lastRecorded");
        Objects.requireNonNull(cause, "cause");
        Objects.requireNonNull(errorDirectory, "errorDirectory");
        stderrTail = List.copyOf(stderrTail);
    }

    /**
     * Whether the fork completed.
     *
     * @return true if it exited with status 0
     */
    public boolean completed() {
        return exitStatus.isPresent() && exitStatus.getAsInt() == 0;
    }

    /**
     * Whether the fork was killed, or not started, because this JVM was asked to exit (SIGTERM, SIGINT).
     *
     * @return true for a fork stopped with kbench
     */
    public boolean stopped() {
        return cause.filter(c -> c.startsWith(Forks.STOPPED)).isPresent();
    }

    /**
     * One line for a report: which fork, how it ended, what it was on, what was kept.
     *
     * @return e.g. {@code new fork 2 (seed 42) died: signal 9 (SIGKILL) ...; its 37 samples are kept} (or {@code
     *         its 1 sample is kept}, {@code it recorded no sample})
     */
    public String describe() {
        String name = side + " fork " + fork + " (seed " + seed + ")";
        if (completed()) {
            return name + " completed: " + samples + (samples == 1 ? " sample" : " samples");
        }
        return name + " died: " + cause.orElse("exit status " + exitStatus) + "; last recorded: "
                + lastRecorded.orElse("nothing") + "; " + (samples == 0 ? "it recorded no sample"
                        : samples == 1 ? "its 1 sample is kept" : "its " + samples + " samples are kept");
    }
}

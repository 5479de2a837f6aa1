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

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kbench.forks.ForkOutcome;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** The one line that reports how a fork ended, with each count of samples it can have kept. */
class ForkOutcomeTest {

    private static ForkOutcome ended(OptionalInt exit, long samples, String last) {
        return ended("new", 2, 42, exit, samples, last);
    }

    private static ForkOutcome ended(String side, int fork, long seed, OptionalInt exit, long samples, String last) {
        return new ForkOutcome(side, fork, seed, exit, samples, Optional.ofNullable(last),
                exit.equals(OptionalInt.of(0)) ? Optional.empty() : Optional.of("signal 9 (SIGKILL)"), Path.of("."),
                List.of());
    }

    @Test
    void aDeadForkSaysHowManySamplesAreKeptInWords() {
        assertEquals("new fork 2 (seed 42) died: signal 9 (SIGKILL); last recorded: nothing; it recorded no sample",
                ended(OptionalInt.of(137), 0, null).describe());
        assertEquals("new fork 2 (seed 42) died: signal 9 (SIGKILL); last recorded: copy; its 1 sample is kept",
                ended(OptionalInt.of(137), 1, "copy").describe());
        assertEquals("new fork 2 (seed 42) died: signal 9 (SIGKILL); last recorded: copy; its 37 samples are kept",
                ended(OptionalInt.of(137), 37, "copy").describe());
    }

    @Test
    void aCompletedForkSaysItsSamples() {
        assertEquals("new fork 2 (seed 42) completed: 1 sample", ended(OptionalInt.of(0), 1, "copy").describe());
        assertEquals("new fork 2 (seed 42) completed: 20 samples", ended(OptionalInt.of(0), 20, "copy").describe());
    }

    @Test
    void theTestsReaderOfTheReportReadsEachForm() {
        String err = ended(OptionalInt.of(137), 0, null).describe() + "\n"
                + ended("base", 1, 7, OptionalInt.of(137), 1, "copy").describe() + "\n"
                + ended("base", 3, 7, OptionalInt.of(137), 12, "copy").describe();
        assertEquals(0, Cli.keptOfDied(err, "new fork 2"));
        assertEquals(1, Cli.keptOfDied(err, "base fork 1"));
        assertEquals(12, Cli.keptOfDied(err, "base fork 3"));
    }
}

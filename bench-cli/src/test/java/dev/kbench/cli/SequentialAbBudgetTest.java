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
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.SampleRecord;
import dev.kbench.forks.ForkOutcome;
import dev.kbench.forks.SequentialAb;
import dev.kbench.stats.BenchmarkComparison;
import dev.kbench.stats.Compare;
import dev.kbench.stats.Unit;
import dev.kbench.stats.Verdict;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/**
 * The time budget of the loop that stops when decided, with sides that are unit-test doubles: each fork sleeps
 * past the budget and gives fixed samples, so that only the loop's arithmetic is under test.
 */
class SequentialAbBudgetTest {

    /**
     * Each side's forks give ten samples; within a pair the new fork's are all 3 % above the base fork's
     * (as two forks of one kernel differ on a GPU), and the pairs differ more from each other than that.
     */
    private static ForkOutcome fork(SequentialAb.Fork fork, java.util.function.Consumer<List<SampleRecord>> samples,
                                    long sleepMillis) {
        try {
            Thread.sleep(sleepMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
        List<SampleRecord> rows = new ArrayList<>();
        double pairLevel = 1.0 + 0.05 * (fork.index() % 3);
        for (int i = 0; i < 10; i++) {
            rows.add(SampleRecord.builder("copy", "n=1024").repetition(0).sample(i).fork(fork.index())
                    .timeMillis(pairLevel + (fork.side() == 1 ? 0.03 : 0) + 0.001 * i).build());
        }
        samples.accept(rows);
        return new ForkOutcome(fork.side() == 0 ? "base" : "new", fork.index(), fork.seed(), OptionalInt.of(0), rows.size(),
                Optional.empty(), Optional.empty(), Path.of("."), List.of());
    }

    @Test
    void aBudgetSpentByTheFirstPairStillRunsTwoForksASideAndTestsForkMedians() {
        // a budget of 1 s and forks of 0.6 s: after the first pair (1.2 s) the budget is spent; the loop still
        // runs a second pair, and the comparison is of fork medians (2 a side: no verdict but same). Stopped
        // after the first pair, it compared one fork's samples with the other's, every new sample above every
        // base sample: `slower` in an A/A of this kind.
        SequentialAb ab = SequentialAb.of(Compare.withDefaults(), Compare.DEFAULT_ALPHA).withMaxForks(30)
                .withTimeBudget(Duration.ofSeconds(1));
        SequentialAb.Result r = ab.run((fork, ahead, samples) -> fork(fork, samples, 600), 7, look -> { });
        assertEquals(Unit.FEWEST_FORKS, r.pairs(), r.looks().toString());
        assertTrue(r.outOfTime());
        BenchmarkComparison c = r.report().orElseThrow().results().getFirst();
        assertEquals(Unit.FORK, c.unit(), c.toString());
        assertEquals(Verdict.SAME, c.verdict(), c.toString());
    }

    @Test
    void theSamplesOfOnePairAloneWouldBeFlagged() {
        // the double above, tested as the loop tested it when the budget could end it after one pair
        List<SampleRecord> base = new ArrayList<>();
        List<SampleRecord> next = new ArrayList<>();
        fork(new SequentialAb.Fork(0, 0, 1), base::addAll, 0);
        fork(new SequentialAb.Fork(1, 0, 1), next::addAll, 0);
        BenchmarkComparison c = Compare.withDefaults().compare(dev.kbench.stats.SampleSet.of(base),
                dev.kbench.stats.SampleSet.of(next)).results().getFirst();
        assertEquals(Unit.SAMPLE, c.unit(), c.toString());
        assertEquals(Verdict.SLOWER, c.verdict(), c.toString());
    }
}

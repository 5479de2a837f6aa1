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
    static ForkOutcome fork(SequentialAb.Fork fork, java.util.function.Consumer<List<SampleRecord>> samples,
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
    void warmUpForksRunFirstTheirSamplesLeftOutTheirTimeNotTakenForAPairs() {
        // two warm-up forks of 2 s, then pairs of 0.6 s, a budget of 7.3 s: the pairs' own time says another pair
        // fits until 4 + 0.6 k + 0.6 > 7.3, so 5 pairs (with up to 75 ms of oversleep a fork, at least 3); had the
        // warm-ups' time been taken for the pairs', the estimate after 2 pairs (5.2 s elapsed, 2.6 s a pair) would
        // have ended the loop there
        List<SequentialAb.Fork> ran = new ArrayList<>();
        List<List<SequentialAb.Fork>> aheads = new ArrayList<>();
        SequentialAb ab = SequentialAb.of(Compare.withDefaults(), Compare.DEFAULT_ALPHA).withMaxForks(30)
                .withTimeBudget(Duration.ofMillis(7300)).withWarmupForks(2);
        assertEquals(2, ab.warmupForks());
        SequentialAb.Result r = ab.run((fork, ahead, samples) -> {
            ran.add(fork);
            aheads.add(ahead);
            return fork(fork, samples, fork.warmup() ? 2000 : 300);
        }, 7, look -> { });
        assertTrue(r.pairs() >= 3 && r.pairs() <= 5, r.pairs() + " pairs");
        assertTrue(r.outOfTime());
        // the warm-ups first, base then new, with seeds after the measured forks' own
        long[] seeds = dev.kbench.forks.Forks.seeds(7, 32);
        assertEquals(List.of(new SequentialAb.Fork(0, 0, seeds[30], true), new SequentialAb.Fork(1, 1, seeds[31], true)),
                ran.subList(0, 2));
        assertTrue(ran.subList(2, ran.size()).stream().noneMatch(SequentialAb.Fork::warmup), ran.toString());
        assertEquals(seeds[0], ran.get(2).seed());
        // the first pair is known to the first warm-up fork, so that it can start in standby beside it
        assertEquals(List.of(ran.get(1), ran.get(2), ran.get(3)), aheads.getFirst().subList(0, 3));
        // only the pairs' samples: 10 a fork
        assertEquals(10L * r.pairs(), r.base().size());
        assertEquals(10L * r.pairs(), r.next().size());
        assertEquals(2 + 2 * r.pairs(), r.forks().size());
        // the same run without warm-ups orders its pairs and seeds alike
        List<SequentialAb.Fork> plain = new ArrayList<>();
        SequentialAb.of(Compare.withDefaults(), Compare.DEFAULT_ALPHA).withMaxForks(2)
                .run((fork, ahead, samples) -> {
                    plain.add(fork);
                    return fork(fork, samples, 0);
                }, 7, look -> { });
        assertEquals(plain, ran.subList(2, 6));
    }

    @Test
    void aWarmUpForkThatDiesEndsTheLoopBeforeAnyPair() {
        List<SequentialAb.Fork> ran = new ArrayList<>();
        SequentialAb.Result r = SequentialAb.of(Compare.withDefaults(), Compare.DEFAULT_ALPHA).withWarmupForks(1)
                .run((fork, ahead, samples) -> {
                    ran.add(fork);
                    return new ForkOutcome("base" + SequentialAb.WARMUP_SUFFIX, fork.index(), fork.seed(),
                            OptionalInt.of(1), 0, Optional.empty(), Optional.empty(), Path.of("."), List.of());
                }, 7, look -> { });
        assertEquals(1, ran.size(), ran.toString());
        assertEquals(0, r.pairs());
        assertTrue(r.looks().isEmpty() && r.report().isEmpty() && !r.allCompleted() && !r.decided(), r.toString());
        assertTrue(r.base().isEmpty() && r.next().isEmpty());
    }

    @Test
    void aNegativeCountOfWarmUpForksIsRefused() {
        IllegalArgumentException e = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
                () -> SequentialAb.of(Compare.withDefaults(), Compare.DEFAULT_ALPHA).withWarmupForks(-1));
        assertTrue(e.getMessage().contains("-1"), e.getMessage());
    }

    @Test
    void aBudgetBeyondWhatNanosecondsHoldIsNoLimit() {
        // ChronoUnit.FOREVER (no limit, as a caller may say it) once made Duration.toNanos throw after the second
        // pair, the pairs' samples lost; Duration.ofDays(200 * 365) too
        for (Duration forever : List.of(java.time.temporal.ChronoUnit.FOREVER.getDuration(), Duration.ofDays(200 * 365))) {
            SequentialAb.Result r = SequentialAb.of(Compare.withDefaults(), Compare.DEFAULT_ALPHA).withMaxForks(4)
                    .withTimeBudget(forever).run((fork, ahead, samples) -> fork(fork, samples, 0), 7, look -> { });
            assertEquals(4, r.pairs(), r.looks().toString());
            assertTrue(!r.outOfTime() && r.allCompleted(), r.toString());
        }
    }

    @Test
    void countsBeyondTheMostForksAndANullBudgetAreRefusedNamingTheValue() {
        SequentialAb ab = SequentialAb.of(Compare.withDefaults(), Compare.DEFAULT_ALPHA);
        int most = dev.kbench.forks.Forks.MOST_FORKS;
        assertEquals(10_000, most);
        assertEquals(most, ab.withMaxForks(most).maxForks());
        assertEquals(most, ab.withWarmupForks(most).warmupForks());
        // withMaxForks(Integer.MAX_VALUE) ran out of memory planning its looks, withWarmupForks(Integer.MAX_VALUE)
        // threw NegativeArraySizeException once the run began
        assertEquals("the most forks a side must be 2 to 10000, got 10001", org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> ab.withMaxForks(most + 1)).getMessage());
        assertEquals("the warm-up forks must be 0 to 10000, got 2147483647", org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> ab.withWarmupForks(Integer.MAX_VALUE)).getMessage());
        dev.kbench.forks.Forks forks = dev.kbench.forks.Forks.of(ForkedSuites.Fill.class);
        assertEquals("forks must be 1 to 10000, got 2147483647", org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> forks.withForks(Integer.MAX_VALUE)).getMessage());
        assertEquals("the warm-up forks must be 0 to 10000, got 10001", org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> forks.withWarmupForks(most + 1)).getMessage());
        assertEquals("limit", org.junit.jupiter.api.Assertions.assertThrows(NullPointerException.class,
                () -> ab.withTimeBudget(null)).getMessage());
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

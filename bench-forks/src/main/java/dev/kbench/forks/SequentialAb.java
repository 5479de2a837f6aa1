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
import dev.kbench.api.SuiteOptions;
import dev.kbench.stats.BenchmarkComparison;
import dev.kbench.stats.Compare;
import dev.kbench.stats.CompareReport;
import dev.kbench.stats.GroupSequential;
import dev.kbench.stats.SampleSet;
import dev.kbench.stats.Unit;
import dev.kbench.stats.format.Numbers;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * A/B that stops when decided: forks of base and new added a pair at a time (the two in a seeded
 * random order), the comparison looked at as a group-sequential design plans ({@link GroupSequential},
 * docs/stats.md), until every benchmark is settled (its interval wholly beyond the threshold with the
 * test's verdict, or wholly inside it), a fork dies, this JVM is asked to exit, or the budget is spent:
 * the most forks a side, a time budget (no pair is started that would end after it, by the pairs so
 * far), or, with a target MDC, once every benchmark's minimal detectable change is at most the target.
 * This is the loop of {@code kbench ab --max-forks/--max-time-s/--target-mdc}.
 *
 * {@snippet :
 * Forks base = Forks.of(ScaleForks.class).withBackend("opencl");
 * Forks next = Forks.of(ScaleForksTuned.class).withBackend("opencl");
 * SequentialAb.Result ab = SequentialAb.of(Compare.withDefaults(), Compare.DEFAULT_ALPHA).withMaxForks(20)
 *         .run(base, next, SuiteOptions.withDefaults().withRepetitions(10), 42,
 *                 look -> System.err.println(look.describe()));
 * ab.report().ifPresent(r -> r.results().forEach(b -> System.out.println(b.id() + " " + b.verdict())));
 * }
 */
public final class SequentialAb {

    /** The most forks a side unless {@link #withMaxForks} says otherwise. */
    public static final int DEFAULT_MAX_FORKS = 30;

    /**
     * What follows a side's name in the name of its warm-up forks ({@code base warm-up}; {@code run warm-up} for
     * those of {@link Forks#withWarmupForks}), in their launches, output prefixes and outcomes.
     */
    public static final String WARMUP_SUFFIX = " warm-up";

    private final Compare compare;
    private final double alpha;
    private final int maxForks;
    private final Optional<Duration> budget;
    private final OptionalDouble targetMdc;
    private final int warmupForks;

    private SequentialAb(Compare compare, double alpha, int maxForks, Optional<Duration> budget, OptionalDouble targetMdc,
                         int warmupForks) {
        this.compare = Objects.requireNonNull(compare, "compare").withAlpha(alpha);
        this.alpha = alpha;
        if (maxForks < Unit.FEWEST_FORKS || maxForks > Forks.MOST_FORKS) {
            throw new IllegalArgumentException("the most forks a side must be " + Unit.FEWEST_FORKS + " to " + Forks.MOST_FORKS
                    + ", got " + maxForks);
        }
        this.maxForks = maxForks;
        this.budget = Objects.requireNonNull(budget, "budget");
        budget.ifPresent(b -> {
            if (b.isNegative() || b.isZero()) {
                throw new IllegalArgumentException("the time budget must be > 0, got " + b);
            }
        });
        this.targetMdc = Objects.requireNonNull(targetMdc, "targetMdc");
        targetMdc.ifPresent(t -> {
            if (!(t > 0 && t < 1)) {
                throw new IllegalArgumentException("the target MDC must be more than 0 and less than 1, got " + t);
            }
        });
        Forks.checkWarmupForks(warmupForks);
        this.warmupForks = warmupForks;
    }

    /**
     * Stops when decided, at most {@value #DEFAULT_MAX_FORKS} forks a side, no time budget.
     *
     * @param compare the comparison as the user wants it (test, unit, threshold, bootstrap)
     * @param alpha the significance level over the whole sequence, in (0, 1); each look spends part of it
     * @return the loop
     * @throws IllegalArgumentException if alpha is out of range
     */
    public static SequentialAb of(Compare compare, double alpha) {
        SequentialAb ab = new SequentialAb(compare, alpha, DEFAULT_MAX_FORKS, Optional.empty(), OptionalDouble.empty(), 0);
        GroupSequential.of(alpha, DEFAULT_MAX_FORKS);   // checks alpha
        return ab;
    }

    /**
     * With another most forks a side.
     *
     * @param forks 2 to {@value Forks#MOST_FORKS}
     * @return a new loop
     * @throws IllegalArgumentException if {@code forks} is out of range
     */
    public SequentialAb withMaxForks(int forks) {
        return new SequentialAb(compare, alpha, forks, budget, targetMdc, warmupForks);
    }

    /**
     * With a time budget: no pair of forks is started that would end after it, judged by the pairs so far;
     * the first {@value Unit#FEWEST_FORKS} pairs are run whatever the budget (the fork unit's least: with one
     * fork a side, compare would test the two forks' samples against each other).
     *
     * @param limit &gt; 0; one beyond 292 years (e.g. {@code ChronoUnit.FOREVER.getDuration()}) is no limit
     * @return a new loop
     * @throws IllegalArgumentException if {@code limit} is not positive
     */
    public SequentialAb withTimeBudget(Duration limit) {
        return new SequentialAb(compare, alpha, maxForks, Optional.of(Objects.requireNonNull(limit, "limit")), targetMdc,
                warmupForks);
    }

    /**
     * With a target MDC instead of settled verdicts: pairs are added until every benchmark's minimal
     * detectable change is at most {@code relative}, looked at after every pair once a test can reject.
     *
     * @param relative in (0, 1), e.g. 0.01 for 1 %
     * @return a new loop
     * @throws IllegalArgumentException if {@code relative} is out of range
     */
    public SequentialAb withTargetMdc(double relative) {
        return new SequentialAb(compare, alpha, maxForks, budget, OptionalDouble.of(relative), warmupForks);
    }

    /**
     * With warm-up forks (JMH's {@code -wf}): {@code count} forks run before the first pair, alternately of base
     * and new (base first), their samples left out of the comparison; their time counts against the time budget.
     * On an H200 the first process of a run read a user kernel at 2^22 about 1 % slow, every later one not
     * (docs/performance.md, sections 29 and 30): a warm-up fork takes that place.
     *
     * @param count 0 to {@value Forks#MOST_FORKS}
     * @return a new loop
     * @throws IllegalArgumentException if {@code count} is out of range
     */
    public SequentialAb withWarmupForks(int count) {
        return new SequentialAb(compare, alpha, maxForks, budget, targetMdc, count);
    }

    /**
     * The warm-up forks run before the first pair.
     *
     * @return 0 or more
     */
    public int warmupForks() {
        return warmupForks;
    }

    /**
     * The warm-up forks of a run: fork {@code k} of {@code count} is of side {@code k % 2} (base first), numbered
     * {@code k}, with the run's derived seed {@code measured + k} ({@link Forks#warmupSeeds}), so that the
     * measured forks' seeds are those of a run without warm-up forks.
     *
     * @param seed the run's seed
     * @param measured the most measured forks a side (the seeds before the warm-up forks' own)
     * @param count how many
     * @return the warm-up forks, in the order they run
     */
    public static List<Fork> warmups(long seed, int measured, int count) {
        long[] seeds = Forks.warmupSeeds(seed, measured, count);
        List<Fork> forks = new ArrayList<>();
        for (int k = 0; k < count; k++) {
            forks.add(new Fork(k % 2, k, seeds[k], true));
        }
        return forks;
    }

    /**
     * The most forks a side.
     *
     * @return at least 2
     */
    public int maxForks() {
        return maxForks;
    }

    /**
     * The looks planned for a run that reaches {@link #maxForks()} (without a target MDC).
     *
     * @return the design's looks
     */
    public List<GroupSequential.Look> looks() {
        return design().looks();
    }

    /**
     * The design of the looks: the loop's alpha spent over them, and the one-sided error of the comparison's
     * interval (half of what its confidence level leaves, 0.025 at 95 %), so that the looks' intervals together
     * are as sure as the one interval the user asked for.
     */
    private GroupSequential design() {
        return GroupSequential.of(alpha, maxForks).withIntervalError((1 - compare.confidenceLevel()) / 2);
    }

    /**
     * One fork of one side.
     *
     * @param side 0 for base, 1 for new
     * @param index its 0-based index within its side, or among the warm-up forks
     * @param seed its seed, derived from the run's seed by {@link Forks#seeds(long, int)}
     * @param warmup whether it is a warm-up fork ({@link #withWarmupForks}), whose samples are left out
     */
    public record Fork(int side, int index, long seed, boolean warmup) {

        /**
         * A measured fork.
         *
         * @param side 0 for base, 1 for new
         * @param index its 0-based index within its side
         * @param seed its seed
         */
        public Fork(int side, int index, long seed) {
            this(side, index, seed, false);
        }
    }

    /** What measures the two sides' forks, one at a time. */
    @FunctionalInterface
    public interface Sides {
        /**
         * Runs one fork to its end.
         *
         * @param fork the fork to run now
         * @param ahead the forks the loop will run after it, in order, as far as it knows (at most
         *        {@link ForkSequence#MOST_AHEAD}):
         *        ones to start in standby ({@link ForkSequence}), or to ignore
         * @param samples receives the fork's samples
         * @return how it ended
         */
        ForkOutcome run(Fork fork, List<Fork> ahead, Consumer<List<SampleRecord>> samples);

        /**
         * Whether the loop stops before {@code fork}, the next it would run: this JVM is exiting
         * ({@link Forks#stopping()}) and the fork did not go on already at the last hand-over; one that did (a
         * fork started in standby, given go when the one before released the device) is run, to be collected
         * (reported stopped, with the samples it recorded), rather than left out as never started
         * ({@link ForkSequence#stopsBefore}).
         *
         * @param fork the next fork the loop would run
         * @return true if the loop stops here; by default whenever this JVM is exiting, for sides that start
         *         nothing ahead
         */
        default boolean stopsBefore(Fork fork) {
            return Forks.stopping();
        }
    }

    /**
     * One look at the comparison.
     *
     * @param look the look: its index, forks a side, share of alpha and interval level
     * @param report the comparison at the look (at its share of alpha, or with a target MDC at the whole alpha)
     * @param alpha the whole sequence's alpha
     * @param targetMdc the target MDC, if the loop has one
     * @param elapsedSeconds seconds since the loop began
     * @param done whether this look ends the loop by a decision (every benchmark settled, or at the MDC target)
     */
    public record Look(GroupSequential.Look look, CompareReport report, double alpha, OptionalDouble targetMdc,
                       double elapsedSeconds, boolean done) {

        /**
         * How many benchmarks are settled (or at the MDC target).
         *
         * @return the count
         */
        public long settled() {
            return report.results().size() - unsettled().size();
        }

        /**
         * The benchmarks this look did not settle (or, with a target MDC, whose MDC is above it): where the loop
         * ends on its budget, their verdict is {@code same} for want of evidence, not because they are.
         *
         * @return their comparisons, in the report's order
         */
        public List<BenchmarkComparison> unsettled() {
            return report.results().stream()
                    .filter(r -> targetMdc.isPresent() ? !(r.mdc() <= targetMdc.getAsDouble())
                            : GroupSequential.settled(r, report.thresholdRel()).isEmpty())
                    .toList();
        }

        /**
         * The look in one line: the forks, the look's share of alpha, and which benchmarks are settled.
         *
         * @return e.g. {@code look 1 at 9 forks a side (12.3 s): alpha 0.000567 of 0.001, 96.7% interval; 1 of 1
         *         benchmark(s) settled}
         */
        public String describe() {
            String how = targetMdc.isPresent() ? String.format(Locale.ROOT, "alpha %s; %d of %d benchmark(s) at the MDC "
                    + "target, largest MDC %s", Numbers.plain(alpha), settled(), report.results().size(),
                    report.results().stream().mapToDouble(BenchmarkComparison::mdc).max().stream()
                            .mapToObj(m -> Double.isFinite(m) ? Numbers.significant(100 * m, 2) + "%" : "none")
                            .findFirst().orElse("none"))
                    : String.format(Locale.ROOT, "alpha %s of %s, %s%% interval; %d of %d benchmark(s) settled",
                            Numbers.significant(look.alpha(), 3), Numbers.plain(alpha),
                            Numbers.significant(100 * look.confidenceLevel(), 4), settled(), report.results().size());
            return String.format(Locale.ROOT, "look %d at %d forks a side (%.1f s): %s", look.index() + 1,
                    look.forks(), elapsedSeconds, how);
        }
    }

    /**
     * How the loop ended.
     *
     * @param seed the run's seed (the forks' seeds and the pairs' order derive from it)
     * @param pairs the pairs of forks started (a pair whose first fork died counts)
     * @param looks every look taken, in order; the last one's report is the verdict
     * @param outOfTime whether the time budget ended the loop before a decision
     * @param forks every fork's outcome, in the order run
     * @param base the base's samples, tagged with their fork
     * @param next the new side's samples, tagged with their fork
     */
    public record Result(long seed, int pairs, List<Look> looks, boolean outOfTime, List<ForkOutcome> forks,
                         List<SampleRecord> base, List<SampleRecord> next) {

        /** Copies the lists. */
        public Result {
            looks = List.copyOf(looks);
            forks = List.copyOf(forks);
            base = List.copyOf(base);
            next = List.copyOf(next);
        }

        /**
         * The comparison at the last look: the verdict, unless a fork died or the loop was stopped.
         *
         * @return empty if no look was taken
         */
        public Optional<CompareReport> report() {
            return looks.isEmpty() ? Optional.empty() : Optional.of(looks.getLast().report());
        }

        /**
         * Whether the last look decided (every benchmark settled, or at the MDC target).
         *
         * @return false without a look
         */
        public boolean decided() {
            return !looks.isEmpty() && looks.getLast().done();
        }

        /**
         * Whether every fork completed.
         *
         * @return false if a fork died or was stopped
         */
        public boolean allCompleted() {
            return forks.stream().allMatch(ForkOutcome::completed);
        }
    }

    /**
     * Runs the loop over two sides.
     *
     * @param sides what runs each fork
     * @param seed the run's seed: the forks' seeds ({@link Forks#seeds(long, int)}) and the pairs' order
     * @param progress receives each look as it is taken
     * @return how it ended
     */
    public Result run(Sides sides, long seed, Consumer<Look> progress) {
        GroupSequential design = design();
        List<GroupSequential.Look> planned = design.looks();
        long[] seeds = Forks.seeds(seed, maxForks);
        // each pair's order (base first or not), drawn from the seed pair by pair; all drawn now, so that the
        // forks ahead of the running one, which start in standby, are known
        SplittableRandom order = new SplittableRandom(seed);
        // the warm-up forks first, then the pairs
        List<Fork> forks = new ArrayList<>(warmups(seed, maxForks, warmupForks));
        for (int pair = 0; pair < maxForks; pair++) {
            int first = order.nextBoolean() ? 0 : 1;
            forks.add(new Fork(first, pair, seeds[pair]));
            forks.add(new Fork(1 - first, pair, seeds[pair]));
        }
        List<List<SampleRecord>> kept = List.of(new ArrayList<>(), new ArrayList<>());
        List<ForkOutcome> outcomes = new ArrayList<>();
        List<Look> looks = new ArrayList<>();
        long start = System.nanoTime();
        for (int k = 0; k < warmupForks && !sides.stopsBefore(forks.get(k)); k++) {
            ForkOutcome warmup = sides.run(forks.get(k), ForkSequence.ahead(k, forks.size(), forks::get), rows -> { });
            outcomes.add(warmup);
            if (!warmup.completed()) {
                return new Result(seed, 0, looks, false, outcomes, kept.get(0), kept.get(1));
            }
        }
        // the pairs' own time, by which the budget judges whether another pair fits
        long pairsStart = System.nanoTime();
        Optional<GroupSequential.Look> previous = Optional.empty();
        boolean outOfTime = false;
        int pairs = 0;
        int lookIndex = 0;
        while (pairs < maxForks && !sides.stopsBefore(forks.get(warmupForks + 2 * pairs))) {
            int next = warmupForks + 2 * pairs;
            Fork one = forks.get(next);
            Fork two = forks.get(next + 1);
            ForkOutcome a = sides.run(one, ForkSequence.ahead(next, forks.size(), forks::get), kept.get(one.side())::addAll);
            outcomes.add(a);
            boolean ok = a.completed() && !sides.stopsBefore(two);
            if (ok) {
                ForkOutcome b = sides.run(two, ForkSequence.ahead(next + 1, forks.size(), forks::get), kept.get(two.side())::addAll);
                outcomes.add(b);
                ok = b.completed();
            }
            pairs++;
            if (!ok) {
                break;
            }
            double elapsed = (System.nanoTime() - start) / 1e9;
            double perPair = (System.nanoTime() - pairsStart) / 1e9 / pairs;
            // the budget ends the loop only from the second pair on: with one fork a side there is no fork-level
            // test, and a comparison of one fork's samples with the other's flags most A/A pairs on a GPU
            outOfTime = budget.isPresent() && pairs >= Unit.FEWEST_FORKS
                    && elapsed + perPair > Forks.nanos(budget.get()) / 1e9;
            boolean atEnd = pairs == maxForks || outOfTime;
            GroupSequential.Look look;
            if (targetMdc.isPresent()) {
                if (pairs < GroupSequential.fewestForks(alpha) && !atEnd) {
                    continue;
                }
                look = new GroupSequential.Look(lookIndex, pairs, alpha, compare.confidenceLevel(), atEnd);
            } else if (atEnd) {
                // the last look, planned or cut short by the time budget, spends all that is left
                look = design.finalLook(previous, pairs);
            } else if (lookIndex < planned.size() && planned.get(lookIndex).forks() == pairs) {
                look = planned.get(lookIndex);
            } else {
                continue;
            }
            lookIndex++;
            previous = Optional.of(look);
            CompareReport report = (targetMdc.isPresent() ? compare : design.compareAt(compare, look))
                    .compare(SampleSet.of(kept.get(0)), SampleSet.of(kept.get(1)));
            boolean done = targetMdc.isPresent()
                    ? report.results().stream().allMatch(r -> r.mdc() <= targetMdc.getAsDouble())
                    : GroupSequential.allSettled(report);
            Look taken = new Look(look, report, alpha, targetMdc, elapsed, done);
            looks.add(taken);
            progress.accept(taken);
            if (done || outOfTime) {
                outOfTime &= !done;
                break;
            }
        }
        return new Result(seed, pairs, looks, outOfTime, outcomes, kept.get(0), kept.get(1));
    }

    /**
     * Runs the loop over two suites, each fork a fresh JVM re-creating its side's suite from its factory
     * ({@link Forks#of}), one after another with the next fork in standby ({@link ForkSequence}).
     * The base runner's timeout and output apply to both sides' forks, and each runner's driver to its own.
     *
     * @param base the base's suite, driver, timeout and output (its fork count is not used)
     * @param next the new side's suite and driver
     * @param options how each fork measures; each fork's seed replaces the options' seed
     * @param seed the run's seed
     * @param progress receives each look as it is taken
     * @return how it ended, with both sides' samples
     * @throws IllegalArgumentException if {@value Forks#STANDBY_PROPERTY} holds neither {@code start} nor {@code off}
     */
    public Result run(Forks base, Forks next, SuiteOptions options, long seed, Consumer<Look> progress) {
        Path directory = Forks.temporaryDirectory();
        Forks[] runners = {base, next};
        String[] names = {"base", "new"};
        try (Forks.Session _ = Forks.Session.open();
             ForkSequence sequence = new ForkSequence(base.timeout(), base.output())) {
            java.util.function.Function<Fork, Forks.Launch> launch = f -> runners[f.side()].childLaunch(
                    names[f.side()] + (f.warmup() ? WARMUP_SUFFIX : ""), options, f.index(), f.seed(), directory);
            return run(new Sides() {
                @Override
                public ForkOutcome run(Fork fork, List<Fork> ahead, Consumer<List<SampleRecord>> samples) {
                    return sequence.run(launch.apply(fork), () -> ahead.stream().map(launch).toList(), samples);
                }

                @Override
                public boolean stopsBefore(Fork fork) {
                    return sequence.stopsBefore(launch.apply(fork));
                }
            }, seed, progress);
        } finally {
            Forks.deleteQuietly(directory);
        }
    }
}

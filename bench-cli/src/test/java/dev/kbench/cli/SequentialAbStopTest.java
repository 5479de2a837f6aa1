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

import dev.kbench.api.SampleRecord;
import dev.kbench.forks.ForkOutcome;
import dev.kbench.forks.Forks;
import dev.kbench.forks.SequentialAb;
import dev.kbench.stats.Compare;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The sequential loop stopped by this JVM's exit while the next fork has gone on already (a standby given go
 * at the hand-over): it still collects that fork, as a stopped one, rather than leave it out as never started.
 * Each case runs in a JVM of its own, which exits in the middle of the loop, as {@code kbench ab --max-forks}
 * does on SIGINT or SIGTERM; the window is made certain by the sides, which exit in a fork and say the next
 * one went on.
 */
class SequentialAbStopTest {

    /**
     * The child: a loop of at most 4 pairs whose fork {@code exitAt} (counted from 0 over the loop's forks) has
     * this JVM exit while it runs; the fork after it is said to have gone on. Prints each fork it ran, then how
     * the forks ended.
     */
    public static final class Child {
        public static void main(String[] args) throws InterruptedException {
            int exitAt = Integer.parseInt(args[0]);
            List<SequentialAb.Fork> ran = new ArrayList<>();
            try (Forks.Session _ = Forks.Session.open()) {
                SequentialAb.Sides sides = new SequentialAb.Sides() {
                    @Override
                    public ForkOutcome run(SequentialAb.Fork fork, List<SequentialAb.Fork> ahead,
                                           Consumer<List<SampleRecord>> samples) {
                        ran.add(fork);
                        System.out.println("ran " + (fork.side() == 0 ? "base" : "new") + " " + fork.index());
                        if (ran.size() - 1 == exitAt) {
                            Thread.ofPlatform().start(() -> System.exit(3));
                            while (!Forks.stopping()) {
                                Thread.onSpinWait();
                            }
                        } else if (Forks.stopping()) {
                            // as a fork the shutdown killed: stopped, what it recorded kept
                            return new ForkOutcome(fork.side() == 0 ? "base" : "new", fork.index(), fork.seed(),
                                    OptionalInt.of(143), 0, Optional.empty(),
                                    Optional.of("stopped: kbench was asked to exit (SIGTERM, SIGINT or Ctrl-C)"),
                                    Path.of("."), List.of());
                        }
                        return SequentialAbBudgetTest.fork(fork, samples, 0);
                    }

                    @Override
                    public boolean stopsBefore(SequentialAb.Fork fork) {
                        // the fork after the one that exits went on at the hand-over
                        return Forks.stopping() && ran.size() != exitAt + 1;
                    }
                };
                SequentialAb.Result r = SequentialAb.of(Compare.withDefaults(), Compare.DEFAULT_ALPHA).withMaxForks(4)
                        .run(sides, 7, look -> { });
                System.out.println("forks " + r.forks().size() + ", stopped "
                        + r.forks().stream().filter(ForkOutcome::stopped).count() + ", pairs " + r.pairs());
            }
        }
    }

    @ParameterizedTest(name = "exit in fork {0}")
    @CsvSource(delimiter = '|', value = {
        // between a pair's two forks: the pair's second fork went on
        "2|forks 4, stopped 1, pairs 2",
        // in a pair's second fork: the next pair's first went on
        "1|forks 3, stopped 1, pairs 2"})
    void aForkThatWentOnAtTheHandOverIsCollectedWhenTheLoopStops(int exitAt, String end)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Jvm.java(), "-cp", String.join(java.io.File.pathSeparator,
                Jvm.classPath()), Child.class.getName(), Integer.toString(exitAt)));
        Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out;
        try (var in = child.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        if (!child.waitFor(60, TimeUnit.SECONDS)) {
            child.destroyForcibly();
            throw new AssertionError("the child did not exit: " + out);
        }
        assertEquals(3, child.exitValue(), out);
        List<String> lines = out.lines().toList();
        assertEquals(exitAt + 2, lines.size() - 1, out);
        assertEquals(end, lines.getLast(), out);
    }
}

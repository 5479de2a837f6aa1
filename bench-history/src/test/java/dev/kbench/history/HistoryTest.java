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
package dev.kbench.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.InputException;
import dev.kbench.api.SampleRecord;
import dev.kbench.stats.Compare;
import dev.kbench.stats.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryTest {

    @TempDir
    Path dir;

    @Test
    void aNewSqliteFileIsCreatedAndMigratedAndKeepsEverySample() throws Exception {
        Path file = dir.resolve("sub/dir/history.db");
        List<String> warnings = new ArrayList<>();
        List<SampleRecord> samples = Planted.run("r1", 1.0, 3, 4, 0);
        try (History history = History.open(file.toString(), warnings::add)) {
            List<StoredRun> added = history.add(samples, Map.of("r1", Planted.info("r1", 0)), "a.csv");
            assertEquals(1, added.size());
            StoredRun run = added.getFirst();
            assertEquals("r1", run.runId());
            assertEquals(samples.size(), run.samples());
            assertEquals(3, run.forks());
            assertEquals(1, run.benchmarks());
            assertEquals("a.csv", run.source());
            assertEquals(Optional.of(false), run.info().dirty());
        }
        assertTrue(Files.isRegularFile(file));
        assertEquals(List.of(), warnings);
        try (History again = History.open("jdbc:sqlite:" + file, warnings::add)) {
            assertEquals(samples, again.samples(List.of("r1")), "every sample, fork and repetition comes back as added");
            assertEquals(1, again.runs().size());
        }
    }

    /**
     * Writers that share one SQLite file (two CI jobs on a node, a Slurm job array adding its results) wait
     * for each other instead of failing with "database is locked": four processes' worth of connections
     * open the same new file (migrating it) and add five runs each at the same time.
     */
    @Test
    void concurrentWritersToOneSqliteFileAllLand() throws Exception {
        Path file = dir.resolve("shared.db");
        int writers = 4;
        int runsEach = 5;
        java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(writers);
        List<java.util.concurrent.Future<?>> done = new ArrayList<>();
        try (java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(writers)) {
            for (int w = 0; w < writers; w++) {
                int writer = w;
                done.add(pool.submit(() -> {
                    start.await();
                    try (History history = History.open(file.toString(), x -> { })) {
                        for (int r = 0; r < runsEach; r++) {
                            int i = writer * runsEach + r;
                            String id = String.format("20261201T%06dZ-%08d", i, i);
                            history.add(Planted.run(id, 1.0, 2, 200, i), Map.of(id, Planted.info(id, i)), "w" + writer);
                        }
                    }
                    return null;
                }));
            }
            for (java.util.concurrent.Future<?> f : done) {
                f.get();
            }
        }
        try (History history = History.open(file.toString(), x -> { })) {
            assertEquals(writers * runsEach, history.runs().size(), "every writer's every run landed");
        }
    }

    /**
     * A writer that holds the file longer than the SQLite driver's default 3 s wait (another add of a large
     * file) makes an add wait, not fail: here a connection holds the write lock for 4.5 s.
     */
    @Test
    void anAddWaitsForAnotherWriterLongerThanTheDriversDefault() throws Exception {
        Path file = dir.resolve("busy.db");
        try (History history = History.open(file.toString(), x -> { })) {
            history.add(Planted.run("r0", 1.0, 2, 3, 0), Map.of("r0", Planted.info("r0", 0)), "first.csv");
        }
        try (java.sql.Connection holder = java.sql.DriverManager.getConnection("jdbc:sqlite:" + file);
             java.sql.Statement lock = holder.createStatement();
             java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newSingleThreadExecutor()) {
            lock.execute("BEGIN IMMEDIATE");
            java.util.concurrent.Future<List<StoredRun>> add = pool.submit(() -> {
                try (History history = History.open(file.toString(), x -> { })) {
                    return history.add(Planted.run("r1", 1.0, 2, 3, 1), Map.of("r1", Planted.info("r1", 1)), "second.csv");
                }
            });
            Thread.sleep(4500);
            assertFalse(add.isDone(), "the add waits while the other writer holds the file");
            lock.execute("COMMIT");
            assertEquals(List.of("r1"), ids(add.get()));
        }
    }

    @Test
    void aRunIsAddedOnceAndABadAddAddsNothing() {
        try (History history = History.open(dir.resolve("h.db").toString(), w -> { })) {
            history.add(Planted.run("r1", 1.0, 2, 3, 0), Map.of("r1", Planted.info("r1", 0)), "a.csv");
            InputException again = assertThrows(InputException.class, () -> history.add(
                    Planted.run("r1", 1.0, 2, 3, 0), Map.of("r1", Planted.info("r1", 0)), "b.csv"));
            assertTrue(again.getMessage().contains("run r1 is already in the history (added from a.csv"), again.getMessage());
            List<SampleRecord> two = new ArrayList<>(Planted.run("r2", 1.0, 2, 3, 1));
            two.addAll(Planted.run("r3", 1.0, 2, 3, 2));
            InputException unknown = assertThrows(InputException.class,
                    () -> history.add(two, Map.of("r2", Planted.info("r2", 1)), "c.csv"));
            assertTrue(unknown.getMessage().contains("nothing is known of run r3"), unknown.getMessage());
            assertEquals(List.of("r1"), history.runs().stream().map(StoredRun::runId).toList());
        }
    }

    @Test
    void referencesNameRunsOrCommits() {
        try (History history = History.open(dir.resolve("h.db").toString(), w -> { })) {
            for (int i = 0; i < 3; i++) {
                String id = "2026120" + (i + 1) + "T000000Z-0000000" + i;
                history.add(Planted.run(id, 1.0, 2, 3, i), Map.of(id, Planted.info(id, i)), "f" + i);
            }
            assertEquals(List.of("20261202T000000Z-00000001"), ids(history.resolve("20261202", "BASE")));
            assertEquals(List.of("20261203T000000Z-00000002"), ids(history.resolve(Planted.commit(2).substring(0, 8), "NEW")));
            InputException ambiguous = assertThrows(InputException.class,
                    () -> history.resolve("2026120", "BASE"));
            assertTrue(ambiguous.getMessage().startsWith("BASE '2026120' is ambiguous"), ambiguous.getMessage());
            InputException none = assertThrows(InputException.class, () -> history.resolve("zz", "NEW"));
            assertTrue(none.getMessage().startsWith("NEW 'zz' names no stored run"), none.getMessage());
            // an empty reference is a prefix of every run id: it is refused, not called ambiguous
            InputException empty = assertThrows(InputException.class, () -> history.resolve("", "BASE"));
            assertTrue(empty.getMessage().startsWith("BASE '' is empty"), empty.getMessage());
        }
        assertEquals(java.util.Optional.of(java.nio.file.Path.of("a/h.db")), History.sqliteFile("a/h.db"));
        assertEquals(java.util.Optional.of(java.nio.file.Path.of("h.db")), History.sqliteFile("jdbc:sqlite:h.db?foreign_keys=on"));
        assertEquals(java.util.Optional.empty(), History.sqliteFile("jdbc:sqlite::memory:"));
        assertEquals(java.util.Optional.empty(), History.sqliteFile("jdbc:postgresql://127.0.0.1:5432/kbench"));
    }

    @Test
    void changesAreFoundAtThePlantedCommitsComparedForkByForkAndAcknowledged() {
        try (History history = History.open(dir.resolve("h.db").toString(), w -> { })) {
            Planted.addSeries(history, 40);
            List<StoredRun> runs = history.runs();
            List<SampleRecord> samples = history.samples(runs.stream().map(StoredRun::runId).toList());
            Map<Series, List<TrendPoint>> trend = Trend.of(runs, samples, 0.95);
            assertEquals(1, trend.size());
            List<TrendPoint> points = trend.values().iterator().next();
            assertEquals(40, points.size());
            assertEquals(5, points.getFirst().estimate().forkMediansMillis().length);
            List<ChangePoint> changes = Changes.find(trend, samples, EDivisive.withDefaults(), Compare.withDefaults(),
                    history.acknowledged());
            assertEquals(List.of(Planted.commit(25), Planted.commit(32)),
                    changes.stream().map(c -> c.after().info().commit()).toList());
            assertEquals(List.of(Planted.commit(24), Planted.commit(31)),
                    changes.stream().map(c -> c.before().info().commit()).toList());
            ChangePoint first = changes.getFirst();
            assertEquals(25, first.segmentBefore().size());
            assertEquals(7, first.segmentAfter().size());
            assertEquals(Verdict.SLOWER, first.comparison().orElseThrow().verdict());
            assertEquals(25 * 5, first.comparison().orElseThrow().nBase(), "the unit is the fork");
            assertFalse(first.acknowledged());
            history.acknowledge(changes);
            assertTrue(Changes.find(trend, samples, EDivisive.withDefaults(), Compare.withDefaults(),
                    history.acknowledged()).stream().allMatch(ChangePoint::acknowledged));
        }
    }

    private static List<String> ids(List<StoredRun> runs) {
        return runs.stream().map(StoredRun::runId).toList();
    }
}

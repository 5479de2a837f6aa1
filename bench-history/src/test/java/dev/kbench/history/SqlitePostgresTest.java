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
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.InputException;
import dev.kbench.api.SampleRecord;
import dev.kbench.stats.Compare;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The same runs in SQLite and in a real PostgreSQL server give the same answers. */
class SqlitePostgresTest {

    @TempDir
    Path dir;

    /** Everything a history answers, as text: runs (less the time they were added), samples, trend, changes. */
    private static List<String> answers(History history) {
        List<String> out = new ArrayList<>();
        List<StoredRun> runs = history.runs();
        runs.forEach(r -> out.add(r.info() + " " + r.source() + " " + r.samples() + " " + r.benchmarks() + " " + r.forks()));
        List<SampleRecord> samples = history.samples(runs.stream().map(StoredRun::runId).toList());
        samples.forEach(s -> out.add(s.toString()));
        Map<Series, List<TrendPoint>> trend = Trend.of(runs, samples, 0.95);
        List<ChangePoint> changes = Changes.find(trend, samples, EDivisive.withDefaults(), Compare.withDefaults(),
                history.acknowledged());
        out.add(HistoryFormat.trendJson(trend, changes, 0.95).replaceAll("\"added\" : \"[^\"]*\"", ""));
        out.add(HistoryFormat.changesJson(changes, EDivisive.withDefaults()));
        out.add(history.resolve(Planted.commit(30).substring(0, 10), "REF").toString().replaceAll("added=[^,]*", ""));
        return out;
    }

    private static void fill(History history) {
        Planted.addSeries(history, 40);
        assertThrows(InputException.class, () -> history.add(Planted.run("20261201T000003Z-00000003", 1, 2, 2, 0),
                Map.of("20261201T000003Z-00000003", Planted.info("20261201T000003Z-00000003", 3)), "again.csv"));
    }

    @Test
    void sqliteAndPostgresqlGiveTheSameAnswers() throws Exception {
        List<String> sqlite;
        List<String> sqliteAcknowledged;
        try (History history = History.open(dir.resolve("history.db").toString(), w -> { })) {
            fill(history);
            sqlite = answers(history);
            history.acknowledge(Changes.find(Trend.of(history.runs(), history.samples(history.runs().stream()
                    .map(StoredRun::runId).toList()), 0.95), history.samples(history.runs().stream()
                    .map(StoredRun::runId).toList()), EDivisive.withDefaults(), Compare.withDefaults(), history.acknowledged()));
            sqliteAcknowledged = answers(history);
        }
        try (PostgresServer server = PostgresServer.start()) {
            List<String> warnings = new ArrayList<>();
            try (History history = History.open(server.url(), warnings::add)) {
                fill(history);
                assertEquals(sqlite, answers(history));
                history.acknowledge(Changes.find(Trend.of(history.runs(), history.samples(history.runs().stream()
                        .map(StoredRun::runId).toList()), 0.95), history.samples(history.runs().stream()
                        .map(StoredRun::runId).toList()), EDivisive.withDefaults(), Compare.withDefaults(), history.acknowledged()));
                assertEquals(sqliteAcknowledged, answers(history));
            }
            try (History again = History.open(server.url(), warnings::add)) {
                assertEquals(40, again.runs().size(), "a second open migrates nothing and keeps the runs");
            }
            assertEquals(List.of(), warnings);
        }
        assertTrue(sqlite.getLast().contains(Planted.commit(30)), sqlite.getLast());
    }
}

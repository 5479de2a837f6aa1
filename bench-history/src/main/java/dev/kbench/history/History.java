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

import dev.kbench.api.InputException;
import dev.kbench.api.OutputException;
import dev.kbench.api.SampleRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Consumer;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.logging.Log;
import org.flywaydb.core.api.logging.LogFactory;

/**
 * A history of runs in a database: an embedded SQLite file by default ({@value #DEFAULT_FILE} in the
 * project), or any JDBC URL (PostgreSQL for a team). Opening it creates the database and migrates its
 * schema with Flyway (the migrations ship in this module); every run is kept with all its samples, so
 * forks and distributions are there later, not only medians.
 *
 * <p>Not thread-safe: one history, one thread. Close it when done.
 */
public final class History implements AutoCloseable {

    /** The SQLite file used when no database is named, relative to the project's directory. */
    public static final String DEFAULT_FILE = ".kbench/history.db";
    /** Where the migrations live in this module (a directory name that is no Java package, so never encapsulated). */
    private static final String MIGRATIONS = "classpath:kbench-history-migrations";
    private static final String SCHEMA_TABLE = "kbench_schema_history";
    private static final int BATCH = 5000;

    private final Connection connection;
    private final String url;

    private History(Connection connection, String url) {
        this.connection = connection;
        this.url = url;
    }

    /**
     * The JDBC URL of a database named on the command line: a JDBC URL as it is, anything else a SQLite file.
     *
     * @param location {@code jdbc:...}, or a path of a SQLite file
     * @return the JDBC URL
     */
    public static String url(String location) {
        Objects.requireNonNull(location, "location");
        return location.startsWith("jdbc:") ? location : "jdbc:sqlite:" + Path.of(location);
    }

    /**
     * The file of a SQLite history: a path as it is, or the file of a {@code jdbc:sqlite:FILE[?params]} URL.
     *
     * @param location {@code jdbc:...}, or a path of a SQLite file
     * @return the file; empty for another database, and for SQLite's in-memory and temporary databases
     */
    public static Optional<Path> sqliteFile(String location) {
        String url = url(location);
        if (!url.startsWith("jdbc:sqlite:")) {
            return Optional.empty();
        }
        String file = url.substring("jdbc:sqlite:".length());
        int query = file.indexOf('?');
        file = query < 0 ? file : file.substring(0, query);
        return file.isEmpty() || file.startsWith(":memory:") ? Optional.empty() : Optional.of(Path.of(file));
    }

    /**
     * A database's location as messages show it: a password in it ({@code password=...} among the parameters,
     * {@code user:password@} before the host) replaced by {@code ***}, so that it never reaches a log.
     *
     * @param location a JDBC URL or a SQLite file
     * @return the location, its password hidden
     */
    static String shown(String location) {
        return location.replaceAll("(?i)(password=)[^&;]*", "$1***").replaceAll("(//[^/@:?]+:)[^/@?]*@", "$1***@");
    }

    /** How long a SQLite writer waits for another one before giving up: an add of a large file takes a while. */
    static final int SQLITE_BUSY_TIMEOUT_MS = 600_000;

    /**
     * The URL kbench connects with: for SQLite, writers that share one file wait for each other (a busy
     * timeout of {@value #SQLITE_BUSY_TIMEOUT_MS} ms instead of the driver's 3 s) and take the write lock
     * when their transaction begins ({@code IMMEDIATE}), so two adds never deadlock upgrading a read lock;
     * parameters the user gave in the URL win.
     */
    private static String connectUrl(String url) {
        if (!url.startsWith("jdbc:sqlite:")) {
            return url;
        }
        StringBuilder u = new StringBuilder(url);
        char sep = url.indexOf('?') < 0 ? '?' : '&';
        if (!url.contains("busy_timeout=")) {
            u.append(sep).append("busy_timeout=").append(SQLITE_BUSY_TIMEOUT_MS);
            sep = '&';
        }
        if (!url.contains("transaction_mode=")) {
            u.append(sep).append("transaction_mode=IMMEDIATE");
        }
        return u.toString();
    }

    /**
     * Opens (creating and migrating when needed) the history at a JDBC URL or SQLite file.
     *
     * @param location a JDBC URL ({@code jdbc:sqlite:FILE}, {@code jdbc:postgresql://HOST/DB?user=U}) or a SQLite file
     * @param warnings receives Flyway's warnings, one line each
     * @return the history
     * @throws InputException naming the location when the database cannot be opened or migrated
     */
    public static History open(String location, Consumer<String> warnings) {
        String url = url(location);
        Optional<Path> file = sqliteFile(location);
        if (file.isPresent() && file.get().getParent() != null) {
            try {
                Files.createDirectories(file.get().getParent());
            } catch (IOException e) {
                throw new InputException("--db " + shown(location) + ": cannot create the directory "
                        + file.get().getParent() + " (" + e.getMessage() + ")", e);
            }
        }
        String connect = connectUrl(url);
        LogFactory.setFallbackLogCreator(type -> new Quiet(warnings));
        try {
            Flyway.configure(History.class.getClassLoader()).dataSource(connect, null, null).locations(MIGRATIONS)
                    .table(SCHEMA_TABLE).failOnMissingLocations(true).load().migrate();
        } catch (FlywayException e) {
            throw new InputException("--db " + shown(location) + ": the history database cannot be opened or "
                    + "migrated: " + firstLine(e), e);
        }
        try {
            Connection c = DriverManager.getConnection(connect);
            return new History(c, url);
        } catch (SQLException e) {
            throw new InputException("--db " + shown(location) + ": cannot connect: " + firstLine(e), e);
        }
    }

    /**
     * The database's JDBC URL as messages show it ({@link #shown}: a password in it hidden).
     *
     * @return the URL it was opened with, its password hidden
     */
    public String url() {
        return shown(url);
    }

    /**
     * Adds runs with all their samples, in one transaction: all of them or none.
     *
     * @param samples the samples, each with its run id
     * @param infos what is known of each run id in {@code samples}; a run id without an entry is refused
     * @param source the file they came from, for the record
     * @return the runs added, in order of their start
     * @throws InputException when a sample has no run id, a run has no info, or a run is already stored
     * @throws OutputException when the database cannot take them (a full disk): then none is stored
     */
    public List<StoredRun> add(List<SampleRecord> samples, Map<String, RunInfo> infos, String source) {
        Set<String> ids = new LinkedHashSet<>();
        for (SampleRecord s : samples) {
            if (s.runId().isEmpty()) {
                throw new InputException(source + ": a sample of '" + s.id() + "' has no run id");
            }
            ids.add(s.runId());
        }
        if (ids.isEmpty()) {
            throw new InputException(source + ": no samples to add");
        }
        Map<String, StoredRun> existing = new LinkedHashMap<>();
        for (StoredRun r : runs()) {
            existing.put(r.runId(), r);
        }
        for (String id : ids) {
            if (!infos.containsKey(id)) {
                throw new InputException(source + ": nothing is known of run " + id);
            }
            StoredRun old = existing.get(id);
            if (old != null) {
                throw new InputException(source + ": run " + id + " is already in the history (added from "
                        + old.source() + " at " + old.added() + "); nothing was added");
            }
        }
        String added = Instant.now().toString();
        inTransaction("adding " + source, "nothing was added", () -> {
            try (PreparedStatement run = connection.prepareStatement("INSERT INTO runs (run_id, started, commit_sha, "
                    + "branch, dirty, host, kbench_version, source, added) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)");
                 PreparedStatement sample = connection.prepareStatement("INSERT INTO samples (run_id, benchmark, params, "
                         + "host, backend, device, device_id, fork, repetition, sample, time_ms, bytes, flops, sm_clock_mhz) "
                         + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                for (String id : ids) {
                    RunInfo info = infos.get(id);
                    run.setString(1, id);
                    run.setString(2, info.started());
                    run.setString(3, info.commit());
                    run.setString(4, info.branch());
                    run.setInt(5, info.dirty().map(d -> d ? 1 : 0).orElse(-1));
                    run.setString(6, info.host());
                    run.setString(7, info.kbenchVersion());
                    run.setString(8, source);
                    run.setString(9, added);
                    run.executeUpdate();
                }
                int pending = 0;
                for (SampleRecord s : samples) {
                    sample.setString(1, s.runId());
                    sample.setString(2, s.benchmark());
                    sample.setString(3, s.params());
                    sample.setString(4, s.host());
                    sample.setString(5, s.backend());
                    sample.setString(6, s.device());
                    sample.setString(7, s.deviceId());
                    sample.setInt(8, s.fork());
                    sample.setInt(9, s.repetition().orElse(-1));
                    sample.setInt(10, s.sample());
                    sample.setDouble(11, s.timeMillis());
                    setLong(sample, 12, s.bytes());
                    setLong(sample, 13, s.flops());
                    if (s.smClockMHz().isPresent()) {
                        sample.setDouble(14, s.smClockMHz().getAsDouble());
                    } else {
                        sample.setNull(14, Types.DOUBLE);
                    }
                    sample.addBatch();
                    if (++pending == BATCH) {
                        sample.executeBatch();
                        pending = 0;
                    }
                }
                if (pending > 0) {
                    sample.executeBatch();
                }
            }
        });
        Set<String> addedIds = new HashSet<>(ids);
        return runs().stream().filter(r -> addedIds.contains(r.runId())).toList();
    }

    /**
     * Every stored run, oldest first (by start, then run id).
     *
     * @return the runs with their counts
     */
    public List<StoredRun> runs() {
        String sql = "SELECT r.run_id, r.started, r.commit_sha, r.branch, r.dirty, r.host, r.kbench_version, r.source, "
                + "r.added, COUNT(s.run_id), COUNT(DISTINCT s.benchmark || '[' || s.params || ']'), "
                + "COUNT(DISTINCT s.host || '|' || s.backend || '|' || s.device_id || '|' || CAST(s.fork AS VARCHAR(12))) "
                + "FROM runs r LEFT JOIN samples s ON s.run_id = r.run_id "
                + "GROUP BY r.run_id, r.started, r.commit_sha, r.branch, r.dirty, r.host, r.kbench_version, r.source, r.added "
                + "ORDER BY r.started, r.run_id";
        List<StoredRun> runs = new ArrayList<>();
        try (Statement st = connection.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                int dirty = rs.getInt(5);
                RunInfo info = new RunInfo(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4),
                        dirty < 0 ? Optional.empty() : Optional.of(dirty == 1), rs.getString(6), rs.getString(7));
                runs.add(new StoredRun(info, rs.getString(8), rs.getString(9), rs.getLong(10), rs.getInt(11), rs.getInt(12)));
            }
        } catch (SQLException e) {
            throw failed("listing the runs", e);
        }
        return runs;
    }

    /**
     * The samples of some runs, in the order they were measured (run, device, fork, repetition, sample).
     *
     * @param runIds the runs
     * @return their samples
     */
    public List<SampleRecord> samples(Collection<String> runIds) {
        List<SampleRecord> out = new ArrayList<>();
        String sql = "SELECT run_id, benchmark, params, host, backend, device, device_id, fork, repetition, sample, "
                + "time_ms, bytes, flops, sm_clock_mhz FROM samples WHERE run_id = ? "
                + "ORDER BY host, backend, device_id, device, fork, benchmark, params, repetition, sample";
        try (PreparedStatement st = connection.prepareStatement(sql)) {
            for (String id : new LinkedHashSet<>(runIds)) {
                st.setString(1, id);
                try (ResultSet rs = st.executeQuery()) {
                    while (rs.next()) {
                        int repetition = rs.getInt(9);
                        long bytes = rs.getLong(12);
                        OptionalLong b = rs.wasNull() ? OptionalLong.empty() : OptionalLong.of(bytes);
                        long flops = rs.getLong(13);
                        OptionalLong f = rs.wasNull() ? OptionalLong.empty() : OptionalLong.of(flops);
                        double clock = rs.getDouble(14);
                        OptionalDouble c = rs.wasNull() ? OptionalDouble.empty() : OptionalDouble.of(clock);
                        out.add(SampleRecord.builder(rs.getString(2), rs.getString(3))
                                .repetition(repetition < 0 ? OptionalInt.empty() : OptionalInt.of(repetition))
                                .sample(rs.getInt(10)).timeMillis(rs.getDouble(11)).backend(rs.getString(5))
                                .device(rs.getString(6)).bytes(b).flops(f).fork(rs.getInt(8)).host(rs.getString(4))
                                .deviceId(rs.getString(7)).smClockMHz(c).runId(rs.getString(1)).build());
                    }
                }
            }
        } catch (SQLException e) {
            throw failed("reading samples", e);
        }
        return out;
    }

    /**
     * The runs a reference names: a run id, a unique prefix of one, or a commit (or a prefix of one), which
     * names every run of that commit.
     *
     * @param ref the reference
     * @param option the option or argument that gave it, for messages
     * @return the runs, oldest first
     * @throws InputException naming the reference when it is empty, names no run, or several commits or run ids
     */
    public List<StoredRun> resolve(String ref, String option) {
        if (ref.isBlank()) {
            throw new InputException(option + " '" + ref + "' is empty: give a run id, a unique prefix of one, or a "
                    + "commit (kbench history list shows them)");
        }
        List<StoredRun> all = runs();
        List<StoredRun> exact = all.stream().filter(r -> r.runId().equals(ref)).toList();
        if (!exact.isEmpty()) {
            return exact;
        }
        List<StoredRun> byId = all.stream().filter(r -> r.runId().startsWith(ref)).toList();
        List<StoredRun> byCommit = ref.length() < 4 ? List.of()
                : all.stream().filter(r -> !r.info().commit().isEmpty() && r.info().commit().startsWith(ref)).toList();
        if (byId.size() == 1 && byCommit.isEmpty()) {
            return byId;
        }
        Set<String> commits = new LinkedHashSet<>();
        byCommit.forEach(r -> commits.add(r.info().commit()));
        if (byId.isEmpty() && commits.size() == 1) {
            return byCommit;
        }
        if (byId.isEmpty() && commits.isEmpty()) {
            throw new InputException(option + " '" + ref + "' names no stored run: give a run id, a unique "
                    + "prefix of one, or a commit (4 or more characters of its hash; kbench history list shows them)");
        }
        List<String> names = new ArrayList<>();
        byId.forEach(r -> names.add("run " + r.runId()));
        commits.forEach(c -> names.add("commit " + c));
        throw new InputException(option + " '" + ref + "' is ambiguous: it names " + String.join(", ",
                names.subList(0, Math.min(5, names.size()))) + (names.size() > 5 ? ", ..." : "") + "; give more of it");
    }

    /**
     * The change points someone acknowledged, as {@code series + "\n" + afterRunId}.
     *
     * @return the acknowledged change points
     */
    public Set<String> acknowledged() {
        Set<String> out = new HashSet<>();
        try (Statement st = connection.createStatement();
             ResultSet rs = st.executeQuery("SELECT series, after_run_id FROM acknowledged_changes")) {
            while (rs.next()) {
                out.add(rs.getString(1) + "\n" + rs.getString(2));
            }
        } catch (SQLException e) {
            throw failed("reading the acknowledged change points", e);
        }
        return out;
    }

    /**
     * Records change points as acknowledged (seen): they no longer count as new.
     *
     * @param changes the change points' series keys and first runs after them
     */
    public void acknowledge(Collection<ChangePoint> changes) {
        Set<String> known = acknowledged();
        String now = Instant.now().toString();
        inTransaction("acknowledging change points", "none was acknowledged", () -> {
            try (PreparedStatement st = connection.prepareStatement(
                    "INSERT INTO acknowledged_changes (series, after_run_id, acknowledged) VALUES (?, ?, ?)")) {
                for (ChangePoint c : changes) {
                    if (known.add(c.series().key() + "\n" + c.after().runId())) {
                        st.setString(1, c.series().key());
                        st.setString(2, c.after().runId());
                        st.setString(3, now);
                        st.executeUpdate();
                    }
                }
            }
        });
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (SQLException e) {
            throw failed("closing", e);
        }
    }

    private static void setLong(PreparedStatement st, int index, OptionalLong value) throws SQLException {
        if (value.isPresent()) {
            st.setLong(index, value.getAsLong());
        } else {
            st.setNull(index, Types.BIGINT);
        }
    }

    /** Writes to the database that happen together or not at all. */
    @FunctionalInterface
    private interface Writes {
        void run() throws SQLException;
    }

    /**
     * Runs writes in one transaction. Where the database cannot take them (a full disk, a read-only file, a
     * lost connection) none is kept, and the failure is an output failure naming the database and the reason.
     *
     * @param what what the writes do, for the message ("adding a.csv")
     * @param nothing what the failure left ("nothing was added")
     * @throws OutputException if they fail
     */
    private void inTransaction(String what, String nothing, Writes writes) {
        try {
            connection.setAutoCommit(false);
            writes.run();
            connection.commit();
            connection.setAutoCommit(true);
        } catch (SQLException e) {
            try {
                connection.rollback();
                connection.setAutoCommit(true);
            } catch (SQLException again) {
                // SQLite has rolled back already where the disk was full; nothing is committed either way
                e.addSuppressed(again);
            }
            throw new OutputException(url() + ": " + what + " failed, " + nothing + ": " + firstLine(e), e);
        }
    }

    private IllegalStateException failed(String what, SQLException e) {
        return new IllegalStateException(url() + ": " + what + " failed: " + firstLine(e), e);
    }

    private static String firstLine(Exception e) {
        String m = e.getMessage() == null ? e.toString() : e.getMessage();
        return m.lines().findFirst().orElse(m);
    }

    /** Flyway's log: its warnings to the caller, nothing else (its banner and progress would mix with results). */
    private record Quiet(Consumer<String> warnings) implements Log {
        @Override
        public void debug(String message) {
        }

        @Override
        public void info(String message) {
        }

        @Override
        public void warn(String message) {
            warnings.accept(message);
        }

        @Override
        public void error(String message) {
            warnings.accept(message);
        }

        @Override
        public void error(String message, Exception e) {
            warnings.accept(message + ": " + firstLine(e));
        }

        @Override
        public void notice(String message) {
        }
    }

}

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

import com.fasterxml.jackson.databind.JsonNode;
import dev.kbench.api.InputException;
import dev.kbench.api.RunId;
import dev.kbench.api.SampleRecord;
import dev.kbench.history.ChangePoint;
import dev.kbench.history.Changes;
import dev.kbench.history.EDivisive;
import dev.kbench.history.History;
import dev.kbench.history.HistoryFormat;
import dev.kbench.history.RunInfo;
import dev.kbench.history.Series;
import dev.kbench.history.StoredRun;
import dev.kbench.history.Trend;
import dev.kbench.history.TrendPoint;
import dev.kbench.stats.Compare;
import dev.kbench.stats.DeviceGroup;
import dev.kbench.stats.ForkEstimate;
import dev.kbench.stats.SampleSet;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code kbench history}: runs kept in a database over commits (docs/formats.md §9), their trend, change
 * points and comparisons.
 */
@Command(name = "history", sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Keep runs in a database and follow each benchmark over commits.", "",
                "The database is an SQLite file, .kbench/history.db in the current directory unless --db names "
                + "another file or a JDBC URL (jdbc:postgresql://HOST/DB?user=U&password=P for a team's server); "
                + "it is created and migrated on first use.", "", "Example:",
                "  kbench run --forks 5 --csv-samples nightly.csv && kbench history add nightly.csv",
                "  kbench history changes || echo 'a new change point'"},
        subcommands = {HistoryCommand.Add.class, HistoryCommand.ListRuns.class, HistoryCommand.TrendCommand.class,
                HistoryCommand.ChangesCommand.class, HistoryCommand.CompareRuns.class},
        footer = {"", "Exit status: 0 ok; 1 history changes found a new change point, or history compare a "
                + "regression; 2 bad input or usage; 5 an output could not be written."})
final class HistoryCommand implements Runnable {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "name a history command: add, list, trend, "
                + "changes or compare");
    }

    /** {@code --db}: the history's database, shared by every history command. */
    static final class Database {

        @Option(names = "--db", paramLabel = "FILE|URL",
                description = "The history: an SQLite file or a JDBC URL (jdbc:sqlite:FILE, "
                        + "jdbc:postgresql://HOST:PORT/DB?user=U); default " + History.DEFAULT_FILE + ".")
        String location = History.DEFAULT_FILE;

        /** Opens the history, which must exist (every command but add); Flyway's warnings go to stderr. */
        History open(CommandLine.Model.CommandSpec spec) {
            return open(spec, false);
        }

        /** Opens the history, creating it where it does not exist yet (add); Flyway's warnings go to stderr. */
        History openOrCreate(CommandLine.Model.CommandSpec spec) {
            return open(spec, true);
        }

        private History open(CommandLine.Model.CommandSpec spec, boolean create) {
            if (location.isBlank()) {
                throw new UsageException("--db '" + location + "' is empty; give a SQLite file or a JDBC URL (default "
                        + History.DEFAULT_FILE + ")");
            }
            Optional<Path> file = History.sqliteFile(location);
            if (file.isPresent() && Files.exists(file.get()) && !Files.isRegularFile(file.get())) {
                throw new UsageException("--db " + location + ": " + file.get() + " is not a file (a directory or a "
                        + "device); give an SQLite file");
            }
            if (file.isPresent() && !create && !Files.exists(file.get())) {
                boolean given = spec.commandLine().getParseResult() != null
                        && spec.commandLine().getParseResult().hasMatchedOption("--db");
                throw new UsageException((given ? "--db " : "--db (default) ") + location + ": there is no history at "
                        + file.get() + " (the file does not exist); give the file that " + Main.typed() + " history add wrote");
            }
            PrintWriter err = spec.commandLine().getErr();
            return History.open(location, warning -> {
                err.println(spec.qualifiedName() + ": warning: " + warning);
                err.flush();
            });
        }
    }

    /** {@code --branch} and {@code --benchmark}: which runs and series a command looks at. */
    static final class Selection {

        @Option(names = "--branch", paramLabel = "NAME", description = "Only runs of this git branch.")
        String branch;

        @Option(names = "--benchmark", paramLabel = "REGEX",
                description = "Only benchmarks whose name[params] contains a match of REGEX.")
        String benchmark;

        List<StoredRun> runs(History history) {
            return history.runs().stream().filter(r -> branch == null || r.info().branch().equals(branch)).toList();
        }

        List<SampleRecord> samples(History history, List<StoredRun> runs) {
            Pattern pattern;
            try {
                pattern = benchmark == null ? null : Pattern.compile(benchmark);
            } catch (PatternSyntaxException e) {
                throw new UsageException("--benchmark '" + benchmark + "' is not a regular expression: "
                        + e.getDescription());
            }
            List<SampleRecord> samples = history.samples(runs.stream().map(StoredRun::runId).toList());
            return pattern == null ? samples : samples.stream().filter(s -> pattern.matcher(s.id()).find()).toList();
        }

        String describe() {
            return (branch == null ? "" : " of branch " + branch) + (benchmark == null ? "" : " matching " + benchmark);
        }
    }

    /** {@code --max-pvalue}, {@code --min-magnitude}, {@code --window}: the change point detector. */
    static final class Detector {

        @Option(names = "--max-pvalue", paramLabel = "P", defaultValue = "0.001",
                description = "A change point's largest p-value (Student's t between its segments), in (0, 1); "
                        + "default 0.001, as Otava's.")
        double maxPValue;

        @Option(names = "--min-magnitude", paramLabel = "REL", defaultValue = "0",
                description = "A change point's smallest relative change of the runs' medians, e.g. 0.02 for 2%%; "
                        + "default 0 (any).")
        double minMagnitude;

        @Option(names = "--window", paramLabel = "RUNS", defaultValue = "50",
                description = "Runs per window of the split step (>= 4; default 50, as Otava's).")
        int window;

        EDivisive detector() {
            EDivisive detector = EDivisive.withDefaults();
            detector = UsageException.option("--max-pvalue", detector::withMaxPValue, maxPValue);
            detector = UsageException.option("--min-magnitude", detector::withMinMagnitude, minMagnitude);
            return UsageException.option("--window", detector::withWindow, window);
        }
    }

    /** Output formats of the history's reports on stdout. */
    enum Format {
        /** A readable table. */
        TABLE,
        /** docs/formats.md §9's JSON. */
        JSON
    }

    /** {@code history add FILE.csv...}. */
    @Command(name = "add", sortOptions = false, mixinStandardHelpOptions = true,
            description = {"Add the runs of samples files to the history, every sample with its fork and repetition.",
                    "", "Each run id of a file becomes one run, with the commit, branch, host and kbench version its "
                    + "environment sidecar (FILE.csv.env.json) records; a run already in the history is refused."})
    static final class Add implements Callable<Integer> {

        @CommandLine.Spec
        private CommandLine.Model.CommandSpec spec;

        @Parameters(arity = "1..*", paramLabel = "FILE.csv", description = "Samples files (kbench run --csv-samples).")
        private List<Path> files;

        @Mixin
        private Database database;

        @Option(names = "--commit", paramLabel = "SHA",
                description = "The commit the runs measured, instead of the sidecar's (a file measured outside the work tree).")
        private String commit;

        @Option(names = "--branch", paramLabel = "NAME", description = "The branch, instead of the sidecar's.")
        private String branch;

        @Option(names = "--run-id", paramLabel = "ID",
                description = "The run id of samples that have none (files written before kbench recorded run ids).")
        private String runId;

        @Override
        public Integer call() {
            if (runId != null) {
                UsageException.option("--run-id", RunId::check, runId);
            }
            checkName("--commit", commit);
            checkName("--branch", branch);
            PrintWriter out = spec.commandLine().getOut();
            try (History history = database.openOrCreate(spec)) {
                for (Path file : files) {
                    List<SampleRecord> records = Inputs.readRecords(file, spec);
                    records = withRunIds(file, records);
                    Map<String, RunInfo> infos = infos(file, records);
                    for (StoredRun run : history.add(records, infos, file.toString())) {
                        out.println("added run " + run.runId() + " (commit " + run.info().shortCommit()
                                + (run.info().branch().isEmpty() ? "" : " on " + run.info().branch()) + ", "
                                + run.benchmarks() + " benchmark(s), " + run.forks() + " fork(s), " + run.samples()
                                + " samples) from " + file + " to " + history.url());
                    }
                }
            }
            out.flush();
            return ExitCodes.OK;
        }

        /**
         * Refuses a commit or branch that the history could not show on one line of its tables: empty, longer
         * than 255 characters, or with a control character (a line break, a tab).
         */
        private static void checkName(String option, String value) {
            if (value == null) {
                return;
            }
            if (value.isBlank() || value.length() > 255 || value.chars().anyMatch(Character::isISOControl)) {
                StringBuilder shown = new StringBuilder();
                value.codePoints().limit(80).forEach(c -> shown.append(Character.isISOControl(c)
                        ? String.format(java.util.Locale.ROOT, "\\u%04x", c) : Character.toString(c)));
                throw new UsageException(option + " '" + shown + (value.length() > 80 ? "..." : "") + "' ("
                        + value.length() + " characters) is not 1 to 255 characters on one line without control "
                        + "characters");
            }
        }

        private List<SampleRecord> withRunIds(Path file, List<SampleRecord> records) {
            if (records.stream().allMatch(r -> !r.runId().isEmpty())) {
                return records;
            }
            String id = runId;
            if (id == null) {
                id = RunEnvironment.header(file).map(h -> h.path("run_id").asText("")).orElse("");
            }
            if (id.isEmpty()) {
                throw new InputException(file + " has samples without a run_id (written before kbench recorded run "
                        + "ids) and its sidecar names none; give one with --run-id ID");
            }
            String given = id;
            return records.stream().map(r -> r.runId().isEmpty() ? r.withRunId(given) : r).toList();
        }

        /** What the sidecar (and the options) say of each run id of a file. */
        private Map<String, RunInfo> infos(Path file, List<SampleRecord> records) {
            RunEnvironment.Sidecar sidecar = RunEnvironment.readSidecar(file);
            sidecar.problem().ifPresent(problem -> {
                spec.commandLine().getErr().println(spec.qualifiedName() + ": warning: " + problem
                        + "; the runs of " + file + " are added without commit and branch");
                spec.commandLine().getErr().flush();
            });
            JsonNode header = RunEnvironment.header(file).orElse(null);
            Set<String> ids = new LinkedHashSet<>();
            records.forEach(r -> ids.add(r.runId()));
            Map<String, String> hosts = new LinkedHashMap<>();
            records.forEach(r -> hosts.putIfAbsent(r.runId(), r.host()));
            Map<String, RunInfo> infos = new LinkedHashMap<>();
            for (String id : ids) {
                List<JsonNode> runs = sidecar.runs().stream().filter(r -> id.equals(r.path("run_id").asText())).toList();
                JsonNode own = runs.isEmpty() ? null : runs.getFirst();
                JsonNode git = pick(own, header, "git");
                String started = runs.stream().map(r -> r.path("started").asText("")).filter(s -> !s.isEmpty())
                        .min(String::compareTo).orElseGet(() -> started(id, file));
                String host = text(pick(own, header, "host"));
                if (host.isEmpty()) {
                    host = hosts.getOrDefault(id, "");
                }
                Optional<Boolean> dirty = git == null || !git.path("dirty").isBoolean() ? Optional.empty()
                        : Optional.of(git.path("dirty").asBoolean());
                infos.put(id, new RunInfo(id, started, commit != null ? commit : git == null ? "" : text(git.path("commit")),
                        branch != null ? branch : git == null ? "" : text(git.path("branch")), commit != null
                        ? Optional.empty() : dirty, host, text(pick(own, header, "kbench_version"))));
            }
            return infos;
        }

        /** A key of the run's own record, else of the sidecar's top level; null when neither has a non-null one. */
        private static JsonNode pick(JsonNode own, JsonNode header, String key) {
            if (own != null && own.hasNonNull(key)) {
                return own.get(key);
            }
            return header != null && header.hasNonNull(key) ? header.get(key) : null;
        }

        private static String text(JsonNode node) {
            return node == null || node.isNull() ? "" : node.asText("");
        }

        /** A run's start without a sidecar: the time its run id begins with, else the file's modification time. */
        private static String started(String id, Path file) {
            if (id.length() >= 16) {
                try {
                    return DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC)
                            .parse(id.substring(0, 16), Instant::from).toString();
                } catch (DateTimeParseException e) {
                    // not kbench's form of run id
                }
            }
            try {
                return Files.getLastModifiedTime(file).toInstant().toString();
            } catch (IOException e) {
                return Instant.now().toString();
            }
        }
    }

    /** {@code history list}. */
    @Command(name = "list", sortOptions = false, mixinStandardHelpOptions = true,
            description = "List the runs in the history, oldest first.")
    static final class ListRuns implements Callable<Integer> {

        @CommandLine.Spec
        private CommandLine.Model.CommandSpec spec;

        @Mixin
        private Database database;

        @Mixin
        private Selection selection;

        @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table", description = "table (default) or json.")
        private Format format;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            try (History history = database.open(spec)) {
                List<StoredRun> runs = selection.runs(history);
                out.print(format == Format.JSON ? HistoryFormat.runsJson(runs)
                        : runs.isEmpty() ? "no runs in " + history.url() + selection.describe() + "\n"
                        : HistoryFormat.runsTable(runs).toText(Terminal.colours()) + "\n");
            }
            out.flush();
            return ExitCodes.OK;
        }
    }

    /** What trend and changes share: the runs, samples, trend and change points of a selection. */
    private record Analysis(List<StoredRun> runs, List<SampleRecord> samples, Map<Series, List<TrendPoint>> trend,
                            List<ChangePoint> changes) {

        static Analysis of(History history, Selection selection, EDivisive detector, Compare compare) {
            List<StoredRun> runs = selection.runs(history);
            if (runs.isEmpty()) {
                throw new InputException("no runs in " + history.url() + selection.describe()
                        + "; add some with kbench history add FILE.csv");
            }
            List<SampleRecord> samples = selection.samples(history, runs);
            if (samples.isEmpty()) {
                throw new InputException("no samples in " + history.url() + selection.describe());
            }
            Map<Series, List<TrendPoint>> trend = Trend.of(runs, samples, Compare.DEFAULT_CONFIDENCE_LEVEL);
            List<ChangePoint> changes = Changes.find(trend, samples, detector, compare, history.acknowledged());
            return new Analysis(runs, samples, trend, changes);
        }
    }

    /** {@code history trend}. */
    @Command(name = "trend", sortOptions = false, mixinStandardHelpOptions = true,
            description = {"Each benchmark over the stored runs: per run the forks' medians, their median and its "
                    + "interval, with the change points; as a table or JSON, and as an HTML page with plots.", "",
                    "Example:", "  kbench history trend --html trend.html --force"})
    static final class TrendCommand implements Callable<Integer> {

        @CommandLine.Spec
        private CommandLine.Model.CommandSpec spec;

        @Mixin
        private Database database;

        @Mixin
        private Selection selection;

        @Mixin
        private Detector detector;

        @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
                description = "table (default) or json (docs/formats.md §9).")
        private Format format;

        @Option(names = "--html", paramLabel = "FILE", description = "Also write the trend as a self-contained HTML page.")
        private Path html;

        @Option(names = OutputFiles.FORCE, description = "Replace an existing --html FILE (never a read-only file or a link).")
        private boolean force;

        @Override
        public Integer call() {
            EDivisive d = detector.detector();
            if (html != null) {
                OutputFiles.check(List.of(htmlTarget()), Map.of());
            }
            PrintWriter out = spec.commandLine().getOut();
            try (History history = database.open(spec)) {
                Analysis a = Analysis.of(history, selection, d, Compare.withDefaults());
                double level = Compare.DEFAULT_CONFIDENCE_LEVEL;
                if (format == Format.JSON) {
                    out.print(HistoryFormat.trendJson(a.trend(), a.changes(), level));
                } else {
                    out.print(table(a));
                }
                out.flush();
                if (html != null) {
                    htmlTarget().write(HistoryFormat.trendHtml("kbench history: " + a.trend().size()
                            + " series over " + a.runs().size() + " runs" + selection.describe(), a.trend(),
                            a.changes(), level));
                }
            }
            return ExitCodes.OK;
        }

        private static String table(Analysis a) {
            StringBuilder text = new StringBuilder();
            a.trend().forEach((series, points) -> {
                text.append("# ").append(series.label()).append('\n');
                dev.kbench.stats.format.TextTable t = new dev.kbench.stats.format.TextTable()
                        .column("commit", dev.kbench.stats.format.TextTable.Align.LEFT)
                        .column("run", dev.kbench.stats.format.TextTable.Align.LEFT)
                        .column("median", dev.kbench.stats.format.TextTable.Align.RIGHT)
                        .column("95% interval (else range)", dev.kbench.stats.format.TextTable.Align.RIGHT)
                        .column("forks", dev.kbench.stats.format.TextTable.Align.RIGHT)
                        .column("", dev.kbench.stats.format.TextTable.Align.LEFT);
                for (int i = 0; i < points.size(); i++) {
                    TrendPoint p = points.get(i);
                    ForkEstimate e = p.estimate();
                    int index = i;
                    String mark = a.changes().stream().filter(c -> c.series().equals(series) && c.split().index() == index)
                            .map(c -> "change " + dev.kbench.stats.format.Numbers.change(1 + c.split().forwardChange()))
                            .findFirst().orElse("");
                    t.row().cell(p.run().info().shortCommit()).cell(p.run().runId())
                            .cell(dev.kbench.stats.format.Numbers.millis(e.medianMillis()))
                            .cell(Double.isFinite(e.lowerMillis()) ? dev.kbench.stats.format.Numbers.millis(e.lowerMillis())
                                    + " .. " + dev.kbench.stats.format.Numbers.millis(e.upperMillis())
                                    + (e.interval() ? "" : " range") : "-")
                            .cell(Integer.toString(e.forkMediansMillis().length)).cell(mark);
                }
                text.append(t.toText(false)).append('\n');
            });
            return text.toString();
        }

        private OutputTarget htmlTarget() {
            return OutputTarget.of("--html", html, force);
        }
    }

    /** {@code history changes}. */
    @Command(name = "changes", sortOptions = false, mixinStandardHelpOptions = true,
            description = {"Change points of every benchmark over the stored runs, by E-divisive means as Apache "
                    + "Otava finds them, each with the commits before and after, its size, and kbench's fork-level "
                    + "comparison of the runs before and after it.", "",
                    "A change point not acknowledged before is new: it makes the exit status 1 (a CI job fails) until "
                    + "--acknowledge records it."},
            footer = {"", "Exit status: 0 no new change point (or --acknowledge); 1 a new change point; 2 bad input."})
    static final class ChangesCommand implements Callable<Integer> {

        @CommandLine.Spec
        private CommandLine.Model.CommandSpec spec;

        @Mixin
        private Database database;

        @Mixin
        private Selection selection;

        @Mixin
        private Detector detector;

        @Mixin
        private CompareOptions options;

        @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
                description = "table (default) or json (docs/formats.md §9).")
        private Format format;

        @Option(names = "--acknowledge", description = "Record the change points found as seen: they are no longer new.")
        private boolean acknowledge;

        @Override
        public Integer call() {
            EDivisive d = detector.detector();
            Compare compare = options.compare();
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            try (History history = database.open(spec)) {
                Analysis a = Analysis.of(history, selection, d, compare);
                List<ChangePoint> changes = a.changes();
                if (format == Format.JSON) {
                    out.print(HistoryFormat.changesJson(changes, d));
                } else if (changes.isEmpty()) {
                    out.println("no change points in " + a.trend().size() + " series over " + a.runs().size() + " runs"
                            + selection.describe());
                } else {
                    out.println(HistoryFormat.changesTable(changes).toText(Terminal.colours()));
                }
                out.flush();
                long fresh = changes.stream().filter(c -> !c.acknowledged()).count();
                if (acknowledge) {
                    history.acknowledge(changes);
                    if (fresh > 0) {
                        err.println(spec.qualifiedName() + ": acknowledged " + fresh + " change point(s)");
                    }
                    err.flush();
                    return ExitCodes.OK;
                }
                if (fresh > 0) {
                    err.println(spec.qualifiedName() + ": " + fresh + " new change point(s); once seen, record them "
                            + "with --acknowledge");
                    err.flush();
                    return ExitCodes.REGRESSION;
                }
            }
            return ExitCodes.OK;
        }
    }

    /** {@code history compare REF REF}. */
    @Command(name = "compare", sortOptions = false, mixinStandardHelpOptions = true,
            description = {"Compare two stored runs (or commits) as kbench compare compares two samples files.", "",
                    "A REF is a run id, a unique prefix of one, or a commit (or a prefix of at least 4 characters), "
                    + "which takes every run of that commit."},
            footer = {"", "Exit status: 0 nothing fails the --fail-on rule; 1 a benchmark does; 2 bad input."})
    static final class CompareRuns implements Callable<Integer> {

        @CommandLine.Spec
        private CommandLine.Model.CommandSpec spec;

        @Parameters(index = "0", paramLabel = "BASE", description = "The base: a run id or commit.")
        private String base;

        @Parameters(index = "1", paramLabel = "NEW", description = "The new side: a run id or commit.")
        private String next;

        @Mixin
        private Database database;

        @Mixin
        private CompareOptions options;

        @Option(names = "--ignore-devices", description = "Compare even when the two sides ran on different devices.")
        private boolean ignoreDevices;

        @Option(names = "--fail-on", paramLabel = "WHAT", defaultValue = "regression",
                description = "Exit 1 on: regression (default), any (slower or faster), unsettled (slower, or same for "
                        + "want of data) or never.")
        private CompareCommand.FailOn failOn;

        @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
                description = "table (default), md or json (docs/formats.md §3).")
        private CompareCommand.Format format;

        @Option(names = "--always-show-pvalues", description = "Show the p-value of every benchmark.")
        private boolean alwaysShowPValues;

        @Override
        public Integer call() {
            Compare compare = options.compare();
            try (History history = database.open(spec)) {
                List<StoredRun> baseRuns = history.resolve(base, "BASE");
                List<StoredRun> newRuns = history.resolve(next, "NEW");
                SampleSet b = SampleSet.of(history.samples(baseRuns.stream().map(StoredRun::runId).toList()));
                SampleSet n = SampleSet.of(history.samples(newRuns.stream().map(StoredRun::runId).toList()));
                List<String> differ = DeviceGroup.mismatches(b.deviceGroups(), n.deviceGroups());
                if (!differ.isEmpty() && !ignoreDevices) {
                    throw new InputException(base + " and " + next + " were measured on different devices:\n  "
                            + String.join("\n  ", differ) + "\npass --ignore-devices to compare them anyway");
                }
                CompareCommand.Tally tally = CompareCommand.print(compare.compare(b, n), name(base, baseRuns),
                        name(next, newRuns), format, alwaysShowPValues, spec.commandLine().getOut());
                return CompareCommand.status(tally, failOn, format, spec);
            }
        }

        private static String name(String ref, List<StoredRun> runs) {
            List<String> ids = new ArrayList<>();
            runs.forEach(r -> ids.add(r.runId()));
            return ref + " (" + (runs.size() == 1 ? "run " + ids.getFirst() : runs.size() + " runs") + ", commit "
                    + runs.getFirst().info().shortCommit() + ")";
        }
    }
}

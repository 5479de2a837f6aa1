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

import dev.kbench.api.InputException;
import dev.kbench.stats.Compare;
import dev.kbench.stats.CompareReport;
import dev.kbench.stats.DeviceGroup;
import dev.kbench.stats.GroupSequential;
import dev.kbench.stats.SampleSet;
import dev.kbench.stats.Verdict;
import dev.kbench.stats.format.CompareExport;
import dev.kbench.stats.format.CompareTable;
import dev.kbench.stats.format.DashboardJson;
import dev.kbench.stats.io.StatsJson;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code kbench compare BASE.csv NEW.csv}: docs/formats.md §3, a significance test per benchmark and a CI gate. */
@Command(name = "compare", sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Compare two samples files benchmark by benchmark; a CI gate.", "",
                "Every benchmark present in both files gets a significance test: NEW is slower when pvalue_less < alpha "
                + "and the median ratio's interval lies above 1 + threshold, faster when pvalue_greater < alpha and "
                + "the interval lies below 1 - threshold, else same. With >= 2 forks on each side the test's unit is "
                + "the fork (each fork's median), so the verdict is about the code; with one fork per side it is "
                + "about two runs.", "", "Example:", "  kbench compare main.csv pr.csv --export-to compare.html"},
        footer = {"", "Exit status: 0 nothing fails the --fail-on rule; 1 a benchmark does (default: one is slower); "
                + "2 bad input or usage; 5 an output could not be written."})
final class CompareCommand implements Callable<Integer> {

    /** What makes {@code compare} exit with status 1. */
    enum FailOn {
        /** A benchmark is slower (the default). */
        REGRESSION,
        /** A benchmark is slower or faster: any significant change. */
        ANY,
        /**
         * A benchmark is slower, or its verdict is not settled: {@code same} for want of data, its interval reaching
         * past the threshold or its forks too few for any other verdict (the JSON's {@code "settled": false}), so
         * that only what the data decided passes.
         */
        UNSETTLED,
        /** Never: report only. */
        NEVER
    }

    /** The formats on stdout. */
    enum Format {
        /** The readable table. */
        TABLE,
        /** Markdown. */
        MD,
        /** docs/formats.md §3's JSON. */
        JSON,
        /** github-action-benchmark's customSmallerIsBetter JSON: the ratio new/base per benchmark (§11). */
        GITHUB,
        /** Bencher's BMF JSON: the ratio with its interval as bounds, and the new median (§11). */
        BENCHER
    }

    /** The change whose reach the table states: how many forks would see it. */
    private static final double REACH = 0.01;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "BASE.csv", description = "Samples of the base, e.g. the main branch.")
    private Path basePath;

    @Parameters(index = "1", arity = "0..1", paramLabel = "NEW.csv",
            description = "Samples of the new code; omitted with --by-device or --base-device/--new-device, which "
                    + "compare devices within BASE.csv.")
    private Path newPath;

    @Option(names = "--by-device", description = "Compare every device of BASE.csv with the first one (or with "
            + "--base-device), with the same statistics as base vs new: GPU 1 vs GPU 0 in one command.")
    private boolean byDevice;

    @Option(names = "--base-device", paramLabel = "DEV", description = "Take the base samples from this device only: "
            + "its device_id, HOST:DEVICE_ID, or its position (0, 1, ...) among the file's devices in order of appearance.")
    private String baseDevice;

    @Option(names = "--new-device", paramLabel = "DEV", description = "Take the new samples from this device only "
            + "(as --base-device; from NEW.csv if given, else from BASE.csv).")
    private String newDevice;

    @Option(names = "--ignore-devices", description = "Compare even when the two sides ran on different devices or "
            + "drivers (backend, device or device_id differ).")
    private boolean ignoreDevices;

    @CommandLine.Mixin
    private CompareOptions options;

    @Option(names = "--fail-on", paramLabel = "WHAT", defaultValue = "regression",
            description = "Exit 1 on: regression (default: a benchmark is slower), any (slower or faster), unsettled "
                    + "(slower, or same for want of data: its interval reaches past the threshold, or the forks are "
                    + "too few for any other verdict) or never.")
    private FailOn failOn;

    @Option(names = "--format", paramLabel = "FORMAT", defaultValue = "table",
            description = "table (default; coloured on a terminal), md, json (docs/formats.md §3), or for dashboards "
                    + "github (github-action-benchmark's customSmallerIsBetter) or bencher (Bencher's BMF) (§11).")
    private Format format;

    @Option(names = "--always-show-pvalues", description = "Show the p-value of every benchmark, not only of changed ones.")
    private boolean alwaysShowPValues;

    @Option(names = "--per-clock", description = "Also state each benchmark's change in cycles (time x SM clock of "
            + "each repetition, the samples' sm_clock_mhz) beside its change in time; needs the clocks (CUDA with NVML).")
    private boolean perClock;

    @Option(names = "--export-to", paramLabel = "FILE",
            description = "Also write the comparison to FILE: .txt, .md, .html (table and chart) or .svg (chart).")
    private Path exportTo;

    /** What --export-to writes, as {@link #checkOptions()} found it; null without the option. */
    private CompareExport export;

    @Option(names = OutputFiles.FORCE, description = "Replace an existing --export-to FILE (never a read-only file or a link).")
    private boolean force;

    /**
     * The significance level the options ask for, once {@link #checkOptions()} has accepted them.
     *
     * @return the alpha of each one-sided test
     */
    double alpha() {
        return Double.parseDouble(options.alpha.strip());
    }

    /**
     * Checks the options before any file is read: the statistics' options and the --export-to file.
     *
     * @return the comparison the options ask for
     * @throws UsageException naming the option and its value
     */
    Compare checkOptions() {
        Compare compare = options.compare();
        export = exportTo == null ? null : UsageException.option("--export-to", CompareExport::forFile, exportTo.toString());
        Map<String, Path> inputs = new LinkedHashMap<>();
        inputs.put("the input " + basePath, basePath);
        inputs.put("the input " + newPath, newPath);
        OutputFiles.check(Collections.singletonList(exportTarget()), inputs);
        return compare;
    }

    @Override
    public Integer call() {
        Compare compare = checkOptions();
        if (newPath != null && baseDevice == null && newDevice == null) {
            Inputs.warnIfOneFile(basePath, newPath, spec);
        }
        SampleSet base = Inputs.readSamples(basePath, spec);
        if (newPath == null) {
            return byDevice(compare, export, base);
        }
        if (byDevice) {
            throw new UsageException("--by-device compares the devices of one file; give only BASE.csv "
                    + "(merge files first with " + Main.typed() + " merge), or use --base-device and --new-device");
        }
        SampleSet next = Inputs.readSamples(newPath, spec);
        String baseName = basePath + SummaryCommand.runs(base);
        String newName = newPath + SummaryCommand.runs(next);
        if (baseDevice != null) {
            DeviceGroup group = DeviceGroup.select(base.deviceGroups(), baseDevice, "--base-device");
            base = base.only(group);
            baseName += " (" + group.label() + ")";
        }
        if (newDevice != null) {
            DeviceGroup group = DeviceGroup.select(next.deviceGroups(), newDevice, "--new-device");
            next = next.only(group);
            newName += " (" + group.label() + ")";
        }
        checkComparable(base, basePath, next, newPath, baseDevice != null && newDevice != null, ignoreDevices,
                spec.commandLine().getErr());
        PrintWriter out = spec.commandLine().getOut();
        return finish(gate(compare.compare(base, next), baseName, newName, export, out));
    }

    /**
     * Refuses to compare two samples files measured on different devices or drivers, as compare and
     * report --base do.
     *
     * @param base the base's samples (after any --base-device selection)
     * @param basePath the base's file
     * @param next the new samples
     * @param newPath the new file
     * @param devicesNamed whether both --base-device and --new-device were given: a device comparison, asked for
     * @param ignoreDevices whether --ignore-devices was given
     * @param err where a sidecar that cannot be used is named
     * @throws InputException naming both files and what differs
     */
    static void checkComparable(SampleSet base, Path basePath, SampleSet next, Path newPath, boolean devicesNamed,
                                boolean ignoreDevices, PrintWriter err) {
        List<String> differ = new java.util.ArrayList<>(devicesNamed ? List.of()
                : DeviceGroup.mismatches(base.deviceGroups(), next.deviceGroups()));
        java.util.SortedSet<String> baseDrivers = driverVersions(basePath, err);
        java.util.SortedSet<String> newDrivers = driverVersions(newPath, err);
        if (!baseDrivers.isEmpty() && !newDrivers.isEmpty() && !baseDrivers.equals(newDrivers)) {
            differ.add("driver version (environment sidecars): base " + String.join(" | ", baseDrivers) + ", new "
                    + String.join(" | ", newDrivers));
        }
        if (!differ.isEmpty() && !ignoreDevices) {
            throw new InputException(basePath + " and " + newPath + " were measured on different devices or drivers:\n  "
                    + String.join("\n  ", differ) + "\ncompare samples of one device (--base-device, --new-device), "
                    + "or pass --ignore-devices to compare them anyway");
        }
    }

    /**
     * Refuses a comparison in which no benchmark is in both sides.
     *
     * @param report the comparison
     * @param baseName the base, as shown
     * @param newName the new side, as shown
     * @return the report
     * @throws InputException naming both sides and what each holds alone
     */
    static CompareReport shared(CompareReport report, String baseName, String newName) {
        if (report.results().isEmpty()) {
            throw new InputException("no benchmark is in both " + baseName + " and " + newName + "; "
                    + CompareTable.unmatched(report).strip().replace("\n", "; "));
        }
        return report;
    }

    /** The driver versions of a file's sidecar; a sidecar that cannot be used is named in a warning, never ignored silently. */
    private static java.util.SortedSet<String> driverVersions(Path samples, PrintWriter err) {
        RunEnvironment.Sidecar sidecar = RunEnvironment.readSidecar(samples);
        sidecar.problem().ifPresent(problem -> {
            err.println("kbench compare: warning: " + problem + "; the driver-version check "
                    + "was skipped for " + samples);
            err.flush();
        });
        return RunEnvironment.driverVersions(sidecar);
    }

    /** One file, its devices compared with one of them. */
    private int byDevice(Compare compare, CompareExport export, SampleSet samples) {
        if (!byDevice && (baseDevice == null || newDevice == null)) {
            throw new UsageException("NEW.csv is missing; to compare the devices of " + basePath
                    + " give --by-device, or both --base-device and --new-device");
        }
        List<DeviceGroup> groups = samples.deviceGroups();
        DeviceGroup reference = baseDevice == null ? groups.getFirst()
                : DeviceGroup.select(groups, baseDevice, "--base-device");
        List<DeviceGroup> others = newDevice != null ? List.of(DeviceGroup.select(groups, newDevice, "--new-device"))
                : groups.stream().filter(g -> g != reference).toList();
        if (others.isEmpty() || others.contains(reference)) {
            throw new InputException(basePath + ": nothing to compare: " + (others.isEmpty()
                    ? "it holds samples of one device only (" + reference.label() + ")"
                    : "--base-device and --new-device name the same device") + "; its devices: "
                    + DeviceGroup.describe(groups));
        }
        if ((format == Format.GITHUB || format == Format.BENCHER) && others.size() > 1) {
            throw new UsageException("--format " + format.name().toLowerCase(Locale.ROOT) + " writes one "
                    + "comparison; with " + others.size() + " devices besides the base, choose one with --new-device");
        }
        if (export != null && others.size() > 1) {
            throw new UsageException("--export-to writes one comparison; with " + others.size()
                    + " devices besides the base, choose one with --new-device");
        }
        PrintWriter out = spec.commandLine().getOut();
        if (format == Format.JSON) {
            out.print("{\"by_device\": [");
        }
        Tally tally = Tally.NONE;
        for (int i = 0; i < others.size(); i++) {
            DeviceGroup other = others.get(i);
            if (format == Format.JSON) {
                out.print((i == 0 ? "" : ",") + "\n{\"base\": " + quote(reference.label()) + ", \"new\": "
                        + quote(other.label()) + ", \"compare\": ");
            }
            Tally one = gate(compare.compare(samples.only(reference), samples.only(other)),
                    basePath + " " + reference.label(), basePath + " " + other.label(), export, out);
            // with several devices a benchmark name alone does not say which comparison left it open
            tally = tally.plus(others.size() > 1 ? one.on(other.label()) : one);
            if (format == Format.JSON) {
                out.print("}");
            }
        }
        if (format == Format.JSON) {
            out.print("\n]}\n");
        }
        out.flush();
        return finish(tally);
    }

    /** Prints one comparison; returns what the --fail-on rule reads of it. */
    private Tally gate(CompareReport report, String baseName, String newName, CompareExport export, PrintWriter out) {
        if (perClock) {
            for (var r : report.results()) {
                if (Double.isNaN(r.cyclesRatio())) {
                    throw new InputException("--per-clock needs the SM clock of every sample (the sm_clock_mhz column, "
                            + "read through NVML on CUDA): " + (Double.isNaN(r.smClockBaseMHz()) ? baseName : newName)
                            + " has none for " + r.id() + "; compare without --per-clock");
                }
            }
        }
        clockWarnings(report, spec.commandLine().getErr());
        Tally tally = print(report, baseName, newName, format, alwaysShowPValues, out);
        if (perClock && (format == Format.TABLE || format == Format.MD)) {
            out.print(CompareTable.perClock(report));
            out.flush();
        }
        if (exportTo != null) {
            String title = CompareTable.describe(report, baseName, newName);
            exportTarget().write(export.render(report, title, alwaysShowPValues));
        }
        return tally;
    }

    /**
     * Prints one comparison in a format, as {@code compare} does (also {@code history compare}).
     *
     * @param report the comparison
     * @param baseName the base, as shown
     * @param newName the new side, as shown
     * @param format the format
     * @param alwaysShowPValues show every p-value
     * @param out where
     * @return what the {@code --fail-on} rule reads of it
     * @throws InputException when no benchmark is in both sides
     */
    static Tally print(CompareReport report, String baseName, String newName, Format format, boolean alwaysShowPValues,
                       PrintWriter out) {
        shared(report, baseName, newName);
        String title = CompareTable.describe(report, baseName, newName);
        switch (format) {
            case JSON -> out.print(StatsJson.compare(report));
            case GITHUB -> out.print(DashboardJson.compare(report, DashboardJson.Dashboard.GITHUB));
            case BENCHER -> out.print(DashboardJson.compare(report, DashboardJson.Dashboard.BENCHER));
            case MD -> out.print(CompareExport.MD.render(report, title, alwaysShowPValues));
            case TABLE -> out.print("# " + title + "\n" + CompareTable.of(report, alwaysShowPValues).toText(Terminal.colours())
                    + CompareTable.unmatched(report) + CompareTable.caveats(report)
                    + CompareTable.reach(report, REACH));
        }
        out.flush();
        return Tally.of(report);
    }

    /** One warning on stderr per benchmark whose sides ran at different SM clocks. */
    static void clockWarnings(CompareReport report, PrintWriter err) {
        for (var r : report.results()) {
            if (r.clocksDiffer()) {
                err.println(String.format(Locale.ROOT, "kbench compare: warning: %s ran at different SM clocks: base "
                        + "%s MHz, new %s MHz (medians, more than %.0f%% apart); the change in time may be the clock's: "
                        + "%+.2f%% in time, %+.2f%% in cycles (--per-clock)", r.id(),
                        dev.kbench.stats.format.Numbers.significant(r.smClockBaseMHz(), 6),
                        dev.kbench.stats.format.Numbers.significant(r.smClockNewMHz(), 6),
                        100 * dev.kbench.stats.Compare.CLOCK_TOLERANCE, 100 * (r.ratio() - 1), 100 * (r.cyclesRatio() - 1)));
            }
        }
        err.flush();
    }

    private OutputTarget exportTarget() {
        return OutputTarget.of("--export-to", exportTo, force);
    }

    private static String quote(String text) {
        return "\"" + new String(com.fasterxml.jackson.core.io.JsonStringEncoder.getInstance().quoteAsString(text)) + "\"";
    }

    /** The exit status of what was compared, said on stderr when it fails. */
    private int finish(Tally tally) {
        return status(tally, failOn, format, spec);
    }

    /**
     * What the {@code --fail-on} rule reads of comparisons: how many benchmarks are slower and faster, and which
     * are not settled ({@link GroupSequential#settled}, the JSON's {@code settled}).
     *
     * @param slower the slower benchmarks
     * @param faster the faster benchmarks
     * @param unsettled the benchmarks whose verdict the data left open, as labelled
     */
    record Tally(int slower, int faster, List<String> unsettled) {

        /** Nothing compared yet. */
        static final Tally NONE = new Tally(0, 0, List.of());

        Tally {
            unsettled = List.copyOf(unsettled);
        }

        /** What the rule reads of one comparison. */
        static Tally of(CompareReport report) {
            return new Tally((int) report.count(Verdict.SLOWER), (int) report.count(Verdict.FASTER),
                    report.results().stream().filter(r -> GroupSequential.settled(r, report.thresholdRel()).isEmpty())
                            .map(r -> r.id().label()).toList());
        }

        /** The same, each unsettled benchmark named with the device it was compared on. */
        Tally on(String device) {
            return new Tally(slower, faster, unsettled.stream().map(label -> label + " on " + device).toList());
        }

        /** This and another comparison's together. */
        Tally plus(Tally other) {
            List<String> both = new ArrayList<>(unsettled);
            both.addAll(other.unsettled);
            return new Tally(slower + other.slower, faster + other.faster, both);
        }
    }

    /**
     * The exit status of comparisons under a {@code --fail-on} rule, said on stderr when it fails.
     *
     * @param tally what the rule reads of them
     * @param failOn the rule
     * @param format the output's format (JSON says nothing on stderr)
     * @param spec the command, for its name and stderr
     * @return {@link ExitCodes#REGRESSION} or {@link ExitCodes#OK}
     */
    static int status(Tally tally, FailOn failOn, Format format, CommandLine.Model.CommandSpec spec) {
        boolean fails = switch (failOn) {
            case REGRESSION -> tally.slower() > 0;
            case ANY -> tally.slower() + tally.faster() > 0;
            case UNSETTLED -> tally.slower() > 0 || !tally.unsettled().isEmpty();
            case NEVER -> false;
        };
        if (fails && format != Format.JSON) {
            String open = "";
            if (failOn == FailOn.UNSETTLED) {
                open = ", " + tally.unsettled().size() + " not settled"
                        + (tally.unsettled().isEmpty() ? "" : " (" + String.join(", ", tally.unsettled()) + ")");
            }
            spec.commandLine().getErr().println(spec.qualifiedName() + ": " + tally.slower() + " slower, "
                    + tally.faster() + " faster" + open + " (--fail-on " + failOn.name().toLowerCase(Locale.ROOT) + ")");
            spec.commandLine().getErr().flush();
        }
        return fails ? ExitCodes.REGRESSION : ExitCodes.OK;
    }
}

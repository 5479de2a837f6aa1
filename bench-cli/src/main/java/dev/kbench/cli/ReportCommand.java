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

import dev.kbench.stats.Compare;
import dev.kbench.stats.CompareReport;
import dev.kbench.stats.DeviceGroup;
import dev.kbench.stats.SampleSet;
import dev.kbench.stats.Summarizer;
import dev.kbench.stats.format.ReportPage;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code kbench report [--base BASE.csv] FILE.csv -o report.html}: a self-contained HTML page with SVG plots.
 * The base is named, never positional, so two positional files (the order this command once took, new
 * before base) are refused instead of being read the other way round.
 */
@Command(name = "report", sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Write an HTML report with plots of one samples file, or of a comparison.", "",
                "A self-contained page (inline SVG, no scripts) with a summary table and a box-and-strip plot of each "
                + "benchmark's samples; given --base BASE.csv too, the comparison of FILE.csv against it (chart and table) and base-vs-new plots.",
                "", "Examples:", "  kbench report new.csv -o report.html",
                "  kbench report --base main.csv pr.csv -o report.html",
                "  kbench report run.csv --base-device 0 --new-device 1 -o gpus.html   (GPU 1 against GPU 0)"},
        footer = {"", "Exit status: 0 written; 2 bad input or usage (an existing -o FILE without --force included); "
                + "5 FILE could not be written."})
final class ReportCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE.csv", description = "The samples to report on (the new ones when comparing).")
    private Path file;

    /** More positional files: refused with a message, so that the old NEW BASE order is never read backwards. */
    @Parameters(index = "1..*", hidden = true)
    private List<Path> extra = List.of();

    @Option(names = "--base", paramLabel = "BASE.csv", description = "Base samples to compare FILE.csv with (optional).")
    private Path basePath;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", required = true, description = "The HTML file to write.")
    private Path output;

    @Option(names = OutputFiles.FORCE, description = "Replace an existing -o FILE (never a read-only file or a link).")
    private boolean force;

    @CommandLine.Mixin
    private CompareOptions options;

    @Option(names = "--base-device", paramLabel = "DEV", description = "Compare with this device's samples: of --base BASE.csv "
            + "if given, else of FILE.csv (device_id, HOST:DEVICE_ID or position, as in compare).")
    private String baseDevice;

    @Option(names = "--new-device", paramLabel = "DEV", description = "Report this device's samples of FILE.csv.")
    private String newDevice;

    @Option(names = "--ignore-devices", description = "Compare even when BASE.csv and FILE.csv ran on different devices "
            + "or drivers (as compare's --ignore-devices).")
    private boolean ignoreDevices;

    @Override
    public Integer call() {
        if (!extra.isEmpty()) {
            List<Path> files = Stream.concat(Stream.of(file), extra.stream()).toList();
            throw new CommandLine.ParameterException(spec.commandLine(), "report takes one samples file, got "
                    + files.size() + ": " + files.stream().map(f -> "'" + f + "'").collect(Collectors.joining(" "))
                    + "; name the base with --base, as in `" + Main.typed() + " report --base BASE.csv NEW.csv -o report.html`"
                    + " (report no longer takes `NEW.csv BASE.csv`: the base comes first, as in `" + Main.typed() + " compare BASE.csv NEW.csv`)");
        }
        Map<String, Path> inputs = new LinkedHashMap<>();
        inputs.put("the input " + file, file);
        inputs.put("the input " + basePath, basePath);
        OutputTarget target = OutputTarget.of("-o", output, force);
        OutputFiles.check(List.of(target), inputs);
        Compare compare = options.compare();
        Summarizer summarizer = Summarizer.withDefaults();
        SampleSet all = Inputs.readSamples(file, spec);
        SampleSet samples = all;
        String name = file.toString();
        if (newDevice != null) {
            DeviceGroup group = DeviceGroup.select(all.deviceGroups(), newDevice, "--new-device");
            samples = all.only(group);
            name += " " + group.label();
        }
        ReportPage.Input current = new ReportPage.Input(name, samples, summarizer.summarize(samples));
        Optional<ReportPage.Input> base = Optional.empty();
        Optional<CompareReport> comparison = Optional.empty();
        if (basePath == null && baseDevice != null && newDevice == null) {
            throw new UsageException("--base-device without --base compares two devices of " + file
                    + "; give --new-device too");
        }
        if (basePath != null && baseDevice == null && newDevice == null) {
            Inputs.warnIfOneFile(basePath, file, spec);
        }
        if (basePath != null || baseDevice != null) {
            SampleSet baseSamples = basePath != null ? Inputs.readSamples(basePath, spec) : all;
            String baseName = basePath != null ? basePath.toString() : file.toString();
            if (baseDevice != null) {
                DeviceGroup group = DeviceGroup.select(baseSamples.deviceGroups(), baseDevice, "--base-device");
                baseSamples = baseSamples.only(group);
                baseName += " " + group.label();
            }
            // refused across devices or drivers and over no shared benchmark, as compare refuses them
            CompareCommand.checkComparable(baseSamples, basePath != null ? basePath : file, samples, file,
                    baseDevice != null && newDevice != null, ignoreDevices, spec.commandLine().getErr());
            base = Optional.of(new ReportPage.Input(baseName, baseSamples, summarizer.summarize(baseSamples)));
            comparison = Optional.of(CompareCommand.shared(compare.compare(baseSamples, samples), baseName, name));
        }
        String html = ReportPage.html(current, base, comparison);
        target.write(html);
        spec.commandLine().getErr().println("kbench report: wrote " + output);
        spec.commandLine().getErr().flush();
        return ExitCodes.OK;
    }
}

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
import dev.kbench.stats.io.SamplesCsv;
import dev.kbench.stats.io.SamplesCsvWriter;
import dev.kbench.stats.io.SamplesMerge;
import dev.kbench.stats.io.WriteMode;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code kbench merge -o OUT.csv IN.csv...}: samples of many hosts or devices in one file. The older form
 * {@code kbench merge OUT.csv IN.csv...} still works, with a note on stderr.
 */
@Command(name = "merge", sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Combine samples files from several hosts, devices or forks into one, keeping every tag.", "",
                "Every input must have the same kbench columns and hold the same benchmarks (names and parameters); a sample present twice (same host, "
                + "device_id, fork, benchmark, params, repetition and sample) is refused. The inputs' environment "
                + "sidecars (IN.csv.env.json) are combined into OUT.csv.env.json.", "", "Example:",
                "  kbench merge -o fleet.csv node-*.csv && kbench compare --by-device fleet.csv", "",
                "The older form `kbench merge OUT.csv IN.csv...` (OUT first, without -o) still works and says so on stderr."},
        footer = {"", "Exit status: 0 merged; 2 bad input (a file missing or malformed, benchmarks that differ, a "
                + "duplicate sample, OUT or its sidecar exists without --force, OUT is an input); 5 OUT could not be written."})
final class MergeCommand implements Callable<Integer> {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Option(names = {"-o", "--output"}, paramLabel = "OUT.csv", description = "The merged file; never replaced unless --force.")
    private Path output;

    @Parameters(arity = "1..*", paramLabel = "IN.csv", description = "Samples files to merge.")
    private List<Path> inputs;

    @Option(names = OutputFiles.FORCE, description = "Replace OUT.csv (and its sidecar) if it exists (never a read-only file or a link).")
    private boolean force;

    /** The note for the older form, {@code merge OUT.csv IN.csv...}, which still works. */
    static final String OLD_FORM = "kbench merge: note: `merge OUT.csv IN.csv...` is the older form; write "
            + "`merge -o OUT.csv IN.csv...`, as report and the other commands name their output";

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (output == null) {
            if (inputs.size() < 2) {
                throw new UsageException("merge needs -o OUT.csv and at least one IN.csv (got only '" + inputs.getFirst()
                        + "'); e.g. " + Main.typed() + " merge -o fleet.csv node-a.csv node-b.csv");
            }
            output = inputs.getFirst();
            inputs = inputs.subList(1, inputs.size());
            err.println(OLD_FORM);
            err.flush();
        }
        for (int i = 0; i < inputs.size(); i++) {
            for (int j = 0; j < i; j++) {
                if (Inputs.sameFile(inputs.get(i), inputs.get(j))) {
                    throw new UsageException("IN.csv '" + inputs.get(i) + "' is given twice (as '" + inputs.get(j)
                            + "'); each file may be merged once");
                }
            }
        }
        Map<String, Path> reads = new LinkedHashMap<>();
        inputs.forEach(file -> reads.put("IN.csv " + file, file));
        OutputTarget target = OutputTarget.of("-o", output, force);
        OutputFiles.check(Arrays.asList(target, target.sidecar().orElse(null)), reads);
        List<JsonNode> runs = new ArrayList<>();
        List<String> broken = new ArrayList<>();
        for (Path in : inputs) {
            if (!Files.isRegularFile(in)) {
                throw new InputException("samples file '" + in + "' does not exist or is not a file");
            }
            RunEnvironment.Sidecar sidecar = RunEnvironment.readSidecar(in);
            runs.addAll(sidecar.runs());
            sidecar.problem().ifPresent(broken::add);
        }
        SamplesMerge merge;
        try {
            merge = SamplesMerge.check(inputs, warning -> {
                err.println("kbench merge: warning: " + warning);
                err.flush();
            });
        } catch (UncheckedIOException e) {
            throw new InputException("cannot read an input: " + e.getMessage(), e);
        }
        for (Path in : inputs) {
            List<String> dropped = SamplesCsv.header(in).stream().filter(c -> !SamplesCsv.COLUMNS.contains(c)).toList();
            if (!dropped.isEmpty()) {
                err.println("kbench merge: " + in + ": columns " + String.join(", ", dropped)
                        + " are not kbench's and are not kept");
            }
        }
        target.write(file -> {
            try (SamplesCsvWriter csv = SamplesCsvWriter.open(file, WriteMode.REPLACE)) {
                merge.writeTo(csv);
            }
        });
        if (!broken.isEmpty()) {
            err.println("kbench merge: warning: " + String.join("; ", broken) + "; "
                    + (runs.isEmpty() ? "the output sidecar " + RunEnvironment.sidecar(output) + " was not written"
                    : "the output sidecar " + RunEnvironment.sidecar(output) + " holds the other inputs' runs only"));
        }
        if (!runs.isEmpty()) {
            String warning = RunEnvironment.writeRuns(target, spec.root().commandLine().getParseResult().originalArgs(),
                    null, runs);
            if (!warning.isEmpty()) {
                err.println(warning);
            }
        }
        err.println("kbench merge: " + merge.rows() + " samples of " + inputs.size() + " file(s) in " + output);
        err.flush();
        return ExitCodes.OK;
    }

}

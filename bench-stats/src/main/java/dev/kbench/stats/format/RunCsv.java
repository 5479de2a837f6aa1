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
package dev.kbench.stats.format;

import dev.kbench.api.BenchmarkOutcome;
import dev.kbench.api.ReturnMode;
import dev.kbench.stats.QuantileValue;
import dev.kbench.stats.Summary;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.stream.Collectors;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVPrinter;

/**
 * {@code run --format csv}: one row per benchmark and combination with its summary, {@link Locale#ROOT}
 * numbers, empty cells for what is unknown. The samples themselves go to {@code --csv-samples}.
 */
final class RunCsv {

    private RunCsv() {
    }

    static void write(RunReport report, PrintWriter out) {
        List<String> header = new ArrayList<>(List.of("benchmark", "params", "backend", "device", "seed", "status",
                "stop_reason", "repetitions", "n", "min_ms", "median_ms", "mean_ms", "max_ms", "stddev_ms",
                "relative_noise"));
        List<String> quantileLabels = report.statistic() instanceof Statistic.Quantiles q ? q.labels() : List.of();
        quantileLabels.forEach(l -> header.add("q" + l + "_ms"));
        boolean all = report.statistic() instanceof Statistic.Mode m && m.mode() == ReturnMode.ALL;
        if (all) {
            header.add("samples_ms");
        }
        header.addAll(List.of("bytes_per_call", "flops_per_call", "gb_per_s", "tflop_per_s", "percent_of_peak",
                "reason", "timing", "method", "calls_per_sample"));
        CSVFormat format = CSVFormat.DEFAULT.builder().setRecordSeparator('\n').get();
        try {
            CSVPrinter csv = new CSVPrinter(out, format);
            csv.printRecord(header);
            for (RunReport.Row row : report.rows()) {
                BenchmarkOutcome o = row.outcome();
                List<String> cells = new ArrayList<>(List.of(o.benchmark(), o.params().toString(),
                        report.result().backend(), report.result().device(), Long.toString(report.result().seed()),
                        status(o), o.stopReason().name().toLowerCase(Locale.ROOT),
                        Integer.toString(o.repetitions().size())));
                if (row.summary().isPresent()) {
                    Summary s = row.summary().get();
                    cells.addAll(List.of(Integer.toString(s.n()), num(s.minMillis()), num(s.medianMillis()),
                            num(s.meanMillis()), num(s.maxMillis()), num(s.stddevMillis()), num(s.relativeNoise())));
                    if (!quantileLabels.isEmpty()) {
                        for (QuantileValue v : s.quantiles()) {
                            cells.add(num(v.valueMillis()));
                        }
                    }
                } else {
                    cells.addAll(List.of("0", "", "", "", "", "", ""));
                    quantileLabels.forEach(l -> cells.add(""));
                }
                if (all) {
                    cells.add(Arrays.stream(o.samplesMillis()).mapToObj(RunCsv::num).collect(Collectors.joining(";")));
                }
                cells.add(num(o.bytesPerCall()));
                cells.add(num(o.flopsPerCall()));
                cells.add(num(o.gigabytesPerSecond()));
                cells.add(num(o.teraflopsPerSecond()));
                cells.add(num(o.percentOfPeakBandwidth()));
                cells.add(o.reason().orElse(""));
                cells.add(o.timing().jsonName());
                cells.add(o.method().jsonName());
                cells.add(Integer.toString(o.callsPerSample()));
                csv.printRecord(cells);
            }
            csv.flush();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String status(BenchmarkOutcome o) {
        return switch (o.stopReason()) {
            case FAILED -> "failed";
            case SKIPPED -> "skipped";
            default -> "ok";
        };
    }

    static String num(double value) {
        return Double.isFinite(value) ? Double.toString(value) : "";
    }

    private static String num(OptionalLong value) {
        return value.isPresent() ? Long.toString(value.getAsLong()) : "";
    }

    private static String num(OptionalDouble value) {
        return value.isPresent() ? num(value.getAsDouble()) : "";
    }
}

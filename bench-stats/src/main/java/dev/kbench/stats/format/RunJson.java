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

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kbench.api.BenchmarkOutcome;
import dev.kbench.api.RepetitionTelemetry;
import dev.kbench.api.SuiteOptions;
import dev.kbench.stats.Summary;
import dev.kbench.stats.json.JsonFields;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * kbench's run JSON ({@code run --json FILE}, {@code run --format json}): where and how the run was
 * measured, and per benchmark the summary of docs/formats.md §4's keys plus throughput and every sample,
 * repetition by repetition. Unknown values are {@code null}.
 */
final class RunJson {

    /** The format's name and version, the {@code format} key. */
    static final String FORMAT = "kbench-run/1";

    static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private RunJson() {
    }

    static String write(RunReport report) {
        try {
            return MAPPER.writeValueAsString(tree(report));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ObjectNode tree(RunReport report) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        root.put("backend", report.result().backend());
        root.put("device", report.result().device());
        root.put("seed", report.result().seed());
        root.put("schedule", report.result().schedule().name().toLowerCase(Locale.ROOT));
        SuiteOptions o = report.options();
        ObjectNode options = root.putObject("options");
        options.put("repetitions", o.repetitions());
        options.put("warmup_ms", o.warmupMillis());
        options.put("rep_ms", o.repetitionMillis());
        options.put("max_samples_per_repetition", o.maxSamplesPerRepetition());
        options.put("min_samples_per_repetition", o.minSamplesPerRepetition());
        options.put("cache_clear_bytes", o.cacheClearBytes());
        options.put("timing", o.timing().jsonName());
        options.put("submission", o.submission().name().toLowerCase(Locale.ROOT));
        options.put("place_every", o.placeEvery());
        if (o.noiseTarget().isPresent()) {
            ObjectNode noise = options.putObject("noise_target");
            noise.put("relative_half_width", o.noiseTarget().get().relativeHalfWidth());
            noise.put("confidence", o.noiseTarget().get().confidence());
            noise.put("min_repetitions", o.noiseTarget().get().minRepetitions());
            noise.put("max_repetitions", o.noiseTarget().get().maxRepetitions());
            noise.put("budget_ms", o.noiseTarget().get().budgetMillis());
        } else {
            options.putNull("noise_target");
        }
        ArrayNode results = root.putArray("results");
        for (RunReport.Row row : report.rows()) {
            results.add(result(row));
        }
        return root;
    }

    private static ObjectNode result(RunReport.Row row) {
        BenchmarkOutcome o = row.outcome();
        ObjectNode r = MAPPER.createObjectNode();
        r.put("benchmark", o.benchmark());
        r.put("params", o.params().toString());
        r.put("status", RunCsv.status(o));
        r.put("stop_reason", o.stopReason().name().toLowerCase(Locale.ROOT));
        if (o.reason().isPresent()) {
            r.put("reason", o.reason().get());
        } else {
            r.putNull("reason");
        }
        r.put("repetitions", o.repetitions().size());
        number(r, "estimate_ms", o.estimateMillis());
        number(r, "host_ms_per_call", o.hostMillisPerCall());
        number(r, "clear_ms", o.clearMillis());
        number(r, "smaller_clear_bytes", o.smallerClearBytes());
        r.put("warmup_calls", o.warmupCalls());
        r.put("timing", o.timing().jsonName());
        r.put("method", o.method().jsonName());
        r.put("calls_per_sample", o.callsPerSample());
        if (o.timingNote().isEmpty()) {
            r.putNull("timing_note");
        } else {
            r.put("timing_note", o.timingNote());
        }
        if (row.summary().isPresent()) {
            Summary s = row.summary().get();
            JsonFields.summary(r, s);
            number(r, "relative_noise", s.relativeNoise());
            ArrayNode warnings = r.putArray("warnings");
            s.warnings().forEach(w -> warnings.add(w.message()));
        } else {
            r.put("n", 0);
        }
        number(r, "bytes_per_call", o.bytesPerCall());
        number(r, "flops_per_call", o.flopsPerCall());
        number(r, "gb_per_s", o.gigabytesPerSecond());
        number(r, "tflop_per_s", o.teraflopsPerSecond());
        number(r, "percent_of_peak", o.percentOfPeakBandwidth());
        number(r, "peak_gb_per_s", o.peakBandwidthBytesPerSecond().orElse(Double.NaN) / 1e9);
        boolean known = o.telemetry().stream().anyMatch(t -> t.throttling().isPresent());
        if (known) {
            r.put("throttled_repetitions", o.throttledRepetitions());
        } else {
            r.putNull("throttled_repetitions");
        }
        number(r, "joules_per_call", o.joulesPerCall());
        number(r, "gb_per_j", o.gigabytesPerJoule());
        number(r, "gflop_per_j", o.gigaflopsPerJoule());
        if (o.energyNote().isEmpty()) {
            r.putNull("energy_note");
        } else {
            r.put("energy_note", o.energyNote());
        }
        ArrayNode telemetry = r.putArray("telemetry");
        for (RepetitionTelemetry t : o.telemetry()) {
            ObjectNode rep = telemetry.addObject();
            number(rep, "sm_clock_mhz", t.smClockMHz());
            if (t.throttling().isPresent()) {
                ArrayNode reasons = rep.putArray("throttle");
                t.throttling().get().forEach(reason -> reasons.add(reason.token()));
            } else {
                rep.putNull("throttle");
            }
            number(rep, "joules_per_call", t.joulesPerCall());
        }
        ArrayNode samples = r.putArray("samples_ms");
        for (double[] repetition : o.repetitions()) {
            ArrayNode rep = samples.addArray();
            for (double t : repetition) {
                rep.add(t);
            }
        }
        return r;
    }

    static void number(ObjectNode node, String key, double value) {
        JsonFields.number(node, key, value);
    }

    private static void number(ObjectNode node, String key, OptionalLong value) {
        if (value.isPresent()) {
            node.put(key, value.getAsLong());
        } else {
            node.putNull(key);
        }
    }

    private static void number(ObjectNode node, String key, OptionalDouble value) {
        number(node, key, value.orElse(Double.NaN));
    }
}

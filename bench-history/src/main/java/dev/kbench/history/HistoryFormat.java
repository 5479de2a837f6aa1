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

import static dev.kbench.stats.json.JsonFields.number;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kbench.stats.BenchmarkComparison;
import dev.kbench.stats.ForkEstimate;
import dev.kbench.stats.Interval;
import dev.kbench.stats.format.Html;
import dev.kbench.stats.format.HtmlPage;
import dev.kbench.stats.format.Numbers;
import dev.kbench.stats.format.TextTable;
import dev.kbench.stats.json.JsonFields;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The history's outputs (docs/formats.md): the runs as a table or JSON, the trend as JSON or a
 * self-contained HTML page with one plot per series, the change points as a table or JSON.
 */
public final class HistoryFormat {

    /** The {@code format} key of the trend JSON. */
    public static final String TREND_FORMAT = "kbench-trend/2";
    /** The {@code format} key of the change points JSON. */
    public static final String CHANGES_FORMAT = "kbench-changes/2";
    /** The {@code format} key of the runs JSON. */
    public static final String RUNS_FORMAT = "kbench-runs/1";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private HistoryFormat() {
    }

    /**
     * The runs as a table.
     *
     * @param runs the runs
     * @return one row per run
     */
    public static TextTable runsTable(List<StoredRun> runs) {
        TextTable t = new TextTable().column("run", TextTable.Align.LEFT).column("started", TextTable.Align.LEFT)
                .column("commit", TextTable.Align.LEFT).column("branch", TextTable.Align.LEFT)
                .column("host", TextTable.Align.LEFT).column("benchmarks", TextTable.Align.RIGHT)
                .column("forks", TextTable.Align.RIGHT).column("samples", TextTable.Align.RIGHT);
        for (StoredRun r : runs) {
            RunInfo i = r.info();
            t.row().cell(i.runId()).cell(i.started()).cell(i.shortCommit() + (i.dirty().orElse(false) ? "+" : ""))
                    .cell(i.branch()).cell(i.host()).cell(Integer.toString(r.benchmarks()))
                    .cell(Integer.toString(r.forks())).cell(Long.toString(r.samples()));
        }
        return t;
    }

    /**
     * The runs as JSON.
     *
     * @param runs the runs
     * @return {@code {"format": "kbench-runs/1", "runs": [...]}}
     */
    public static String runsJson(List<StoredRun> runs) {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", RUNS_FORMAT);
        ArrayNode array = root.putArray("runs");
        for (StoredRun r : runs) {
            ObjectNode o = run(array.addObject(), r);
            o.put("source", r.source());
            o.put("added", r.added());
            o.put("benchmarks", r.benchmarks());
            o.put("forks", r.forks());
            o.put("samples", r.samples());
        }
        return write(root);
    }

    /**
     * The trend as JSON, with the change points of each series.
     *
     * @param trend per series its points
     * @param changes the change points
     * @param confidenceLevel the level of the points' intervals
     * @return {@code {"format": "kbench-trend/2", "series": [...]}}
     */
    public static String trendJson(Map<Series, List<TrendPoint>> trend, List<ChangePoint> changes, double confidenceLevel) {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", TREND_FORMAT);
        root.put("confidence_level", confidenceLevel);
        ArrayNode array = root.putArray("series");
        trend.forEach((series, points) -> {
            ObjectNode s = series(array.addObject(), series);
            ArrayNode ps = s.putArray("points");
            for (TrendPoint p : points) {
                ObjectNode o = run(ps.addObject(), p.run());
                ForkEstimate e = p.estimate();
                o.put("median_ms", e.medianMillis());
                number(o, "lower_ms", e.lowerMillis());
                number(o, "upper_ms", e.upperMillis());
                o.put("bounds", e.bounds());
                ArrayNode forks = o.putArray("fork_medians_ms");
                for (double f : e.forkMediansMillis()) {
                    forks.add(f);
                }
                o.put("samples", e.samples());
            }
            ArrayNode cps = s.putArray("change_points");
            changes.stream().filter(c -> c.series().equals(series)).forEach(c -> change(cps.addObject(), c, false));
        });
        return write(root);
    }

    /**
     * The change points as JSON.
     *
     * @param changes the change points
     * @param detector the detector that found them
     * @return {@code {"format": "kbench-changes/2", ..., "change_points": [...]}}
     */
    public static String changesJson(List<ChangePoint> changes, EDivisive detector) {
        ObjectNode root = JSON.createObjectNode();
        root.put("format", CHANGES_FORMAT);
        root.put("method", "e-divisive");
        root.put("max_pvalue", detector.maxPValue());
        root.put("min_magnitude", detector.minMagnitude());
        root.put("window", detector.window());
        root.put("new", changes.stream().filter(c -> !c.acknowledged()).count());
        ArrayNode array = root.putArray("change_points");
        changes.forEach(c -> change(array.addObject(), c, true));
        return write(root);
    }

    /**
     * The change points as a table.
     *
     * @param changes the change points
     * @return one row per change point
     */
    public static TextTable changesTable(List<ChangePoint> changes) {
        TextTable t = new TextTable().column("series", TextTable.Align.LEFT).column("before", TextTable.Align.LEFT)
                .column("after", TextTable.Align.LEFT).column("change", TextTable.Align.RIGHT)
                .column("p", TextTable.Align.RIGHT).column("runs", TextTable.Align.RIGHT)
                .column("fork-level compare", TextTable.Align.LEFT).column("", TextTable.Align.LEFT);
        for (ChangePoint c : changes) {
            double change = c.split().forwardChange();
            t.row().cell(c.series().label()).cell(c.before().info().shortCommit()).cell(c.after().info().shortCommit())
                    .cell(Numbers.change(1 + change), change > 0 ? TextTable.Tone.BAD : TextTable.Tone.GOOD)
                    .cell(Numbers.pValue(c.split().pValue()))
                    .cell(c.segmentBefore().size() + "|" + c.segmentAfter().size())
                    .cell(c.comparison().map(HistoryFormat::verdict).orElse("- (" + c.note() + ")"))
                    .cell(c.acknowledged() ? "" : "new");
        }
        return t;
    }

    /**
     * The trend as a self-contained HTML page: per series a plot of each run's fork medians, their median
     * and its interval, with the change points marked, and a table of the change points.
     *
     * @param title the page's title
     * @param trend per series its points
     * @param changes the change points
     * @param confidenceLevel the level of the points' intervals
     * @return the page
     */
    public static String trendHtml(String title, Map<Series, List<TrendPoint>> trend, List<ChangePoint> changes,
                                   double confidenceLevel) {
        StringBuilder body = new StringBuilder();
        body.append(HtmlPage.paragraph(String.format(Locale.ROOT, "%d series over %d runs. Grey dots: each fork's "
                + "median; blue: the median of the forks with its %.0f%% interval (where the forks are too few for one, "
                + "the lowest..highest fork median; hover for which); dashed red lines: change points (E-divisive means), the first run after the change to their "
                + "right. Hover a point for its run and commit.", trend.size(),
                trend.values().stream().mapToInt(List::size).max().orElse(0), 100 * confidenceLevel)));
        if (!changes.isEmpty()) {
            body.append(HtmlPage.heading(2, "Change points", "changes"));
            body.append(changesTable(changes).toHtml());
        }
        int i = 0;
        for (Map.Entry<Series, List<TrendPoint>> e : trend.entrySet()) {
            body.append(HtmlPage.heading(2, e.getKey().label(), "series-" + i++));
            body.append("<figure>").append(plot(e.getValue(), changes.stream()
                    .filter(c -> c.series().equals(e.getKey())).toList())).append("</figure>\n");
        }
        return HtmlPage.of(title, body.toString());
    }

    private static String plot(List<TrendPoint> points, List<ChangePoint> changes) {
        int width = 960;
        int height = 320;
        int left = 70;
        int right = 20;
        int top = 20;
        int bottom = 50;
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (TrendPoint p : points) {
            ForkEstimate e = p.estimate();
            lo = Math.min(lo, e.minForkMillis());
            hi = Math.max(hi, e.maxForkMillis());
            if (Double.isFinite(e.lowerMillis()) && Double.isFinite(e.upperMillis())) {
                lo = Math.min(lo, e.lowerMillis());
                hi = Math.max(hi, e.upperMillis());
            }
        }
        if (!(hi > lo)) {
            hi = lo + Math.max(1e-9, Math.abs(lo) * 0.01);
        }
        double pad = (hi - lo) * 0.05;
        double ymin = lo - pad;
        double ymax = hi + pad;
        int n = points.size();
        double plotW = width - left - right;
        double plotH = height - top - bottom;
        java.util.function.IntToDoubleFunction x = k -> left + (n == 1 ? plotW / 2 : plotW * k / (n - 1));
        java.util.function.DoubleUnaryOperator y = v -> top + plotH * (ymax - v) / (ymax - ymin);
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 %d %d\" "
                + "width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"11\">\n", width, height, width, height));
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" "
                + "stroke=\"#ccc\"/>\n", left, top, plotW, plotH));
        for (int t = 0; t <= 4; t++) {
            double v = ymin + (ymax - ymin) * t / 4;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" stroke=\"#eee\"/>"
                    + "<text x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n", left, left + plotW, y.applyAsDouble(v),
                    y.applyAsDouble(v), left - 4, y.applyAsDouble(v) + 4, Html.escape(Numbers.millis(v))));
        }
        for (ChangePoint c : changes) {
            int k = c.split().index();
            double cx = (x.applyAsDouble(k - 1) + x.applyAsDouble(k)) / 2;
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%.1f\" stroke=\"#d62728\" "
                    + "stroke-dasharray=\"5,4\"><title>%s</title></line>\n", cx, cx, top, top + plotH,
                    Html.escape(Numbers.change(1 + c.split().forwardChange()) + " at " + c.after().info().shortCommit())));
        }
        StringBuilder line = new StringBuilder();
        for (int k = 0; k < n; k++) {
            TrendPoint p = points.get(k);
            ForkEstimate e = p.estimate();
            double px = x.applyAsDouble(k);
            for (double f : e.forkMediansMillis()) {
                svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2\" fill=\"#7f7f7f\" "
                        + "fill-opacity=\"0.6\"/>", px, y.applyAsDouble(f)));
            }
            if (Double.isFinite(e.lowerMillis()) && Double.isFinite(e.upperMillis())) {
                svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"%.1f\" y2=\"%.1f\" "
                        + "stroke=\"#1f77b4\" stroke-width=\"2\" stroke-opacity=\"0.5\"/>", px, px,
                        y.applyAsDouble(e.lowerMillis()), y.applyAsDouble(e.upperMillis())));
            }
            line.append(k == 0 ? "M" : " L").append(String.format(Locale.ROOT, "%.1f %.1f", px, y.applyAsDouble(e.medianMillis())));
            RunInfo info = p.run().info();
            svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"#1f77b4\"><title>%s"
                    + "</title></circle>\n", px, y.applyAsDouble(e.medianMillis()), Html.escape(info.runId() + " "
                    + info.shortCommit() + (info.branch().isEmpty() ? "" : " (" + info.branch() + ")") + ": median "
                    + Numbers.millis(e.medianMillis()) + " of " + e.forkMediansMillis().length + " fork(s), "
                    + Numbers.millis(e.lowerMillis()) + " .. " + Numbers.millis(e.upperMillis()) + " (" + e.bounds() + ")")));
        }
        svg.append("<path d=\"").append(line).append("\" fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1\"/>\n");
        int every = Math.max(1, n / 12);
        for (int k = 0; k < n; k += every) {
            svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>",
                    x.applyAsDouble(k), top + plotH + 16, Html.escape(points.get(k).run().info().shortCommit()
                            .substring(0, Math.min(7, points.get(k).run().info().shortCommit().length())))));
        }
        svg.append(String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">commit (run order)"
                + "</text>\n", left + plotW / 2, height - 8));
        svg.append("</svg>");
        return svg.toString();
    }

    private static String verdict(BenchmarkComparison b) {
        Interval r = b.ratioInterval();
        return b.verdict().jsonName() + " " + Numbers.change(b.ratio())
                + (r.isDefined() ? " [" + Numbers.change(r.lower()) + ", " + Numbers.change(r.upper()) + "]" : "")
                + " (" + b.unit().jsonName() + "s " + b.nBase() + "|" + b.nNew() + ")";
    }

    private static ObjectNode run(ObjectNode o, StoredRun r) {
        RunInfo i = r.info();
        o.put("run_id", i.runId());
        o.put("started", i.started());
        o.put("commit", i.commit());
        o.put("branch", i.branch());
        if (i.dirty().isPresent()) {
            o.put("dirty", i.dirty().get());
        } else {
            o.putNull("dirty");
        }
        o.put("host", i.host());
        o.put("kbench_version", i.kbenchVersion());
        return o;
    }

    private static ObjectNode series(ObjectNode o, Series s) {
        o.put("benchmark", s.id().benchmark());
        o.put("params", s.id().params());
        o.put("host", s.device().host());
        o.put("backend", s.device().backend());
        o.put("device", s.device().device());
        o.put("device_id", s.device().deviceId());
        return o;
    }

    private static void change(ObjectNode o, ChangePoint c, boolean withSeries) {
        if (withSeries) {
            series(o, c.series());
        }
        o.put("index", c.split().index());
        run(o.putObject("before"), c.before());
        run(o.putObject("after"), c.after());
        o.put("change", c.split().forwardChange());
        o.put("pvalue", c.split().pValue());
        o.put("mean_before_ms", c.split().meanBefore());
        o.put("mean_after_ms", c.split().meanAfter());
        o.put("runs_before", c.segmentBefore().size());
        o.put("runs_after", c.segmentAfter().size());
        o.put("new", !c.acknowledged());
        if (c.report().isPresent()) {
            // compare's own document for the two segments (docs/formats.md §3), written by compare's one writer
            o.set("compare", JsonFields.compare(c.report().get()));
        } else {
            o.putNull("compare");
            o.put("note", c.note());
        }
    }

    private static String write(ObjectNode root) {
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

}

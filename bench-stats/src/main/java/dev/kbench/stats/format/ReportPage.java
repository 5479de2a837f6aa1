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

import dev.kbench.stats.BenchmarkId;
import dev.kbench.stats.CompareReport;
import dev.kbench.stats.SampleSet;
import dev.kbench.stats.Summary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code kbench report}: one self-contained HTML page with a summary table and, per benchmark, an SVG
 * box-and-strip plot of its samples; with a base file, the comparison chart and table first and each
 * plot showing base and new.
 */
public final class ReportPage {

    /**
     * A samples file and what was computed from it.
     *
     * @param label how the page names it, e.g. its path
     * @param samples its samples
     * @param summaries one per benchmark
     */
    public record Input(String label, SampleSet samples, List<Summary> summaries) {
        /** Copies the list. */
        public Input {
            summaries = List.copyOf(summaries);
        }
    }

    private ReportPage() {
    }

    /**
     * The page.
     *
     * @param current the file reported on (the new one when comparing)
     * @param base the base to compare with, if any
     * @param comparison the comparison of base and current, present exactly when {@code base} is
     * @return the HTML document
     */
    public static String html(Input current, Optional<Input> base, Optional<CompareReport> comparison) {
        String title = base.map(b -> "kbench report: " + b.label() + " \u2192 " + current.label())
                .orElse("kbench report: " + current.label());
        StringBuilder body = new StringBuilder();
        body.append(HtmlPage.paragraph(where(current) + base.map(b -> "\nbase: " + where(b)).orElse("")));
        if (comparison.isPresent()) {
            CompareReport report = comparison.get();
            body.append(HtmlPage.heading(2, "Comparison", "comparison"));
            body.append(HtmlPage.paragraph(CompareTable.describe(report, base.orElseThrow().label(), current.label())));
            body.append("<figure>\n").append(ComparisonChart.svg(report)).append("</figure>\n");
            body.append(CompareTable.of(report, true).toHtml());
            String unmatched = CompareTable.unmatched(report);
            if (!unmatched.isEmpty()) {
                body.append(HtmlPage.paragraph(unmatched));
            }
            String caveats = CompareTable.caveats(report);
            if (!caveats.isEmpty()) {
                body.append(HtmlPage.paragraph(caveats));
            }
        }
        body.append(HtmlPage.heading(2, "Summary: " + current.label(), "summary"));
        body.append(SummaryTable.of(current.summaries()).toHtml());
        body.append(HtmlPage.heading(2, "Distributions", "distributions"));
        body.append(HtmlPage.paragraph("Every sample as a dot; the box spans the quartiles with the median as a bar; "
                + "whiskers reach the furthest samples within 1.5 IQR of the box."));
        Map<BenchmarkId, double[]> currentTimes = times(current.samples());
        Map<BenchmarkId, double[]> baseTimes = base.map(b -> times(b.samples())).orElse(Map.of());
        int index = 0;
        for (Map.Entry<BenchmarkId, double[]> e : currentTimes.entrySet()) {
            List<DistributionPlot.Series> series = new ArrayList<>();
            if (baseTimes.containsKey(e.getKey())) {
                series.add(new DistributionPlot.Series("base", baseTimes.get(e.getKey()), DistributionPlot.SECOND));
                series.add(new DistributionPlot.Series("new", e.getValue(), DistributionPlot.FIRST));
            } else {
                series.add(new DistributionPlot.Series(base.isPresent() ? "new" : "samples", e.getValue(),
                        DistributionPlot.FIRST));
            }
            body.append(HtmlPage.heading(3, e.getKey().toString(), "b" + index++));
            body.append("<figure>\n").append(DistributionPlot.svg(e.getKey().toString(), series)).append("</figure>\n");
        }
        return HtmlPage.of(title, body.toString());
    }

    private static String where(Input input) {
        String backends = String.join(", ", input.samples().backends());
        String devices = String.join(", ", input.samples().devices());
        return input.label() + ": " + input.summaries().size() + " benchmarks, " + input.samples().size() + " samples"
                + (backends.isEmpty() ? "" : ", backend " + backends) + (devices.isEmpty() ? "" : ", device " + devices);
    }

    private static Map<BenchmarkId, double[]> times(SampleSet samples) {
        Map<BenchmarkId, double[]> times = new LinkedHashMap<>();
        samples.series().forEach((id, series) -> times.put(id, series.timesMillis()));
        return times;
    }
}

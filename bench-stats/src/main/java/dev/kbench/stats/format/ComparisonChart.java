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

import dev.kbench.stats.BenchmarkComparison;
import dev.kbench.stats.CompareReport;
import java.util.List;
import java.util.Locale;

/**
 * An SVG chart of a comparison: per benchmark, the change of the median in percent as a bar from 0,
 * its bootstrap interval as a whisker, coloured by verdict (red slower, green faster, grey same).
 */
final class ComparisonChart {

    private static final double WIDTH = 760;
    private static final double LEFT = 240;
    private static final double RIGHT = 90;
    private static final double TOP = 34;
    private static final double ROW = 26;
    private static final double BOTTOM = 42;
    /** Changes beyond this many percent are drawn at the edge. */
    private static final double CLAMP = 1000;

    private ComparisonChart() {
    }

    /**
     * The chart.
     *
     * @param report the comparison
     * @return an {@code <svg>} element
     */
    public static String svg(CompareReport report) {
        List<BenchmarkComparison> rows = report.results();
        double height = TOP + ROW * Math.max(rows.size(), 1) + BOTTOM;
        Svg svg = new Svg(WIDTH, height, "change of the median per benchmark, new vs base, in percent");
        double lo = -5;
        double hi = 5;
        for (BenchmarkComparison r : rows) {
            for (double v : new double[] {change(r.ratio()), change(r.ratioInterval().lower()), change(r.ratioInterval().upper())}) {
                if (Double.isFinite(v)) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
        }
        Svg.Scale scale = new Svg.Scale(lo, hi, LEFT, WIDTH - RIGHT);
        svg.text(LEFT, 20, "change of the median, new vs base (" + report.method().jsonName() + ", alpha "
                + Numbers.plain(report.alpha()) + ")", "font-size=\"13\" font-weight=\"bold\" fill=\"#111\"");
        double axisY = TOP + ROW * Math.max(rows.size(), 1) + 4;
        svg.axis(scale, axisY, "% change", TOP);
        svg.line(scale.px(0), TOP - 4, scale.px(0), axisY, "stroke=\"#333\" stroke-width=\"1\"");
        for (int i = 0; i < rows.size(); i++) {
            BenchmarkComparison r = rows.get(i);
            double cy = TOP + ROW * i + ROW / 2;
            String colour = switch (r.verdict()) {
                case SLOWER -> Svg.RED;
                case FASTER -> Svg.GREEN;
                case SAME -> Svg.GREY;
            };
            double change = change(r.ratio());
            svg.group(String.format(Locale.ROOT, "%s: %s -> %s ms, %s, p=%s, %s", r.id(), Numbers.millis(r.centerBaseMillis()),
                    Numbers.millis(r.centerNewMillis()), Numbers.change(r.ratio()), Numbers.pValue(CompareTable.pValue(r)),
                    r.verdict().jsonName()));
            svg.text(LEFT - 10, cy + 4, r.id().toString(), "font-size=\"12\" text-anchor=\"end\" fill=\"#111\"");
            double x0 = scale.px(0);
            double x1 = scale.px(Double.isFinite(change) ? change : CLAMP);
            svg.rect(Math.min(x0, x1), cy - 7, Math.abs(x1 - x0), 14, "fill=\"" + colour + "\" fill-opacity=\"0.8\"");
            if (r.ratioInterval().isDefined()) {
                double a = scale.px(change(r.ratioInterval().lower()));
                double b = scale.px(change(r.ratioInterval().upper()));
                String stroke = "stroke=\"#111\" stroke-width=\"1.2\"";
                svg.line(a, cy, b, cy, stroke);
                svg.line(a, cy - 4, a, cy + 4, stroke);
                svg.line(b, cy - 4, b, cy + 4, stroke);
            }
            svg.text(WIDTH - RIGHT + 8, cy + 4, Numbers.change(r.ratio()) + " " + r.verdict().jsonName(),
                    "font-size=\"11\" fill=\"" + colour + "\"");
            svg.end();
        }
        return svg.toSvg();
    }

    private static double change(double ratio) {
        if (Double.isNaN(ratio)) {
            return Double.NaN;
        }
        return Math.max(-100, Math.min(CLAMP, 100 * (ratio - 1)));
    }
}

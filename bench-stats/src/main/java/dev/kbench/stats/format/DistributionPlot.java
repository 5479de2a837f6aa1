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

import dev.kbench.api.internal.Quantiles;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * An SVG box-and-strip plot of one benchmark's samples, one row per series (e.g. base and new): every
 * sample as a dot (jittered vertically, deterministically), the box from Q1 to Q3 with the median,
 * whiskers to the furthest samples within 1.5 IQR of the box.
 */
final class DistributionPlot {

    /** At most this many dots per series; above, every k-th sample of the sorted values is drawn. */
    static final int MAX_DOTS = 1500;

    private static final double WIDTH = 760;
    private static final double LEFT = 130;
    private static final double RIGHT = 24;
    private static final double TOP = 30;
    private static final double ROW = 48;
    private static final double BOTTOM = 40;

    /**
     * One row of the plot.
     *
     * @param label e.g. {@code base} or {@code new}
     * @param valuesMillis the samples
     * @param colour the dots' and box's colour
     */
    public record Series(String label, double[] valuesMillis, String colour) {
        /** Copies the values. */
        public Series {
            valuesMillis = valuesMillis.clone();
            if (valuesMillis.length == 0) {
                throw new IllegalArgumentException("series '" + label + "' has no values");
            }
        }
    }

    private DistributionPlot() {
    }

    /** The colour of the first series. */
    public static final String FIRST = Svg.BLUE;
    /** The colour of the second series. */
    public static final String SECOND = Svg.ORANGE;

    /**
     * The plot.
     *
     * @param title the benchmark, e.g. {@code gelu[n=1024]}
     * @param series the rows, top to bottom
     * @return an {@code <svg>} element
     */
    public static String svg(String title, List<Series> series) {
        double height = TOP + ROW * series.size() + BOTTOM;
        Svg svg = new Svg(WIDTH, height, "distribution of " + title + " in ms");
        double lo = series.stream().flatMapToDouble(s -> Arrays.stream(s.valuesMillis())).min().orElse(0);
        double hi = series.stream().flatMapToDouble(s -> Arrays.stream(s.valuesMillis())).max().orElse(1);
        Svg.Scale scale = new Svg.Scale(lo, hi, LEFT, WIDTH - RIGHT);
        svg.text(LEFT, 18, title, "font-size=\"13\" font-weight=\"bold\" fill=\"#111\"");
        double axisY = TOP + ROW * series.size() + 6;
        svg.axis(scale, axisY, "ms", TOP);
        for (int i = 0; i < series.size(); i++) {
            row(svg, scale, series.get(i), TOP + ROW * i + ROW / 2);
        }
        return svg.toSvg();
    }

    private static void row(Svg svg, Svg.Scale scale, Series s, double cy) {
        double[] sorted = s.valuesMillis().clone();
        Arrays.sort(sorted);
        double q1 = Quantiles.ofSorted(sorted, 0.25);
        double median = Quantiles.ofSorted(sorted, 0.5);
        double q3 = Quantiles.ofSorted(sorted, 0.75);
        double iqr = q3 - q1;
        double lowWhisker = sorted[0];
        double highWhisker = sorted[sorted.length - 1];
        for (double v : sorted) {
            if (v >= q1 - 1.5 * iqr) {
                lowWhisker = v;
                break;
            }
        }
        for (int i = sorted.length - 1; i >= 0; i--) {
            if (sorted[i] <= q3 + 1.5 * iqr) {
                highWhisker = sorted[i];
                break;
            }
        }
        svg.text(LEFT - 10, cy - 2, s.label(), "font-size=\"12\" text-anchor=\"end\" fill=\"#111\"");
        svg.text(LEFT - 10, cy + 12, "n=" + sorted.length, "font-size=\"10\" text-anchor=\"end\" fill=\"#666\"");
        int stride = Math.max(1, (sorted.length + MAX_DOTS - 1) / MAX_DOTS);
        String dot = "fill=\"" + s.colour() + "\" fill-opacity=\"0.35\"";
        for (int i = 0; i < sorted.length; i += stride) {
            double jitter = ((i * 0.6180339887498949) % 1.0 - 0.5) * 26;
            svg.circle(scale.px(sorted[i]), cy + jitter, 2.2, dot);
        }
        String stroke = "stroke=\"" + s.colour() + "\" stroke-width=\"1.5\"";
        svg.group(String.format(Locale.ROOT, "%s: median %s ms, IQR %s..%s ms, whiskers %s..%s ms, n=%d", s.label(),
                Numbers.millis(median), Numbers.millis(q1), Numbers.millis(q3), Numbers.millis(lowWhisker),
                Numbers.millis(highWhisker), sorted.length));
        svg.line(scale.px(lowWhisker), cy, scale.px(q1), cy, stroke);
        svg.line(scale.px(q3), cy, scale.px(highWhisker), cy, stroke);
        svg.line(scale.px(lowWhisker), cy - 6, scale.px(lowWhisker), cy + 6, stroke);
        svg.line(scale.px(highWhisker), cy - 6, scale.px(highWhisker), cy + 6, stroke);
        svg.rect(scale.px(q1), cy - 11, scale.px(q3) - scale.px(q1), 22,
                "fill=\"" + s.colour() + "\" fill-opacity=\"0.15\" " + stroke);
        svg.line(scale.px(median), cy - 11, scale.px(median), cy + 11, "stroke=\"#111\" stroke-width=\"2.5\"");
        svg.end();
    }
}

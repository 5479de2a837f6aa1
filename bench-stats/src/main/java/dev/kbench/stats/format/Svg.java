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

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A small SVG writer: shapes, text and a linear axis with round ticks. Not thread-safe. */
final class Svg {

    /** Verdict and series colours (colour-blind safe, from Tableau 10). */
    static final String RED = "#d62728";
    static final String GREEN = "#2ca02c";
    static final String GREY = "#7f7f7f";
    static final String BLUE = "#1f77b4";
    static final String ORANGE = "#ff7f0e";

    private final StringBuilder body = new StringBuilder();
    private final double width;
    private final double height;
    private final String label;

    Svg(double width, double height, String label) {
        this.width = width;
        this.height = height;
        this.label = label;
    }

    static String n(double value) {
        if (!Double.isFinite(value)) {
            return "0";
        }
        String text = String.format(Locale.ROOT, "%.2f", value);
        text = text.contains(".") ? text.replaceAll("0+$", "").replaceAll("\\.$", "") : text;
        return text.equals("-0") ? "0" : text;
    }

    Svg rect(double x, double y, double w, double h, String style) {
        body.append("<rect x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" width=\"").append(n(Math.max(w, 0)))
                .append("\" height=\"").append(n(Math.max(h, 0))).append("\" ").append(style).append("/>\n");
        return this;
    }

    Svg line(double x1, double y1, double x2, double y2, String style) {
        body.append("<line x1=\"").append(n(x1)).append("\" y1=\"").append(n(y1)).append("\" x2=\"").append(n(x2))
                .append("\" y2=\"").append(n(y2)).append("\" ").append(style).append("/>\n");
        return this;
    }

    Svg circle(double cx, double cy, double r, String style) {
        body.append("<circle cx=\"").append(n(cx)).append("\" cy=\"").append(n(cy)).append("\" r=\"").append(n(r))
                .append("\" ").append(style).append("/>\n");
        return this;
    }

    Svg text(double x, double y, String text, String style) {
        body.append("<text x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" ").append(style).append('>')
                .append(Html.escape(text)).append("</text>\n");
        return this;
    }

    /** Opens a group with a tooltip. */
    Svg group(String tooltip) {
        body.append("<g><title>").append(Html.escape(tooltip)).append("</title>\n");
        return this;
    }

    Svg end() {
        body.append("</g>\n");
        return this;
    }

    /**
     * A horizontal axis at {@code y} with tick marks, labels and a unit.
     *
     * @param scale the scale
     * @param y the axis line's position
     * @param unit e.g. {@code ms}
     * @param gridTop where vertical grid lines start, or NaN for none
     */
    Svg axis(Scale scale, double y, String unit, double gridTop) {
        line(scale.pxMin, y, scale.pxMax, y, "stroke=\"#333\" stroke-width=\"1\"");
        for (double tick : scale.ticks()) {
            double x = scale.px(tick);
            if (!Double.isNaN(gridTop)) {
                line(x, gridTop, x, y, "stroke=\"#e5e5e5\" stroke-width=\"1\"");
            }
            line(x, y, x, y + 4, "stroke=\"#333\" stroke-width=\"1\"");
            text(x, y + 16, Scale.label(tick), "font-size=\"11\" text-anchor=\"middle\" fill=\"#333\"");
        }
        text(scale.pxMax, y + 30, unit, "font-size=\"11\" text-anchor=\"end\" fill=\"#333\"");
        return this;
    }

    /**
     * The document.
     *
     * @return a standalone {@code <svg>} element with its namespace, usable inline in HTML
     */
    String toSvg() {
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + n(width) + "\" height=\"" + n(height)
                + "\" viewBox=\"0 0 " + n(width) + " " + n(height) + "\" role=\"img\" aria-label=\"" + Html.escape(label)
                + "\" font-family=\"sans-serif\">\n<title>" + Html.escape(label) + "</title>\n" + body + "</svg>\n";
    }

    /** A linear map from data to pixels, with round ticks. */
    static final class Scale {
        final double min;
        final double max;
        final double pxMin;
        final double pxMax;

        /**
         * A scale over [lo, hi] widened to round ticks; a zero-width range is widened by 1% (or 1e-6).
         */
        Scale(double lo, double hi, double pxMin, double pxMax) {
            if (!(hi > lo)) {
                double pad = lo == 0 ? 1e-6 : Math.abs(lo) * 0.01;
                lo -= pad;
                hi += pad;
            }
            double step = step(lo, hi);
            this.min = Math.floor(lo / step) * step;
            this.max = Math.ceil(hi / step) * step;
            this.pxMin = pxMin;
            this.pxMax = pxMax;
        }

        double px(double value) {
            double v = Math.max(min, Math.min(max, value));
            return pxMin + (v - min) / (max - min) * (pxMax - pxMin);
        }

        List<Double> ticks() {
            double step = step(min, max);
            List<Double> ticks = new ArrayList<>();
            for (long i = Math.round(min / step); i * step <= max + step * 1e-9 && ticks.size() < 50; i++) {
                ticks.add(i * step);
            }
            return ticks;
        }

        /** A step of 1, 2 or 5 times a power of ten giving 4 to 10 ticks. */
        static double step(double lo, double hi) {
            double raw = (hi - lo) / 6;
            double power = Math.pow(10, Math.floor(Math.log10(raw)));
            double fraction = raw / power;
            double nice = fraction < 1.5 ? 1 : fraction < 3.5 ? 2 : fraction < 7.5 ? 5 : 10;
            return nice * power;
        }

        static String label(double value) {
            if (Math.abs(value) < 1e-15) {
                return "0";
            }
            return new BigDecimal(value).round(new java.math.MathContext(6)).stripTrailingZeros().toPlainString();
        }
    }
}

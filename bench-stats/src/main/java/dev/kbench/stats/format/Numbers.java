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
import java.math.MathContext;
import java.util.Locale;

/** How numbers are written for people: {@link Locale#ROOT}, significant digits, no exponents. */
public final class Numbers {

    private Numbers() {
    }

    /**
     * A time in milliseconds with 4 significant digits, e.g. {@code 0.005213} or {@code 12.34}.
     *
     * @param ms the value
     * @return the text; {@code -} for NaN
     */
    public static String millis(double ms) {
        return significant(ms, 4);
    }

    /**
     * A value with {@code digits} significant digits, without an exponent.
     *
     * @param value the value
     * @param digits significant digits
     * @return the text; {@code -} for NaN, {@code inf} for infinities
     */
    public static String significant(double value, int digits) {
        if (Double.isNaN(value)) {
            return "-";
        }
        if (Double.isInfinite(value)) {
            return value > 0 ? "inf" : "-inf";
        }
        if (value == 0) {
            return "0";
        }
        BigDecimal rounded = new BigDecimal(value).round(new MathContext(digits));
        String text = rounded.toPlainString();
        return text.contains(".") && rounded.scale() > 0 ? text : rounded.setScale(0, java.math.RoundingMode.HALF_EVEN).toPlainString();
    }

    /**
     * A decimal as short as it can be written exactly, e.g. {@code 0.001} (for settings such as alpha).
     *
     * @param value the value
     * @return the text
     */
    public static String plain(double value) {
        return Double.isFinite(value) ? BigDecimal.valueOf(value).stripTrailingZeros().toPlainString() : "-";
    }

    /**
     * A fixed number of decimals.
     *
     * @param value the value
     * @param decimals decimals
     * @return the text
     */
    public static String fixed(double value, int decimals) {
        return Double.isNaN(value) ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    /**
     * A relative change as a signed percentage, e.g. {@code +2.0%}.
     *
     * @param ratio new / base
     * @return the text
     */
    public static String change(double ratio) {
        if (Double.isNaN(ratio)) {
            return "-";
        }
        if (Double.isInfinite(ratio)) {
            return "+inf%";
        }
        return String.format(Locale.ROOT, "%+.1f%%", 100 * (ratio - 1));
    }

    /**
     * A p-value: 3 significant digits, or {@code <1e-12} style for tiny ones.
     *
     * @param p the p-value
     * @return the text
     */
    public static String pValue(double p) {
        if (Double.isNaN(p)) {
            return "-";
        }
        if (p < 1e-4 && p > 0) {
            return String.format(Locale.ROOT, "%.1e", p);
        }
        return significant(p, 3);
    }

    /**
     * A probability as a column label, e.g. {@code 0.2 -> p20}, {@code 0.999 -> p99.9}.
     *
     * @param q the probability
     * @return the label
     */
    public static String percentile(double q) {
        return "p" + new BigDecimal(Double.toString(100 * q)).round(new MathContext(10)).stripTrailingZeros().toPlainString();
    }
}

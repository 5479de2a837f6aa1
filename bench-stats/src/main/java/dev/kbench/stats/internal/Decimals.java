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
package dev.kbench.stats.internal;

import java.math.BigDecimal;
import java.util.regex.Pattern;

/**
 * Locale-independent decimal text: strict parsing and shortest round-trip formatting, shared by the
 * statistics (notes, percentile labels) and the samples file's reader and writer. Internal to bench-stats:
 * this package is not exported.
 */
public final class Decimals {

    /** A plain or scientific decimal; no hexadecimal, no {@code NaN}, no type suffix, no blanks. */
    public static final Pattern DECIMAL = Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?");
    /** A non-negative integer. */
    public static final Pattern INTEGER = Pattern.compile("\\+?\\d+");

    private Decimals() {
    }

    /**
     * The shortest decimal that parses back to {@code value}, without an exponent: the digits of
     * {@link Double#toString(double)} (shortest since JDK 19) laid out in plain notation, trailing
     * zeros dropped: {@code 0.0001}, {@code 1}, {@code 2.5}, {@code 12345678}.
     *
     * @param value a finite value
     * @return its text
     */
    public static String plain(double value) {
        if (value == 0) {
            return "0";
        }
        String text = Double.toString(value);
        if (text.indexOf('E') >= 0 || !Double.isFinite(value)) {
            // 1e-3 > |value| or |value| >= 1e7: Double.toString used an exponent; NaN and infinities throw here
            return new BigDecimal(text).stripTrailingZeros().toPlainString();
        }
        // plain already ("0.00725", "120.0"): drop the trailing zeros of the fraction, and the point with them
        int end = text.length();
        while (text.charAt(end - 1) == '0') {
            end--;
        }
        return text.substring(0, text.charAt(end - 1) == '.' ? end - 1 : end);
    }

    /**
     * Parses a decimal strictly.
     *
     * @param text the text
     * @return the value, or NaN if {@code text} is not a decimal
     */
    public static double parse(String text) {
        return DECIMAL.matcher(text).matches() ? Double.parseDouble(text) : Double.NaN;
    }
}

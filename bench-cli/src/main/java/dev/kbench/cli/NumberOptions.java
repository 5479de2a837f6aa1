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

import java.math.BigDecimal;
import picocli.CommandLine;
import picocli.CommandLine.TypeConversionException;

/**
 * The conversion of numeric option values, saying what is wrong in the user's terms: picocli's own say
 * {@code '1.5' is not an int} and {@code '99999999999999999999' is not an int} alike; these say {@code is not a
 * whole number} and {@code is too large: at most 2147483647}. Each option's own range is checked after.
 */
final class NumberOptions {

    private NumberOptions() {
    }

    /**
     * Registers the converters of {@code int}, {@code long} and {@code double} values with a command line and its
     * subcommands.
     *
     * @param cli the command line, its subcommands added
     */
    static void register(CommandLine cli) {
        CommandLine.ITypeConverter<Integer> ints = text -> (int) whole(text, Integer.MIN_VALUE, Integer.MAX_VALUE);
        CommandLine.ITypeConverter<Long> longs = text -> whole(text, Long.MIN_VALUE, Long.MAX_VALUE);
        CommandLine.ITypeConverter<Double> doubles = NumberOptions::decimal;
        cli.registerConverter(Integer.class, ints);
        cli.registerConverter(int.class, ints);
        cli.registerConverter(Long.class, longs);
        cli.registerConverter(long.class, longs);
        cli.registerConverter(Double.class, doubles);
        cli.registerConverter(double.class, doubles);
    }

    /**
     * A whole number within a type's range.
     *
     * @param text the value as given
     * @param least the type's least value
     * @param most the type's greatest value
     * @return the value
     * @throws TypeConversionException saying whether it is no number, no whole number, or out of the type's range
     */
    static long whole(String text, long least, long most) {
        BigDecimal value = number(text);
        if (value.stripTrailingZeros().scale() > 0) {
            throw new TypeConversionException("'" + text + "' is not a whole number");
        }
        if (value.compareTo(BigDecimal.valueOf(most)) > 0) {
            throw new TypeConversionException("'" + text + "' is too large: at most " + most);
        }
        if (value.compareTo(BigDecimal.valueOf(least)) < 0) {
            throw new TypeConversionException("'" + text + "' is too small: at least " + least);
        }
        return value.longValueExact();
    }

    private static double decimal(String text) {
        double value = number(text).doubleValue();
        if (Double.isInfinite(value)) {
            throw new TypeConversionException("'" + text + "' is too large");
        }
        return value;
    }

    /** A decimal number as written in options: digits, a '.' point, an exponent; no NaN, no hex, no spaces. */
    private static BigDecimal number(String text) {
        if (!text.matches("[+-]?([0-9]+\\.?[0-9]*|\\.[0-9]+)([eE][+-]?[0-9]+)?")) {
            throw new TypeConversionException("'" + text + "' is not a number");
        }
        try {
            return new BigDecimal(text);
        } catch (NumberFormatException | ArithmeticException e) {
            throw new TypeConversionException("'" + text + "' is not a number");
        }
    }
}

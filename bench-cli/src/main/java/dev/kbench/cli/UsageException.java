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

import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The command line was used wrongly: an option's value is out of range or malformed, options that
 * exclude each other were given together, a needed option is missing. The message names the option
 * and the value; the command ends with exit status 2 and a pointer to {@code --help}, before anything is
 * measured or written.
 */
public final class UsageException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * A usage error.
     *
     * @param message the option, its value and what is wrong with it
     */
    public UsageException(String message) {
        super(message);
    }

    /**
     * A usage error found by another check.
     *
     * @param message the option, its value and what is wrong with it
     * @param cause the check's error
     */
    public UsageException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * Refuses a count or a time below its least value, naming the option and the value given.
     *
     * @param option the option, e.g. {@code --warmup-forks}
     * @param value its value
     * @param least the least it may be
     * @throws UsageException {@code --warmup-forks -1: use 0 or more} if {@code value < least}
     */
    static void atLeast(String option, long value, long least) {
        if (value < least) {
            throw new UsageException(option + " " + value + ": use " + least + " or more");
        }
    }

    /**
     * Refuses a count out of its range, naming the option and the value given.
     *
     * @param option the option, e.g. {@code --forks}
     * @param value its value
     * @param least the least it may be
     * @param most the most it may be
     * @throws UsageException {@code --forks 20000: use 1 to 10000} if the value is out of range
     */
    static void between(String option, long value, long least, long most) {
        between(option, value, least, most, "");
    }

    /**
     * Refuses a count out of its range, as {@link #between(String, long, long, long)} does, saying what it counts.
     *
     * @param option the option, e.g. {@code --max-forks}
     * @param value its value
     * @param least the least it may be
     * @param most the most it may be
     * @param per what the range is of, after it, e.g. {@code " per side"}; empty for nothing
     * @throws UsageException naming the option, the value and the range
     */
    static void between(String option, long value, long least, long most, String per) {
        if (value < least || value > most) {
            throw new UsageException(option + " " + value + ": use " + least + " to " + most + per);
        }
    }

    /**
     * Hands an option's value to a library check, which says what is wrong with an
     * {@link IllegalArgumentException}, and reports that as a usage error naming the option.
     *
     * @param <T> the checked value's type
     * @param option the option, e.g. {@code --alpha}
     * @param check builds the checked value
     * @return the value
     * @throws UsageException naming the option with the check's message
     */
    static <T> T option(String option, Supplier<T> check) {
        return option(option, ignored -> check.get(), null);
    }

    /**
     * Hands an option's value to a library check, as {@link #option(String, Supplier)} does.
     *
     * @param <V> the value's type
     * @param <T> the checked value's type
     * @param option the option, e.g. {@code --window}
     * @param check builds the checked value from the option's value
     * @param value the option's value
     * @return the checked value
     * @throws UsageException naming the option with the check's message
     */
    static <V, T> T option(String option, Function<V, T> check, V value) {
        try {
            return check.apply(value);
        } catch (IllegalArgumentException e) {
            String message = e.getMessage() == null ? e.toString() : e.getMessage();
            throw new UsageException(message.startsWith(option) ? message : option + ": " + message, e);
        }
    }
}

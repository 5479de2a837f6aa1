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
package dev.kbench.api;

/**
 * An input cannot be used: a samples file, kernel file or database that is missing, unreadable or
 * malformed, or whose contents contradict what was asked of them (two files measured on different
 * devices, a benchmark with too few forks for the test asked for). The message names the input and the
 * bad value. The command line reports it as bad input (exit status 2).
 */
public class InputException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * Bad input without an underlying exception.
     *
     * @param message the input, what is wrong with it and the next step
     */
    public InputException(String message) {
        super(message);
    }

    /**
     * Bad input with the exception that revealed it.
     *
     * @param message the input, what is wrong with it and the next step
     * @param cause the underlying error, or {@code null}
     */
    public InputException(String message, Throwable cause) {
        super(message, cause);
    }
}

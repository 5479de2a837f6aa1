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

/**
 * The CLI's exit statuses (docs/formats.md lists them), as JBang names them.
 *
 * <ul>
 *   <li>0 {@link #OK}: success; {@code compare}: no benchmark failed the {@code --fail-on} rule.</li>
 *   <li>1 {@link #REGRESSION} / {@link #FAILURE}: {@code compare} found what {@code --fail-on} fails on;
 *       {@code run}: a benchmark failed (setup, check or kernel error), nothing was measured, or an
 *       unexpected error (out of memory included).</li>
 *   <li>2 {@link #INVALID_INPUT}: bad input or usage (one line and a hint on stderr).</li>
 *   <li>3 {@link #NO_DRIVER}: no single backend could be chosen.</li>
 *   <li>4 {@link #TIMEOUT}: the {@code --timeout} watchdog stopped a run; the samples measured are kept.</li>
 *   <li>5 {@link #WRITE_FAILED}: an output could not be written (a full disk, a closed standard output).</li>
 * </ul>
 */
final class ExitCodes {
    /** Success; for compare: no regression. */
    static final int OK = 0;
    /**
     * compare: a significant regression (or any change with {@code --fail-on any}, or a verdict not settled with
     * {@code --fail-on unsettled}).
     */
    static final int REGRESSION = 1;
    /** A benchmark or the device failed, or an unexpected error. */
    static final int FAILURE = 1;
    /** Bad input or usage: one line and a hint on stderr. */
    static final int INVALID_INPUT = 2;
    /** No single backend could be chosen. */
    static final int NO_DRIVER = 3;
    /** The {@code --timeout} watchdog stopped a run. */
    static final int TIMEOUT = 4;
    /** An output could not be written. */
    static final int WRITE_FAILED = 5;

    private ExitCodes() {
    }
}

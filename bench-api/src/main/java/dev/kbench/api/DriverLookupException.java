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
 * No single driver could be chosen: none or several are active, or an explicit choice names an
 * unknown or inactive driver. The first line of the message is Triton's, e.g.
 * {@code 0 active drivers ([]). There should only be one.}; following lines name every discovered
 * driver with its state, and the last line says how a library caller chooses one ({@link #diagnosis()}
 * is the message without that line, for front ends that give their own hint).
 */
public class DriverLookupException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /** The message without the hint on how to choose. */
    private final String diagnosis;

    /**
     * Creates the exception.
     *
     * @param message the full, multi-line message
     */
    public DriverLookupException(String message) {
        super(message);
        this.diagnosis = message;
    }

    /**
     * Creates the exception from what went wrong and how to choose a driver.
     *
     * @param diagnosis the first line and the state of every driver, without a trailing newline
     * @param hint how to choose a driver, one line
     */
    public DriverLookupException(String diagnosis, String hint) {
        super(diagnosis + "\n" + hint);
        this.diagnosis = diagnosis;
    }

    /**
     * What went wrong: Triton's first line and one line per discovered driver, without the hint on how
     * to choose one, so that a command line can add its own (its option, its {@code info} command).
     *
     * @return the message less its last line when created with a hint, else the whole message
     */
    public String diagnosis() {
        return diagnosis;
    }
}

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
 * A kernel could not be built, found or launched. The message names the kernel or source, the
 * backend's error, and the build log where there is one.
 */
public class KernelException extends DeviceException {

    private static final long serialVersionUID = 1L;

    /** The compiler or JIT log, empty if none. */
    private final String buildLog;

    /**
     * An error without a build log.
     *
     * @param message what failed and the next step
     */
    public KernelException(String message) {
        this(message, "", null);
    }

    /**
     * An error with a build log and a cause.
     *
     * @param message what failed and the next step
     * @param buildLog the compiler log, empty if none
     * @param cause the underlying error, or {@code null}
     */
    public KernelException(String message, String buildLog, Throwable cause) {
        super(buildLog.isBlank() ? message : message + "\n--- build log ---\n" + buildLog.strip(), cause);
        this.buildLog = buildLog;
    }

    /**
     * The compiler or JIT log.
     *
     * @return the log, empty if none
     */
    public String buildLog() {
        return buildLog;
    }
}

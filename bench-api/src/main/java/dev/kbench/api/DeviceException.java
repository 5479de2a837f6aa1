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
 * A device, its driver or a kernel failed: a driver call returned an error, a kernel could not be
 * built or launched, the device ran out of memory. The message names the call or kernel, the
 * backend's error and, where there is one, the next step. The command line reports it as a failure
 * of the run (exit status 1), never as a usage error.
 */
public class DeviceException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * A failure without an underlying exception.
     *
     * @param message what failed, the backend's error and the next step
     */
    public DeviceException(String message) {
        super(message);
    }

    /**
     * A failure with the exception that caused it.
     *
     * @param message what failed, the backend's error and the next step
     * @param cause the underlying error, or {@code null}
     */
    public DeviceException(String message, Throwable cause) {
        super(message, cause);
    }
}

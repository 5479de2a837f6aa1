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
package dev.kbench.opencl;

import dev.kbench.api.DeviceException;
import org.jocl.CL;

/**
 * An OpenCL call failed. The message names the call, the CL error's name and number, and what was being
 * done. Unchecked, a {@link DeviceException}: the device is in a state the caller cannot fix
 * by retrying the same call.
 */
final class OpenClException extends DeviceException {

    private static final long serialVersionUID = 1L;

    /** The CL status code, e.g. {@code -5} for {@code CL_OUT_OF_RESOURCES}. */
    private final int status;

    /**
     * An error of a call.
     *
     * @param call the OpenCL function, with the arguments that matter, e.g. {@code clCreateBuffer(268435456 bytes)}
     * @param status the status it returned
     * @param context what kbench was doing and the next step, or empty
     */
    OpenClException(String call, int status, String context) {
        super(call + " failed: " + errorName(status) + (context.isEmpty() ? "" : "; " + context));
        this.status = status;
    }

    /**
     * The status the call returned.
     *
     * @return a negative CL status code
     */
    int status() {
        return status;
    }

    /**
     * A CL status as {@code NAME (number)}, e.g. {@code CL_INVALID_VALUE (-30)}.
     *
     * @param status the status code
     * @return the name and the number
     */
    static String errorName(int status) {
        String name;
        try {
            name = CL.stringFor_errorCode(status);
        } catch (RuntimeException e) {
            name = "CL error";
        }
        return name + " (" + status + ")";
    }
}

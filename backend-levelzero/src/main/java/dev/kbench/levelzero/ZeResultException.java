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
package dev.kbench.levelzero;

import dev.kbench.api.DeviceException;

/** A Level Zero call returned an error; the message names the call and the result code. */
final class ZeResultException extends DeviceException {

    private static final long serialVersionUID = 1L;

    /** The {@code ze_result_t}. */
    private final int result;

    ZeResultException(String call, int result) {
        super(call + " returned " + Ze.describe(result));
        this.result = result;
    }

    /**
     * The result code.
     *
     * @return the {@code ze_result_t} value
     */
    int result() {
        return result;
    }
}

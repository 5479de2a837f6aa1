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
 * An output could not be written: a full disk, a size limit, a failing standard output, a directory
 * that cannot be written. The message names the file (or standard output) and the reason. The command
 * line reports it with exit status 5.
 */
public class OutputException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /**
     * A failed write.
     *
     * @param message the file, the reason and what was kept
     * @param cause the underlying error, or {@code null}
     */
    public OutputException(String message, Throwable cause) {
        super(message, cause);
    }
}

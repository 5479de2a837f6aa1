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
package dev.kbench.stats.io;

/**
 * How {@link SamplesCsvWriter#open(java.nio.file.Path, WriteMode)} treats a file that may already exist.
 * A path that is not a regular file (a device such as {@code /dev/null}, a FIFO) is written to as a
 * stream in every mode: never created, truncated, replaced or locked.
 */
public enum WriteMode {
    /** The file must not exist yet; it is created with the header. An existing file is an error. */
    CREATE_NEW,
    /**
     * Append to the file: create it with the header if it is missing or empty, else check that its header
     * is the one the writer writes and that its last line is complete.
     */
    APPEND,
    /**
     * Replace the file: only when the first rows are appended, by a file holding the header and those rows,
     * written beside it and renamed over it, so a run that measures nothing, or cannot write its first rows
     * (a full disk), leaves an existing file as it was.
     */
    REPLACE
}

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

/** The order in which a {@link Suite} measures its benchmarks' repetitions. */
public enum Schedule {
    /**
     * Every round visits all unfinished benchmarks in a fresh random order from the seeded generator
     * (A-C-B, B-A-C, ...), so slow drifts of the machine spread over all benchmarks alike.
     */
    INTERLEAVED,
    /** All repetitions of one benchmark, then the next (A-A-A, B-B-B): for comparison only. */
    SEQUENTIAL
}

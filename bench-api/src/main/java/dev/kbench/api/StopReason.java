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

/** Why a benchmark of a {@link Suite} stopped getting repetitions. */
public enum StopReason {
    /** It reached the fixed number of repetitions. */
    REPETITIONS,
    /** The median's relative confidence half-width reached the noise target. */
    NOISE_TARGET,
    /** Its time budget ran out before the noise target was reached. */
    TIME_BUDGET,
    /** It reached the most repetitions allowed before the noise target was reached. */
    MAX_REPETITIONS,
    /** Its setup, check or a measurement failed; see the outcome's error. */
    FAILED,
    /** Its combination was skipped. */
    SKIPPED
}

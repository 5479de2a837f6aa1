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

/** The summary {@link Bench#doBench} returns when no quantiles are asked for (Triton's {@code return_mode}). */
public enum ReturnMode {
    /** The smallest sample. */
    MIN,
    /** The largest sample. */
    MAX,
    /** The arithmetic mean (Triton's default). */
    MEAN,
    /** The median (NumPy's linear quantile at 0.5). */
    MEDIAN,
    /** No single value: use {@link BenchResult#timesMillis()}. */
    ALL
}

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
/**
 * Summaries and significance tests of benchmark samples, on lists of {@link dev.kbench.api.SampleRecord}s or on a
 * {@link dev.kbench.stats.SampleSet}. No file is read or written here: {@link dev.kbench.stats.io} (the samples
 * CSV, the summary and comparison JSON) and {@link dev.kbench.stats.format} (a run's and a comparison's reports)
 * depend on this package, never the reverse.
 */
package dev.kbench.stats;

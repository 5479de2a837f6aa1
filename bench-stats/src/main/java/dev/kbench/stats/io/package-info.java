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
 * The files and reports of the statistics: the samples CSV ({@link dev.kbench.stats.io.SamplesCsv} reads it,
 * {@link dev.kbench.stats.io.SamplesCsvWriter} writes it, {@link dev.kbench.stats.io.SamplesMerge} merges
 * files) and the JSON of summaries and comparisons ({@link dev.kbench.stats.io.StatsJson}); docs/formats.md
 * §2-§4. This package depends on {@link dev.kbench.stats} (it reads into a
 * {@link dev.kbench.stats.SampleSet} and writes {@link dev.kbench.stats.Summary} and
 * {@link dev.kbench.stats.CompareReport}); the statistics never depend on it.
 */
package dev.kbench.stats.io;

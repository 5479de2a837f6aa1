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
 * The formats of a run and of a comparison, for library users and the {@code kbench} command alike
 * (docs/formats.md): build a {@link dev.kbench.stats.format.RunReport} from a suite's result and write it
 * with a {@link dev.kbench.stats.format.RunFormat} (aligned table, Markdown, CSV, run JSON) or as files with
 * {@link dev.kbench.stats.format.RunFiles} (run JSON and JMH JSON); {@link dev.kbench.stats.format.ReportPage}
 * draws the HTML report; {@link dev.kbench.stats.format.CompareExport} writes a comparison.
 */
package dev.kbench.stats.format;

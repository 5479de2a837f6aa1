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
 * kbench's statistics: robust summaries and SciPy-exact comparisons of benchmark samples, and the
 * samples CSV and JSON report formats (docs/formats.md §2-§4). {@link dev.kbench.stats}: the statistics, entry points
 * {@link dev.kbench.stats.Compare} and {@link dev.kbench.stats.Summarizer}. {@link dev.kbench.stats.io}: the files,
 * {@link dev.kbench.stats.io.SamplesCsv}, {@link dev.kbench.stats.io.SamplesCsvWriter} and
 * {@link dev.kbench.stats.io.StatsJson}. (Forks, the suite measured in several fresh JVMs, are the module
 * dev.kbench.forks.) {@link dev.kbench.stats.format}: a run's and a comparison's formats (the run
 * table, CSV and JSON with {@link dev.kbench.stats.format.RunFormat}, the run and JMH JSON files with
 * {@link dev.kbench.stats.format.RunFiles}, the HTML report with {@link dev.kbench.stats.format.ReportPage},
 * the comparison exports with {@link dev.kbench.stats.format.CompareExport}).
 */
@SuppressWarnings("module") // the qualified export names a module built after this one
module dev.kbench.stats {
    requires transitive dev.kbench.api;
    requires org.apache.commons.statistics.descriptive;
    requires org.apache.commons.statistics.distribution;
    requires org.apache.commons.statistics.ranking;
    requires org.apache.commons.numbers.combinatorics;
    requires org.apache.commons.numbers.gamma;
    requires org.apache.commons.rng.api;
    requires org.apache.commons.rng.sampling;
    requires org.apache.commons.csv;
    requires com.fasterxml.jackson.databind;

    exports dev.kbench.stats;
    exports dev.kbench.stats.io;
    exports dev.kbench.stats.format;
    // the JSON fields shared by kbench's formats, for the history's formats too; not a public API
    exports dev.kbench.stats.json to dev.kbench.history;
}

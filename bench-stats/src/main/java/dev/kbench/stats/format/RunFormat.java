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
package dev.kbench.stats.format;

import java.io.PrintWriter;

/** The formats {@code run --format} writes a run's results in. */
public enum RunFormat {
    /** An aligned plain-text table (coloured on a terminal). */
    TABLE,
    /** A GitHub Markdown table. */
    MD,
    /** One CSV row per benchmark and combination (summaries, not samples: see --csv-samples). */
    CSV,
    /** kbench's run JSON, with every sample. */
    JSON;

    /**
     * Writes a report in this format.
     *
     * @param report the run
     * @param out where to write
     * @param colours whether ANSI colours may be used (tables only)
     */
    public void write(RunReport report, PrintWriter out, boolean colours) {
        switch (this) {
            case TABLE -> out.print(RunTable.header(report) + RunTable.of(report).toText(colours));
            case MD -> out.print(RunTable.markdownHeader(report) + RunTable.of(report).toMarkdown());
            case CSV -> RunCsv.write(report, out);
            case JSON -> out.println(RunJson.write(report));
        }
        out.flush();
    }
}

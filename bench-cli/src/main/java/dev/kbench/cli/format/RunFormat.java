package dev.kbench.cli.format;

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

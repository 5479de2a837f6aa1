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

import dev.kbench.stats.CompareReport;
import java.util.Locale;

/**
 * {@code compare --export-to FILE}: the comparison as plain text ({@code .txt}), Markdown ({@code .md}),
 * a self-contained HTML page ({@code .html}) or an SVG chart ({@code .svg}), chosen by the extension.
 */
public enum CompareExport {
    /** The plain-text table. */
    TXT,
    /** A Markdown table. */
    MD,
    /** A page with the table and the chart. */
    HTML,
    /** The chart of changes with their intervals, coloured by verdict. */
    SVG;

    /**
     * The export for a file name.
     *
     * @param fileName the file's name or path (the extension is the last name's)
     * @return the export
     * @throws IllegalArgumentException if the extension is not .txt, .md, .html or .svg
     */
    public static CompareExport forFile(String fileName) {
        String lower = fileName.toLowerCase(Locale.ROOT);
        int dot = lower.lastIndexOf('.');
        String ext = dot < 0 ? "" : lower.substring(dot + 1);
        return switch (ext) {
            case "txt" -> TXT;
            case "md", "markdown" -> MD;
            case "html", "htm" -> HTML;
            case "svg" -> SVG;
            default -> throw new IllegalArgumentException("--export-to '" + fileName
                    + "': cannot tell the format from the extension; use .txt, .md, .html or .svg");
        };
    }

    /**
     * The document.
     *
     * @param report the comparison
     * @param title the header line, from {@link CompareTable#describe}
     * @param alwaysShowPValues show every row's p-value
     * @return the text
     */
    public String render(CompareReport report, String title, boolean alwaysShowPValues) {
        TextTable table = CompareTable.of(report, alwaysShowPValues);
        String unmatched = CompareTable.unmatched(report) + CompareTable.caveats(report);
        return switch (this) {
            case TXT -> title + "\n\n" + table.toText(false) + (unmatched.isEmpty() ? "" : "\n" + unmatched);
            case MD -> "**" + title.replace("*", "\\*") + "**\n\n" + table.toMarkdown()
                    + (unmatched.isEmpty() ? "" : "\n" + unmatched.replace("\n", "  \n"));
            case HTML -> HtmlPage.of(title, HtmlPage.paragraph(title) + ComparisonChart.svg(report)
                    + table.toHtml() + (unmatched.isEmpty() ? "" : HtmlPage.paragraph(unmatched)));
            case SVG -> ComparisonChart.svg(report);
        };
    }
}

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

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A table of text cells rendered as aligned plain text, GitHub Markdown or HTML. Numeric columns are
 * right-aligned. Not thread-safe.
 */
public final class TextTable {

    /** An empty table; add columns, then rows. */
    public TextTable() {
    }

    /** How a column is aligned. */
    public enum Align {
        /** Text. */
        LEFT,
        /** Numbers. */
        RIGHT
    }

    /** A cell's decoration, used for colour on terminals and classes in HTML. */
    public enum Tone {
        /** No decoration. */
        PLAIN,
        /** Better: faster. */
        GOOD,
        /** Worse: slower, failed. */
        BAD,
        /** Less important: skipped, not significant. */
        DIM
    }

    private record Cell(String text, Tone tone) { }

    private final List<String> headers = new ArrayList<>();
    private final List<Align> aligns = new ArrayList<>();
    private final List<List<Cell>> rows = new ArrayList<>();
    private List<Cell> current;

    /**
     * Adds a column.
     *
     * @param header the header text
     * @param align the alignment
     * @return this table
     */
    public TextTable column(String header, Align align) {
        if (!rows.isEmpty()) {
            throw new IllegalStateException("add every column before the first row");
        }
        headers.add(Objects.requireNonNull(header));
        aligns.add(Objects.requireNonNull(align));
        return this;
    }

    /**
     * Starts a row; fill it with {@link #cell(String)}.
     *
     * @return this table
     */
    public TextTable row() {
        finishRow();
        current = new ArrayList<>();
        return this;
    }

    /**
     * Adds a plain cell to the current row.
     *
     * @param text the text
     * @return this table
     */
    public TextTable cell(String text) {
        return cell(text, Tone.PLAIN);
    }

    /**
     * Adds a cell to the current row.
     *
     * @param text the text
     * @param tone its decoration
     * @return this table
     */
    public TextTable cell(String text, Tone tone) {
        if (current == null) {
            throw new IllegalStateException("call row() first");
        }
        if (current.size() == headers.size()) {
            throw new IllegalStateException("the row has more cells than the " + headers.size() + " columns");
        }
        current.add(new Cell(text == null ? "" : text, tone));
        return this;
    }

    private void finishRow() {
        if (current != null) {
            while (current.size() < headers.size()) {
                current.add(new Cell("", Tone.PLAIN));
            }
            rows.add(current);
            current = null;
        }
    }

    /**
     * Whether a column has any non-empty cell.
     *
     * @param index the column
     * @return true if some row has text there
     */
    private boolean used(int index) {
        return rows.stream().anyMatch(r -> !r.get(index).text().isEmpty());
    }

    /**
     * Plain text, columns separated by two spaces; columns that are empty in every row are left out.
     *
     * @param colours whether to colour {@link Tone#GOOD} and {@link Tone#BAD} cells with ANSI codes
     * @return the text, each line ending with a newline
     */
    public String toText(boolean colours) {
        finishRow();
        List<Integer> shown = shownColumns();
        int[] widths = new int[headers.size()];
        for (int c : shown) {
            widths[c] = headers.get(c).length();
            for (List<Cell> row : rows) {
                widths[c] = Math.max(widths[c], row.get(c).text().length());
            }
        }
        StringBuilder text = new StringBuilder();
        line(text, shown, widths, headers.stream().map(h -> new Cell(h, Tone.PLAIN)).toList(), false);
        for (List<Cell> row : rows) {
            line(text, shown, widths, row, colours);
        }
        return text.toString();
    }

    private void line(StringBuilder text, List<Integer> shown, int[] widths, List<Cell> cells, boolean colours) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < shown.size(); i++) {
            int c = shown.get(i);
            Cell cell = cells.get(c);
            String padding = " ".repeat(widths[c] - cell.text().length());
            boolean last = i == shown.size() - 1;
            String body = colours ? ansi(cell) : cell.text();
            if (i > 0) {
                line.append("  ");
            }
            if (aligns.get(c) == Align.RIGHT) {
                line.append(padding).append(body);
            } else {
                line.append(body).append(last ? "" : padding);
            }
        }
        text.append(line.toString().stripTrailing()).append('\n');
    }

    private static String ansi(Cell cell) {
        return switch (cell.tone()) {
            case GOOD -> "\u001b[32m" + cell.text() + "\u001b[0m";
            case BAD -> "\u001b[31;1m" + cell.text() + "\u001b[0m";
            case DIM -> "\u001b[2m" + cell.text() + "\u001b[0m";
            case PLAIN -> cell.text();
        };
    }

    /**
     * A GitHub-flavoured Markdown table; columns empty in every row are left out.
     *
     * @return the Markdown, each line ending with a newline
     */
    public String toMarkdown() {
        finishRow();
        List<Integer> shown = shownColumns();
        StringBuilder text = new StringBuilder("|");
        for (int c : shown) {
            text.append(' ').append(escapeMarkdown(headers.get(c))).append(" |");
        }
        text.append("\n|");
        for (int c : shown) {
            text.append(aligns.get(c) == Align.RIGHT ? " ---: |" : " --- |");
        }
        text.append('\n');
        for (List<Cell> row : rows) {
            text.append('|');
            for (int c : shown) {
                String cell = escapeMarkdown(row.get(c).text());
                text.append(' ').append(row.get(c).tone() == Tone.BAD && !cell.isEmpty() ? "**" + cell + "**" : cell)
                        .append(" |");
            }
            text.append('\n');
        }
        return text.toString();
    }

    /**
     * An HTML {@code <table>} with classes {@code good}, {@code bad} and {@code dim} on decorated cells
     * and {@code num} on right-aligned ones; columns empty in every row are left out.
     *
     * @return the HTML fragment
     */
    public String toHtml() {
        finishRow();
        List<Integer> shown = shownColumns();
        StringBuilder html = new StringBuilder("<table>\n<thead><tr>");
        for (int c : shown) {
            html.append("<th").append(aligns.get(c) == Align.RIGHT ? " class=\"num\"" : "").append('>')
                    .append(Html.escape(headers.get(c))).append("</th>");
        }
        html.append("</tr></thead>\n<tbody>\n");
        for (List<Cell> row : rows) {
            html.append("<tr>");
            for (int c : shown) {
                Cell cell = row.get(c);
                List<String> classes = new ArrayList<>();
                if (aligns.get(c) == Align.RIGHT) {
                    classes.add("num");
                }
                if (cell.tone() != Tone.PLAIN) {
                    classes.add(cell.tone().name().toLowerCase(java.util.Locale.ROOT));
                }
                html.append("<td").append(classes.isEmpty() ? "" : " class=\"" + String.join(" ", classes) + "\"")
                        .append('>').append(Html.escape(cell.text())).append("</td>");
            }
            html.append("</tr>\n");
        }
        return html.append("</tbody>\n</table>\n").toString();
    }

    private List<Integer> shownColumns() {
        List<Integer> shown = new ArrayList<>();
        for (int c = 0; c < headers.size(); c++) {
            if (c == 0 || used(c)) {
                shown.add(c);
            }
        }
        return shown;
    }

    private static String escapeMarkdown(String text) {
        return text.replace("|", "\\|");
    }
}

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

/** A self-contained HTML page: inline CSS, inline SVG, no scripts and nothing fetched. */
public final class HtmlPage {

    private static final String STYLE = """
            body { font-family: -apple-system, "Segoe UI", Roboto, sans-serif; margin: 2em auto; max-width: 1100px;
                   color: #111; padding: 0 1em; }
            h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; } h3 { font-size: 1em; }
            p.meta { color: #555; }
            table { border-collapse: collapse; margin: 1em 0; font-size: 0.9em; }
            th, td { border-bottom: 1px solid #ddd; padding: 4px 10px; text-align: left; }
            th { background: #f5f5f5; }
            td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
            td.bad { color: #d62728; font-weight: bold; } td.good { color: #2ca02c; font-weight: bold; }
            td.dim { color: #888; }
            figure { margin: 1em 0; } svg { max-width: 100%; height: auto; }
            """;

    private HtmlPage() {
    }

    /**
     * A page.
     *
     * @param title the page title, also the first heading
     * @param body the HTML body after the heading
     * @return the document
     */
    public static String of(String title, String body) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<meta name=\"generator\" content=\"kbench\">\n"
                + "<title>" + Html.escape(title) + "</title>\n<style>\n" + STYLE + "</style>\n</head>\n<body>\n<h1>"
                + Html.escape(title) + "</h1>\n" + body + "</body>\n</html>\n";
    }

    /**
     * A paragraph of escaped text.
     *
     * @param text the text
     * @return the element
     */
    public static String paragraph(String text) {
        return "<p class=\"meta\">" + Html.escape(text.strip()).replace("\n", "<br>") + "</p>\n";
    }

    /**
     * A heading.
     *
     * @param level 2 or 3
     * @param text the text
     * @param id the anchor
     * @return the element
     */
    public static String heading(int level, String text, String id) {
        return "<h" + level + " id=\"" + Html.escape(id) + "\">" + Html.escape(text) + "</h" + level + ">\n";
    }
}

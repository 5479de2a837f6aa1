package dev.kbench.cli.format;

/** HTML and XML text escaping for the report and SVG writers. */
final class Html {

    private Html() {
    }

    /**
     * Escapes text for element content and double-quoted attributes.
     *
     * @param text the text
     * @return the escaped text
     */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}

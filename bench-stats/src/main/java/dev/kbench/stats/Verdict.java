package dev.kbench.stats;

import java.util.Locale;

/** What a comparison concludes about the new code relative to the base (docs/formats.md §3). */
public enum Verdict {
    /** The base is stochastically smaller: the new code is slower (a regression). */
    SLOWER,
    /** The base is stochastically larger: the new code is faster. */
    FASTER,
    /** No significant difference in either direction (or a significant one in both). */
    SAME;

    /**
     * The name in JSON and text reports.
     *
     * @return {@code slower}, {@code faster} or {@code same}
     */
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }
}

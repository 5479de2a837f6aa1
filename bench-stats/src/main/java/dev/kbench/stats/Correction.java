package dev.kbench.stats;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Correction of the significance level for comparing many benchmarks at once. */
public enum Correction {
    /** Each benchmark is tested at alpha. The default, as in benchstats. */
    NONE("none"),
    /**
     * Each benchmark is tested at alpha divided by the number of benchmarks compared, so that the
     * chance of any false verdict over the whole comparison stays below alpha.
     */
    BONFERRONI("bonferroni");

    private final String cliName;

    Correction(String cliName) {
        this.cliName = cliName;
    }

    /**
     * The name on the command line and in JSON.
     *
     * @return {@code none} or {@code bonferroni}
     */
    public String cliName() {
        return cliName;
    }

    /**
     * The correction of a command-line name.
     *
     * @param name {@code none} or {@code bonferroni}, case-insensitive
     * @return the correction
     * @throws IllegalArgumentException naming the choices for any other name
     */
    public static Correction fromName(String name) {
        for (Correction c : values()) {
            if (c.cliName.equals(name.toLowerCase(Locale.ROOT))) {
                return c;
            }
        }
        throw new IllegalArgumentException("unknown correction '" + name + "'; choose one of "
                + Arrays.stream(values()).map(Correction::cliName).collect(Collectors.joining(", ")));
    }
}

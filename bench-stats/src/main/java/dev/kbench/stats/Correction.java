package dev.kbench.stats;

/** Correction of the significance level for comparing many benchmarks at once. */
public enum Correction {
    /** Each benchmark is tested at alpha. The default, as in benchstats. */
    NONE("none"),
    /**
     * Each benchmark is tested at alpha divided by the number of benchmarks compared, so that the
     * chance of any false verdict over the whole comparison stays below alpha.
     */
    BONFERRONI("bonferroni");

    private final String jsonName;

    Correction(String jsonName) {
        this.jsonName = jsonName;
    }

    /**
     * The name compare JSON gives it (docs/formats.md).
     *
     * @return {@code none} or {@code bonferroni}
     */
    public String jsonName() {
        return jsonName;
    }
}

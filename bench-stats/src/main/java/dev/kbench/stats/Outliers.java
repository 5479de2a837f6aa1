package dev.kbench.stats;

/**
 * Tukey's outliers of a summary: values beyond the fences {@code Q1 - k IQR} and {@code Q3 + k IQR}
 * with {@code k = 1.5} (mild) and {@code k = 3} (severe); quartiles by NumPy's linear method. Mild
 * counts exclude the severe ones.
 *
 * @param lowSevere values below {@code Q1 - 3 IQR}
 * @param lowMild values in {@code [Q1 - 3 IQR, Q1 - 1.5 IQR)}
 * @param highMild values in {@code (Q3 + 1.5 IQR, Q3 + 3 IQR]}
 * @param highSevere values above {@code Q3 + 3 IQR}
 * @param lowerFenceMillis {@code Q1 - 1.5 IQR}
 * @param upperFenceMillis {@code Q3 + 1.5 IQR}
 */
public record Outliers(int lowSevere, int lowMild, int highMild, int highSevere, double lowerFenceMillis,
                       double upperFenceMillis) {

    /** The mild fence factor. */
    public static final double MILD = 1.5;
    /** The severe fence factor. */
    public static final double SEVERE = 3;

    /**
     * All outliers.
     *
     * @return the number of values beyond the mild fences
     */
    public int total() {
        return lowSevere + lowMild + highMild + highSevere;
    }
}

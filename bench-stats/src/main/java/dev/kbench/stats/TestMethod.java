package dev.kbench.stats;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** The comparison methods of {@code kbench compare --method} (CONTRACTS.md §3). */
public enum TestMethod {
    /** {@code scipy.stats.brunnermunzel}: the default. */
    BRUNNER_MUNZEL("brunnermunzel"),
    /** {@code scipy.stats.mannwhitneyu} with SciPy's defaults. */
    MANN_WHITNEY_U("mannwhitneyu"),
    /** {@code scipy.stats.ttest_ind(equal_var=False)}. */
    WELCH("welch");

    private final String cliName;

    TestMethod(String cliName) {
        this.cliName = cliName;
    }

    /**
     * The name on the command line and in JSON.
     *
     * @return e.g. {@code brunnermunzel}
     */
    public String cliName() {
        return cliName;
    }

    /**
     * The method of a command-line name.
     *
     * @param name e.g. {@code mannwhitneyu}, case-insensitive
     * @return the method
     * @throws IllegalArgumentException naming the choices if {@code name} is none of them
     */
    public static TestMethod fromName(String name) {
        for (TestMethod m : values()) {
            if (m.cliName.equals(name.toLowerCase(Locale.ROOT))) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown method '" + name + "'; choose one of "
                + Arrays.stream(values()).map(TestMethod::cliName).collect(Collectors.joining(", ")));
    }

    /**
     * The test of this method.
     *
     * @param distribution the p-value distribution, used by {@link #BRUNNER_MUNZEL} only
     * @return the test, with SciPy's defaults otherwise
     */
    public TwoSampleTest test(BrunnerMunzelTest.Distribution distribution) {
        return switch (this) {
            case BRUNNER_MUNZEL -> BrunnerMunzelTest.withDefaults().with(distribution);
            case MANN_WHITNEY_U -> MannWhitneyUTest.withDefaults();
            case WELCH -> WelchTTest.withDefaults();
        };
    }
}

package dev.kbench.cli.format;

/** The documents {@code run --json} and {@code run --jmh-json} write. */
public final class RunFiles {

    private RunFiles() {
    }

    /**
     * kbench's run JSON.
     *
     * @param report the run
     * @return the JSON text
     */
    public static String json(RunReport report) {
        return RunJson.write(report);
    }

    /**
     * JMH's result JSON.
     *
     * @param report the run
     * @return the JSON text
     */
    public static String jmhJson(RunReport report) {
        return JmhJson.write(report);
    }
}

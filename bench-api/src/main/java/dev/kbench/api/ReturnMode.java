package dev.kbench.api;

/** The summary {@link Bench#doBench} returns when no quantiles are asked for (Triton's {@code return_mode}). */
public enum ReturnMode {
    /** The smallest sample. */
    MIN,
    /** The largest sample. */
    MAX,
    /** The arithmetic mean (Triton's default). */
    MEAN,
    /** The median (NumPy's linear quantile at 0.5). */
    MEDIAN,
    /** No single value: use {@link BenchResult#timesMillis()}. */
    ALL
}

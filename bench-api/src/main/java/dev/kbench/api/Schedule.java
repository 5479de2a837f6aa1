package dev.kbench.api;

/** The order in which a {@link Suite} measures its benchmarks' repetitions. */
public enum Schedule {
    /**
     * Every round visits all unfinished benchmarks in a fresh random order from the seeded generator
     * (A-C-B, B-A-C, ...), so slow drifts of the machine spread over all benchmarks alike.
     */
    INTERLEAVED,
    /** All repetitions of one benchmark, then the next (A-A-A, B-B-B): for comparison only. */
    SEQUENTIAL
}

package dev.kbench.api;

/** Why a benchmark of a {@link Suite} stopped getting repetitions. */
public enum StopReason {
    /** It reached the fixed number of repetitions. */
    REPETITIONS,
    /** The median's relative confidence half-width reached the noise target. */
    NOISE_TARGET,
    /** Its time budget ran out before the noise target was reached. */
    TIME_BUDGET,
    /** It reached the most repetitions allowed before the noise target was reached. */
    MAX_REPETITIONS,
    /** Its setup, check or a measurement failed; see the outcome's error. */
    FAILED,
    /** Its combination was skipped. */
    SKIPPED
}

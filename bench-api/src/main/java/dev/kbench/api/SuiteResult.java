package dev.kbench.api;

import java.util.List;
import java.util.Objects;

/**
 * Everything a {@link Suite} run measured.
 *
 * @param seed the seed of the interleaved order; rerun with it to replay the order
 * @param schedule the schedule used
 * @param backend the driver's name
 * @param device the device's name
 * @param outcomes one per benchmark and combination, in declaration order, skipped and failed included
 */
public record SuiteResult(long seed, Schedule schedule, String backend, String device, List<BenchmarkOutcome> outcomes) {

    /** Copies the outcomes. */
    public SuiteResult {
        Objects.requireNonNull(schedule, "schedule");
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(device, "device");
        outcomes = List.copyOf(outcomes);
    }

    /**
     * Whether any benchmark failed.
     *
     * @return true if an outcome stopped with {@link StopReason#FAILED}
     */
    public boolean anyFailed() {
        return outcomes.stream().anyMatch(o -> o.stopReason() == StopReason.FAILED);
    }
}

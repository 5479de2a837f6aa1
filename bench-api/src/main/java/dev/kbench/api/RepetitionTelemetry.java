/*
 * Copyright 2026 The kbench authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.kbench.api;

import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * What the device reported about one repetition, read before and after its timed calls (never inside
 * them). Empty values are unknown (a backend without telemetry), never zero.
 *
 * @param smClockMHz the SM clock read right after the repetition
 * @param throttling the throttling reasons seen during the repetition: active before or after it, or a
 *        violation counter that grew over it; an empty set when none was, empty when unknown
 * @param joulesPerCall the device's energy over the repetition divided by its calls, in J; empty where the
 *        device has no energy counter or the repetition could not be measured cleanly (see
 *        {@link BenchmarkOutcome#energyNote()})
 */
public record RepetitionTelemetry(OptionalDouble smClockMHz, Optional<Set<ThrottleReason>> throttling,
                                  OptionalDouble joulesPerCall) {

    /** Nothing known. */
    public static final RepetitionTelemetry NONE = new RepetitionTelemetry(OptionalDouble.empty(), Optional.empty(),
            OptionalDouble.empty());

    /** How many energy-counter updates a repetition must span for its energy to be reported. */
    public static final int MIN_ENERGY_UPDATES = 20;

    /**
     * The shortest repetition, in ms, for which the energy counter's update period is measured (once per
     * device, several periods long): {@value #MIN_ENERGY_UPDATES} updates of a counter that changed every
     * millisecond. Shorter repetitions are refused energy without measuring, so that runs which cannot
     * get energy (the defaults' 10 ms repetitions) do not pay for the measurement.
     */
    public static final double MIN_ENERGY_WINDOW_MILLIS = MIN_ENERGY_UPDATES;

    /** Validates the fields and copies the set. */
    public RepetitionTelemetry {
        Objects.requireNonNull(smClockMHz, "smClockMHz");
        throttling = Objects.requireNonNull(throttling, "throttling").map(DeviceTelemetry::copy);
        Objects.requireNonNull(joulesPerCall, "joulesPerCall");
        if (joulesPerCall.isPresent() && !(joulesPerCall.getAsDouble() >= 0)) {
            throw new IllegalArgumentException("joulesPerCall must be >= 0, got " + joulesPerCall.getAsDouble());
        }
    }

    /**
     * {@return whether the repetition ran while throttled: a known, non-empty set of reasons}
     */
    public boolean throttled() {
        return throttling.isPresent() && !throttling.get().isEmpty();
    }

    /**
     * The throttling seen between two readings: the reasons active at either, and a limit whose
     * violation counter grew between them.
     *
     * @param before read before the repetition
     * @param after read after it
     * @return the reasons, empty when neither the reasons nor the counters are known
     */
    static Optional<Set<ThrottleReason>> throttling(DeviceTelemetry before, DeviceTelemetry after) {
        boolean known = false;
        EnumSet<ThrottleReason> reasons = EnumSet.noneOf(ThrottleReason.class);
        for (DeviceTelemetry t : new DeviceTelemetry[] {before, after}) {
            if (t.throttleReasons().isPresent()) {
                known = true;
                reasons.addAll(t.throttleReasons().get());
            }
        }
        if (before.powerLimitedNanos().isPresent() && after.powerLimitedNanos().isPresent()) {
            known = true;
            if (after.powerLimitedNanos().getAsLong() > before.powerLimitedNanos().getAsLong()) {
                reasons.add(ThrottleReason.POWER_LIMIT);
            }
        }
        if (before.thermalLimitedNanos().isPresent() && after.thermalLimitedNanos().isPresent()) {
            known = true;
            if (after.thermalLimitedNanos().getAsLong() > before.thermalLimitedNanos().getAsLong()) {
                reasons.add(ThrottleReason.THERMAL_LIMIT);
            }
        }
        return known ? Optional.of(reasons) : Optional.empty();
    }

    /**
     * The energy of one call over a repetition, or why it is not given.
     *
     * @param before read before the repetition
     * @param after read after it
     * @param updateMillis the energy counter's update period ({@link Device#energyUpdateMillis()}), empty when
     *        it did not change while measured or was not measured because the window is shorter than
     *        {@link #MIN_ENERGY_WINDOW_MILLIS}
     * @param windowMillis host time between the two readings
     * @param calls the calls the device ran between them, {@code >= 1}
     * @return joules per call, or why not: nothing to say where the device has no energy counter
     */
    static Energy energy(DeviceTelemetry before, DeviceTelemetry after, OptionalDouble updateMillis,
                         double windowMillis, long calls) {
        if (before.energyMillijoules().isEmpty() || after.energyMillijoules().isEmpty()) {
            return new Energy(OptionalDouble.empty(), "");
        }
        if (updateMillis.isEmpty() && windowMillis < MIN_ENERGY_WINDOW_MILLIS) {
            return Energy.refused("a repetition of " + significant(windowMillis) + " ms is too short to span "
                    + MIN_ENERGY_UPDATES + " updates of the energy counter; longer repetitions (--rep-ms, with"
                    + " --max-samples high enough not to end them sooner) get energy where they span "
                    + MIN_ENERGY_UPDATES + " updates");
        }
        if (updateMillis.isEmpty()) {
            return Energy.refused("the energy counter did not change while its update period was measured");
        }
        double period = updateMillis.getAsDouble();
        if (windowMillis < MIN_ENERGY_UPDATES * period) {
            return Energy.refused("a repetition of " + significant(windowMillis) + " ms spans fewer than "
                    + MIN_ENERGY_UPDATES + " updates of the energy counter (one every " + significant(period)
                    + " ms); repetitions of " + (long) Math.ceil(MIN_ENERGY_UPDATES * period) + " ms or more"
                    + " (--rep-ms, with --max-samples high enough not to end them sooner) get energy");
        }
        long millijoules = after.energyMillijoules().getAsLong() - before.energyMillijoules().getAsLong();
        if (millijoules < 0) {
            return Energy.refused("the energy counter went backwards (the driver was reloaded?)");
        }
        return new Energy(OptionalDouble.of(millijoules / 1e3 / calls), "");
    }

    /** Three significant digits, without trailing zeros: {@code 10}, {@code 0.125}, {@code 1.00e+06}. */
    private static String significant(double value) {
        String text = String.format(java.util.Locale.ROOT, "%.3g", value);
        return text.contains("e") || !text.contains(".") ? text : text.replaceAll("0+$", "").replaceAll("\\.$", "");
    }

    /**
     * One repetition's energy per call, or why it is refused.
     *
     * @param joulesPerCall the energy of one call, empty when refused or unknown
     * @param refusal why it is refused, empty when it is not (or there is no counter)
     */
    record Energy(OptionalDouble joulesPerCall, String refusal) {
        static Energy refused(String why) {
            return new Energy(OptionalDouble.empty(), why);
        }
    }
}

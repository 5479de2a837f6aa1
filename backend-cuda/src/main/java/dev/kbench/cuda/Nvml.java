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
package dev.kbench.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;

import dev.kbench.api.DeviceTelemetry;
import dev.kbench.api.ThrottleReason;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;

/**
 * NVIDIA's management library ({@code libnvidia-ml.so.1}, installed with the driver) through
 * {@code java.lang.foreign}: the SM clock, the temperature, the throttling reasons and violation counters
 * and the energy counter of one GPU, found by its PCI bus id (CUDA ordinals and NVML indices differ under
 * {@code CUDA_VISIBLE_DEVICES}).
 *
 * <p>Everything is optional: a missing library, a missing function, native access not granted, or any
 * NVML error makes the readings empty; nothing here throws. Linked once per JVM; thread-safe.
 * The energy counter's update period is measured when first asked for ({@link #energyUpdateMillis()}: the
 * counter sampled in a tight loop until it has changed {@value #PERIOD_CHANGES} times, at most
 * {@value #PERIOD_LIMIT_MILLIS} ms), once per device; readings carry it from then on.
 */
final class Nvml {

    /** The library as the NVIDIA driver installs it. */
    static final String LIBRARY = "libnvidia-ml.so.1";
    private static final int NVML_SUCCESS = 0;
    private static final int NVML_CLOCK_SM = 1;
    private static final int NVML_TEMPERATURE_GPU = 0;
    private static final int NVML_PERF_POLICY_POWER = 0;
    private static final int NVML_PERF_POLICY_THERMAL = 1;
    /** {@code NVML_FI_DEV_PERF_POLICY_POWER}; the field ids of the policies follow in their order. */
    private static final int NVML_FI_DEV_PERF_POLICY_POWER = 74;
    /** {@code sizeof(nvmlFieldValue_t)}: fieldId, scopeId, timestamp, latencyUsec, valueType, nvmlReturn, value. */
    private static final long FIELD_VALUE_BYTES = 40;
    private static final long FIELD_RETURN_OFFSET = 28;
    private static final long FIELD_VALUE_OFFSET = 32;
    /** {@code NVML_VALUE_TYPE_UNSIGNED_LONG} to {@code _SIGNED_LONG_LONG}: the 64-bit integer types. */
    private static final int FIELD_TYPE_FIRST_LONG = 2;
    private static final int FIELD_TYPE_LAST_LONG = 4;
    private static final long FIELD_TYPE_OFFSET = 24;
    /** Counter changes observed to measure the energy counter's update period (the first ends a partial period). */
    static final int PERIOD_CHANGES = 6;
    /** The longest the update period's measurement may take. */
    static final long PERIOD_LIMIT_MILLIS = 3000;

    /** NVML's clock-event reason bits that are throttling, in {@link ThrottleReason}'s order. */
    private static final long[] REASON_BITS = {
        0x4L,   // nvmlClocksEventReasonSwPowerCap
        0x8L,   // nvmlClocksEventReasonHwSlowdown
        0x20L,  // nvmlClocksEventReasonSwThermalSlowdown
        0x40L,  // nvmlClocksEventReasonHwThermalSlowdown
        0x80L,  // nvmlClocksEventReasonHwPowerBrakeSlowdown
    };

    /**
     * The linked functions, or why there are none; {@code eventReasons}, {@code violation},
     * {@code fieldValues} and {@code energy} are null where the driver's NVML lacks them.
     */
    private record Linked(MethodHandle handleByPciBusId, MethodHandle clockInfo, MethodHandle temperature,
                          MethodHandle driverVersion, MethodHandle eventReasons, MethodHandle violation,
                          MethodHandle fieldValues, MethodHandle energy, String failure) {
        static Linked failed(String why) {
            return new Linked(null, null, null, null, null, null, null, null, why);
        }
    }

    private static final class Holder {
        static final Linked LINKED = link();
    }

    private final MemorySegment device;
    /**
     * Whether the violation counters are read one call for both ({@code nvmlDeviceGetFieldValues}); false
     * from the first time that call fails for this device, which then reads them one call each.
     */
    private volatile boolean readTogether = true;
    /** The energy counter's update period in ms; null until measured, empty if it could not be. */
    private volatile OptionalDouble energyUpdateMillis;
    /** Whether the energy counter can be read; null until {@link #hasEnergyCounter()} first asks. */
    private Boolean hasEnergyCounter;

    private Nvml(MemorySegment device) {
        this.device = device;
    }

    /**
     * The NVML device with this PCI bus id.
     *
     * @param pciBusId e.g. {@code 0000:18:00.0}, as {@code cuDeviceGetPCIBusId} gives it
     * @return the device, or {@code null} when NVML cannot be used or does not know it
     */
    static Nvml forPciBusId(String pciBusId) {
        Linked linked = Holder.LINKED;
        if (linked.failure() != null || pciBusId == null || pciBusId.isEmpty()) {
            return null;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment handle = arena.allocate(ADDRESS);
            int result = (int) linked.handleByPciBusId().invokeExact(arena.allocateFrom(pciBusId), handle);
            return result == NVML_SUCCESS ? new Nvml(handle.get(ADDRESS, 0)) : null;
        } catch (Throwable t) {
            return null;
        }
    }

    /**
     * Why NVML cannot be used in this JVM, or {@code null} when it can.
     *
     * @return the reason or {@code null}
     */
    static String unavailable() {
        return Holder.LINKED.failure();
    }

    /**
     * The NVIDIA driver's version as NVML reports it (e.g. {@code 570.124.06}).
     *
     * @return the version, or empty when NVML cannot be used
     */
    static String driverVersion() {
        Linked linked = Holder.LINKED;
        if (linked.failure() != null) {
            return "";
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment text = arena.allocate(96);
            int result = (int) linked.driverVersion().invokeExact(text, 96);
            return result == NVML_SUCCESS ? text.getString(0) : "";
        } catch (Throwable t) {
            return "";
        }
    }

    /**
     * Everything NVML can say now; each value empty if NVML cannot read it.
     *
     * @param withEnergy whether to read the total-energy counter (about 3 ms a call on an H200; the other
     *        readings take a few microseconds, the two violation counters about 0.5 ms together, read in one
     *        call where the driver can)
     * @return the readings, the energy and its period empty unless read
     */
    DeviceTelemetry read(boolean withEnergy) {
        Linked linked = Holder.LINKED;
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment value = arena.allocate(JAVA_LONG);
            OptionalDouble clock = OptionalDouble.empty();
            if ((int) linked.clockInfo().invokeExact(device, NVML_CLOCK_SM, value) == NVML_SUCCESS) {
                clock = OptionalDouble.of(Integer.toUnsignedLong(value.get(JAVA_INT, 0)));
            }
            OptionalDouble temperature = OptionalDouble.empty();
            if ((int) linked.temperature().invokeExact(device, NVML_TEMPERATURE_GPU, value) == NVML_SUCCESS) {
                temperature = OptionalDouble.of(Integer.toUnsignedLong(value.get(JAVA_INT, 0)));
            }
            Optional<Set<ThrottleReason>> reasons = Optional.empty();
            if (linked.eventReasons() != null
                    && (int) linked.eventReasons().invokeExact(device, value) == NVML_SUCCESS) {
                reasons = Optional.of(reasons(value.get(JAVA_LONG, 0)));
            }
            OptionalLong[] violations = readTogether ? violationFields(linked, arena, NVML_PERF_POLICY_POWER,
                    NVML_PERF_POLICY_THERMAL) : null;
            if (violations == null) {
                readTogether = false;
                violations = new OptionalLong[] {violationNanos(linked, arena, NVML_PERF_POLICY_POWER),
                    violationNanos(linked, arena, NVML_PERF_POLICY_THERMAL)};
            }
            OptionalLong power = violations[0];
            OptionalLong thermal = violations[1];
            OptionalLong energy = withEnergy ? energyMillijoules(linked, value) : OptionalLong.empty();
            OptionalDouble measured = energyUpdateMillis;
            OptionalDouble period = energy.isPresent() && measured != null ? measured : OptionalDouble.empty();
            return new DeviceTelemetry(clock, temperature, reasons, power, thermal, energy, period);
        } catch (Throwable t) {
            return DeviceTelemetry.NONE;
        }
    }

    /**
     * The throttling reasons among NVML's clock-event reason bits.
     *
     * @param bits {@code nvmlDeviceGetCurrentClocksEventReasons}' mask
     * @return the throttling ones; idle, applications clocks, sync boost and display clocks are left out
     */
    static Set<ThrottleReason> reasons(long bits) {
        EnumSet<ThrottleReason> reasons = EnumSet.noneOf(ThrottleReason.class);
        ThrottleReason[] all = ThrottleReason.values();
        for (int i = 0; i < REASON_BITS.length; i++) {
            if ((bits & REASON_BITS[i]) != 0) {
                reasons.add(all[i]);
            }
        }
        return reasons;
    }

    /**
     * The update period of a counter from the times it was seen to change: the median gap between
     * consecutive changes, the first change aside (it ends a period that began before sampling did).
     *
     * @param changeNanos the {@code System.nanoTime()} of each observed change, in order
     * @return the period in ms, empty with fewer than 3 changes
     */
    static OptionalDouble updatePeriodMillis(List<Long> changeNanos) {
        if (changeNanos.size() < 3) {
            return OptionalDouble.empty();
        }
        double[] gaps = new double[changeNanos.size() - 1];
        for (int i = 1; i < changeNanos.size(); i++) {
            gaps[i - 1] = (changeNanos.get(i) - changeNanos.get(i - 1)) / 1e6;
        }
        java.util.Arrays.sort(gaps);
        int m = gaps.length / 2;
        return OptionalDouble.of(gaps.length % 2 == 1 ? gaps[m] : (gaps[m - 1] + gaps[m]) / 2);
    }

    /**
     * Whether this device's total-energy counter can be read, learned by one reading on the first call.
     *
     * @return true where {@code nvmlDeviceGetTotalEnergyConsumption} succeeded then
     */
    synchronized boolean hasEnergyCounter() {
        if (hasEnergyCounter == null) {
            try (Arena arena = Arena.ofConfined()) {
                hasEnergyCounter = energyMillijoules(Holder.LINKED, arena.allocate(JAVA_LONG)).isPresent();
            } catch (Throwable t) {
                hasEnergyCounter = false;
            }
        }
        return hasEnergyCounter;
    }

    /**
     * The energy counter's update period, measured on the first call (up to {@value #PERIOD_LIMIT_MILLIS} ms).
     *
     * @return the period in ms, empty without an energy counter or when it did not change while measured
     */
    synchronized OptionalDouble energyUpdateMillis() {
        if (energyUpdateMillis == null) {
            Linked linked = Holder.LINKED;
            try (Arena arena = Arena.ofConfined()) {
                MemorySegment value = arena.allocate(JAVA_LONG);
                energyUpdateMillis = hasEnergyCounter() ? measureUpdatePeriod(linked, value) : OptionalDouble.empty();
            } catch (Throwable t) {
                energyUpdateMillis = OptionalDouble.empty();
            }
        }
        return energyUpdateMillis;
    }

    private OptionalDouble measureUpdatePeriod(Linked linked, MemorySegment value) throws Throwable {
        List<Long> changes = new ArrayList<>();
        OptionalLong last = energyMillijoules(linked, value);
        long deadline = System.nanoTime() + PERIOD_LIMIT_MILLIS * 1_000_000L;
        while (changes.size() < PERIOD_CHANGES && System.nanoTime() < deadline && last.isPresent()) {
            OptionalLong now = energyMillijoules(linked, value);
            if (now.isPresent() && now.getAsLong() != last.getAsLong()) {
                changes.add(System.nanoTime());
                last = now;
            }
        }
        return updatePeriodMillis(changes);
    }

    private OptionalLong energyMillijoules(Linked linked, MemorySegment value) throws Throwable {
        if (linked.energy() == null || (int) linked.energy().invokeExact(device, value) != NVML_SUCCESS) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(value.get(JAVA_LONG, 0));
    }

    /**
     * Violation counters read one call each ({@code nvmlDeviceGetViolationStatus}), as {@link #read} reads
     * them where the driver cannot read them together.
     *
     * @param policies {@code nvmlPerfPolicyType_t} values
     * @return each policy's violation time in ns, empty where it cannot be read
     */
    OptionalLong[] violationsOneByOne(int... policies) {
        OptionalLong[] values = new OptionalLong[policies.length];
        try (Arena arena = Arena.ofConfined()) {
            for (int i = 0; i < policies.length; i++) {
                values[i] = violationNanos(Holder.LINKED, arena, policies[i]);
            }
        } catch (Throwable t) {
            java.util.Arrays.fill(values, OptionalLong.empty());
        }
        return values;
    }

    /**
     * Violation counters read in one {@code nvmlDeviceGetFieldValues} call, as {@link #read} reads them.
     *
     * @param policies {@code nvmlPerfPolicyType_t} values up to {@code NVML_PERF_POLICY_TOTAL_BASE_CLOCKS}
     * @return each policy's violation time in ns (empty where the field cannot be read), or null when the
     *         call itself cannot be made
     */
    OptionalLong[] violationsTogether(int... policies) {
        try (Arena arena = Arena.ofConfined()) {
            return violationFields(Holder.LINKED, arena, policies);
        } catch (Throwable t) {
            return null;
        }
    }

    /**
     * The violation counters of these policies in one call: fields {@code NVML_FI_DEV_PERF_POLICY_*}, whose
     * values are the counters {@code nvmlDeviceGetViolationStatus} gives as {@code violationTime} (ns).
     *
     * @return the counters, or null when the call failed or gave any of them in an unexpected form (so that
     *         the caller reads them one by one instead)
     */
    private OptionalLong[] violationFields(Linked linked, Arena arena, int... policies) throws Throwable {
        if (linked.fieldValues() == null) {
            return null;
        }
        MemorySegment fields = arena.allocate(FIELD_VALUE_BYTES * policies.length, 8);
        for (int i = 0; i < policies.length; i++) {
            // policies 0 to 5 are fields 74 to 79; TOTAL_APP_CLOCKS (10) and TOTAL_BASE_CLOCKS (11) are 80 and 81
            int field = NVML_FI_DEV_PERF_POLICY_POWER + (policies[i] <= 5 ? policies[i] : policies[i] - 4);
            fields.set(JAVA_INT, FIELD_VALUE_BYTES * i, field);
        }
        if ((int) linked.fieldValues().invokeExact(device, policies.length, fields) != NVML_SUCCESS) {
            return null;
        }
        OptionalLong[] values = new OptionalLong[policies.length];
        for (int i = 0; i < policies.length; i++) {
            long at = FIELD_VALUE_BYTES * i;
            int type = fields.get(JAVA_INT, at + FIELD_TYPE_OFFSET);
            if (fields.get(JAVA_INT, at + FIELD_RETURN_OFFSET) != NVML_SUCCESS
                    || type < FIELD_TYPE_FIRST_LONG || type > FIELD_TYPE_LAST_LONG) {
                return null;
            }
            values[i] = OptionalLong.of(fields.get(JAVA_LONG, at + FIELD_VALUE_OFFSET));
        }
        return values;
    }

    private OptionalLong violationNanos(Linked linked, Arena arena, int policy) throws Throwable {
        if (linked.violation() == null) {
            return OptionalLong.empty();
        }
        // nvmlViolationTime_t: unsigned long long referenceTime (us), violationTime (ns)
        MemorySegment time = arena.allocate(16, 8);
        if ((int) linked.violation().invokeExact(device, policy, time) != NVML_SUCCESS) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(time.get(JAVA_LONG, 8));
    }

    private static Linked link() {
        Module module = Nvml.class.getModule();
        if (!module.isNativeAccessEnabled()) {
            return Linked.failed("native access is not enabled for "
                    + (module.isNamed() ? "module " + module.getName() : "the class path"));
        }
        try {
            SymbolLookup lookup = SymbolLookup.libraryLookup(LIBRARY, Arena.global());
            Linker linker = Linker.nativeLinker();
            MethodHandle init = linker.downcallHandle(find(lookup, "nvmlInit_v2"), FunctionDescriptor.of(JAVA_INT));
            int result = (int) init.invokeExact();
            if (result != NVML_SUCCESS) {
                return Linked.failed("nvmlInit_v2 returned " + result);
            }
            return new Linked(
                    linker.downcallHandle(find(lookup, "nvmlDeviceGetHandleByPciBusId_v2"),
                            FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS)),
                    linker.downcallHandle(find(lookup, "nvmlDeviceGetClockInfo"),
                            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS)),
                    linker.downcallHandle(find(lookup, "nvmlDeviceGetTemperature"),
                            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS)),
                    linker.downcallHandle(find(lookup, "nvmlSystemGetDriverVersion"),
                            FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT)),
                    optional(linker, lookup, FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS),
                            "nvmlDeviceGetCurrentClocksEventReasons", "nvmlDeviceGetCurrentClocksThrottleReasons"),
                    optional(linker, lookup, FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS),
                            "nvmlDeviceGetViolationStatus"),
                    optional(linker, lookup, FunctionDescriptor.of(JAVA_INT, ADDRESS, JAVA_INT, ADDRESS),
                            "nvmlDeviceGetFieldValues"),
                    optional(linker, lookup, FunctionDescriptor.of(JAVA_INT, ADDRESS, ADDRESS),
                            "nvmlDeviceGetTotalEnergyConsumption"),
                    null);
        } catch (Throwable t) {
            // IllegalArgumentException: no such library or symbol; anything else: the platform refused
            return Linked.failed("NVML cannot be used: " + t.getMessage());
        }
    }

    /** The first of these functions the library has, or null: newer names first. */
    private static MethodHandle optional(Linker linker, SymbolLookup lookup, FunctionDescriptor descriptor,
                                         String... names) {
        for (String name : names) {
            Optional<MemorySegment> symbol = lookup.find(name);
            if (symbol.isPresent()) {
                return linker.downcallHandle(symbol.get(), descriptor);
            }
        }
        return null;
    }

    private static MemorySegment find(SymbolLookup lookup, String name) {
        return lookup.find(name).orElseThrow(() -> new IllegalArgumentException(LIBRARY + " has no " + name));
    }
}

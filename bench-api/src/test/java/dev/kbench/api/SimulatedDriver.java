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

import dev.kbench.spi.CacheClearer;
import dev.kbench.spi.CapturedGraph;
import dev.kbench.spi.DeviceInterface;
import dev.kbench.spi.Driver;
import dev.kbench.spi.Event;
import dev.kbench.spi.StreamGate;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;

/**
 * A test double with a simulated device clock: work enqueued advances the device time by a declared
 * cost; events read that clock. It lives only in test code and exists to check doBench's arithmetic
 * (counts of calls, clears and events), never to stand in for a backend.
 */
class SimulatedDriver implements Driver {

    final String name;
    final Availability availability;
    final Device device = new Device();
    double clearMillis;
    int clears;
    int clearersCreated;
    int clearersClosed;
    final List<Long> clearerSizes = new ArrayList<>();
    /** What the clearers say their size is, from the size asked for (a faulty backend's, when changed). */
    java.util.function.LongUnaryOperator clearerBytes = bytes -> bytes;
    /** Whether cacheClearer returns null (a faulty backend's). */
    boolean nullClearer;

    SimulatedDriver(String name, boolean active) {
        this.name = name;
        this.availability = active ? Availability.active("simulated device") : Availability.inactive("simulated: no device");
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public Set<SourceKind> sourceKinds() {
        return Set.of(SourceKind.OPENCL_C);
    }

    @Override
    public Availability availability() {
        return availability;
    }

    @Override
    public DeviceInterface device() {
        return "device()".equals(device.nullAnswer) ? null : device;
    }

    @Override
    public CacheClearer cacheClearer(long bytes) {
        clearersCreated++;
        clearerSizes.add(bytes);
        if (nullClearer) {
            return null;
        }
        long said = clearerBytes.applyAsLong(bytes);
        return new CacheClearer() {
            @Override
            public void clear() {
                clears++;
                device.enqueue(clearMillis);
            }

            @Override
            public long bytes() {
                return said;
            }

            @Override
            public void close() {
                clearersClosed++;
            }
        };
    }

    @Override
    public void close() {
    }

    /** The simulated device: a clock advanced by enqueued work. */
    static final class Device implements DeviceInterface {
        /** What the events report for a simulated elapsed time: the time itself, or a faulty backend's. */
        java.util.function.DoubleUnaryOperator reported = elapsed -> elapsed;
        double clockMillis;
        /** The sizes of the buffers allocated, in order, and how many were closed. */
        final java.util.List<Long> allocated = new java.util.ArrayList<>();
        int buffersClosed;
        int eventsCreated;
        int eventsClosed;
        int synchronizations;
        /** What the device reports as its last-level cache (PoCL may report 0). */
        OptionalLong lastLevelCacheBytes = OptionalLong.of(50L << 20);
        int graphsCaptured;
        int graphReplays;
        List<Runnable> capturing;
        /** Host time to launch one call: the device idles for it between calls unless the stream is held. */
        double launchMillis;
        /** Whether {@link #streamGate} gives a gate. */
        boolean gates;
        /** Whether every hold ends by its timeout (the host blocked), its batch running with launch gaps. */
        boolean holdsTimeOut;
        int holds;
        int gatesClosed;
        int eventsRecorded;
        /** Events recorded when each profiler range started and stopped, in order. */
        final List<String> profilerRanges = new ArrayList<>();
        /** What {@link #telemetry()} reports, read by the suite runner before and after each repetition. */
        java.util.function.Supplier<DeviceTelemetry> telemetry = () -> DeviceTelemetry.NONE;
        /** Every telemetry reading, in order: whether it read the energy counter. */
        final List<Boolean> telemetryReads = new ArrayList<>();
        /** The one question answered with null (a faulty backend's): device(), facts(), acceptedSources(), telemetry,
         * createEvent(), capture(). */
        String nullAnswer = "";
        /** createEvent() answers null once this many events were made; -1: never. */
        int nullEventAt = -1;
        /** What {@link #energyCounter()} says: empty, as by default, where only a reading tells. */
        Optional<Boolean> energyCounter = Optional.empty();
        /** How many holds the gate lets be in place at once. */
        int maxHolds = 1;
        /** The most holds that were in place at once. */
        int mostHoldsInPlace;
        /** Synchronizations of single events (waits for one call's end). */
        int eventSynchronizations;
        /**
         * Work enqueued behind each hold in place, oldest first: a release runs the oldest hold's work, which
         * ends where the next hold was enqueued; null when no hold is in place.
         */
        java.util.ArrayDeque<List<Runnable>> inPlace;
        private boolean gapped;

        void enqueue(double millis) {
            if (capturing != null) {
                capturing.add(() -> clockMillis += millis);
            } else if (inPlace != null) {
                inPlace.peekLast().add(() -> clockMillis += gapped ? Math.max(millis, launchMillis) : millis);
            } else {
                clockMillis += Math.max(millis, launchMillis);
            }
        }

        void submit(Runnable op) {
            if (capturing != null) {
                capturing.add(op);
            } else if (inPlace != null) {
                inPlace.peekLast().add(op);
            } else {
                op.run();
            }
        }

        @Override
        public StreamGate streamGate(double timeoutMillis) {
            if (!gates) {
                throw new UnsupportedOperationException("the simulated device cannot hold its stream");
            }
            return new StreamGate() {
                boolean timedOut;

                @Override
                public void hold() {
                    if (inPlace == null) {
                        inPlace = new java.util.ArrayDeque<>();
                    } else if (inPlace.size() == maxHolds) {
                        throw new IllegalStateException(maxHolds + " holds are in place");
                    }
                    holds++;
                    inPlace.addLast(new ArrayList<>());
                    mostHoldsInPlace = Math.max(mostHoldsInPlace, inPlace.size());
                }

                @Override
                public void release() {
                    // the work up to the next hold runs now; the next hold keeps what is behind it
                    List<Runnable> ops = inPlace.removeFirst();
                    if (inPlace.isEmpty()) {
                        inPlace = null;
                    }
                    timedOut = holdsTimeOut;
                    gapped = holdsTimeOut;
                    ops.forEach(Runnable::run);
                    gapped = false;
                }

                @Override
                public int maxHolds() {
                    return maxHolds;
                }

                @Override
                public boolean timedOut() {
                    return timedOut;
                }

                @Override
                public String technique() {
                    return "simulated gate";
                }

                @Override
                public void close() {
                    gatesClosed++;
                }
            };
        }

        @Override
        public CapturedGraph capture(Runnable work) {
            if ("capture()".equals(nullAnswer)) {
                return null;
            }
            List<Runnable> ops = new ArrayList<>();
            capturing = ops;
            try {
                work.run();
            } finally {
                capturing = null;
            }
            graphsCaptured++;
            return new CapturedGraph() {
                @Override
                public void replay() {
                    graphReplays++;
                    ops.forEach(Runnable::run);
                }

                @Override
                public void close() {
                }
            };
        }

        @Override
        public DeviceTelemetry telemetry() {
            return telemetry(true);
        }

        @Override
        public Optional<Boolean> energyCounter() {
            return energyCounter;
        }

        @Override
        public DeviceTelemetry telemetry(boolean energy) {
            telemetryReads.add(energy);
            if ("telemetry".equals(nullAnswer)) {
                return null;
            }
            DeviceTelemetry t = telemetry.get();
            return energy ? t : new DeviceTelemetry(t.smClockMHz(), t.temperatureCelsius(), t.throttleReasons(),
                    t.powerLimitedNanos(), t.thermalLimitedNanos(), OptionalLong.empty(),
                    OptionalDouble.empty());
        }

        @Override
        public void synchronize() {
            synchronizations++;
            if (inPlace != null) {
                throw new IllegalStateException("synchronized with a hold in place: a real device would wait for ever");
            }
        }

        @Override
        public void profilerStart() {
            profilerRanges.add("start@" + eventsRecorded);
        }

        @Override
        public void profilerStop() {
            profilerRanges.add("stop@" + eventsRecorded);
        }

        @Override
        public Event createEvent() {
            if ("createEvent()".equals(nullAnswer) || eventsCreated == nullEventAt) {
                return null;
            }
            eventsCreated++;
            return new SimulatedEvent(this);
        }

        @Override
        public DeviceFacts facts() {
            if ("facts()".equals(nullAnswer)) {
                return null;
            }
            return new DeviceFacts("simulated", "kbench tests", OptionalLong.empty(), lastLevelCacheBytes,
                    OptionalLong.empty(), OptionalDouble.empty(), OptionalDouble.empty(), java.util.Map.of());
        }

        @Override
        public Set<SourceKind> acceptedSources() {
            if ("acceptedSources()".equals(nullAnswer)) {
                return null;
            }
            return Set.of(SourceKind.OPENCL_C);
        }

        @Override
        public KernelModule loadModule(KernelSource source) {
            throw new UnsupportedOperationException("the simulated device runs no kernels");
        }

        @Override
        public DeviceBuffer allocate(long bytes) {
            allocated.add(bytes);
            return new DeviceBuffer() {
                private boolean open = true;

                @Override
                public long bytes() {
                    return bytes;
                }

                @Override
                public void close() {
                    if (open) {
                        open = false;
                        buffersClosed++;
                    }
                }
            };
        }

        @Override
        public void write(MemorySegment source, DeviceBuffer target) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void read(DeviceBuffer source, MemorySegment target) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void fill(DeviceBuffer target, int pattern) {
            throw new UnsupportedOperationException();
        }
    }

    /** An event that stamps the simulated clock. */
    static final class SimulatedEvent implements Event {
        private final Device device;
        private double stamp = Double.NaN;

        SimulatedEvent(Device device) {
            this.device = device;
        }

        double stamp() {
            return stamp;
        }

        @Override
        public void record() {
            device.eventsRecorded++;
            stamp = Double.NaN;   // recorded again: not complete until the device reaches it
            device.submit(() -> stamp = device.clockMillis);
        }

        @Override
        public void synchronize() {
            device.eventSynchronizations++;
            if (Double.isNaN(stamp)) {
                throw new IllegalStateException("the event is behind a hold: a real device would wait for ever");
            }
        }

        @Override
        public double elapsedMillis(Event end) {
            double elapsed = ((SimulatedEvent) end).stamp - stamp;
            if (Double.isNaN(elapsed)) {
                throw new IllegalStateException("event not recorded");
            }
            return device.reported.applyAsDouble(elapsed);
        }

        @Override
        public void close() {
            device.eventsClosed++;
        }
    }
}

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
package dev.kbench.opencl;

import dev.kbench.spi.Event;
import java.util.Locale;
import org.jocl.CL;
import org.jocl.cl_event;

/**
 * A timing event: {@link #record()} enqueues {@code clEnqueueMarkerWithWaitList} on the device's in-order
 * queue, and the marker's {@code CL_PROFILING_COMMAND_END} is the timestamp: the moment every command
 * enqueued before it has completed.
 *
 * <p>Markers, not barriers: NVIDIA's driver returns all-zero profiling times for barrier events, while
 * its marker times are valid. Every timestamp is still validated (non-zero, {@code START <= END} where
 * {@code START} is reported, and the end event not before the start event); an invalid one is an
 * {@link IllegalStateException}, never a number. The {@code cl_event} is released by {@link #close()}, or
 * when the event is recorded again.
 */
final class OpenClEvent implements Event, Resource {

    private final OpenClDevice device;
    private cl_event event;
    private boolean closed;

    OpenClEvent(OpenClDevice device) {
        this.device = device;
    }

    @Override
    public void record() {
        requireUsable();
        device.checkOpen();
        releaseMarker();
        cl_event marker = new cl_event();
        Cl.check("clEnqueueMarkerWithWaitList", () -> CL.clEnqueueMarkerWithWaitList(device.queue(), 0, null, marker));
        event = marker;
        device.counts().onCreate(NativeCounts.Kind.EVENT);
    }

    @Override
    public void synchronize() {
        requireRecorded("synchronize");
        Cl.check("clWaitForEvents(marker)", () -> CL.clWaitForEvents(1, new cl_event[] {event}));
    }

    @Override
    public double elapsedMillis(Event end) {
        if (!(end instanceof OpenClEvent other) || other.device != device) {
            throw new IllegalArgumentException("the end event was not created by the same OpenCL device: " + end);
        }
        requireRecorded("elapsedMillis (start event)");
        other.requireRecorded("elapsedMillis (end event)");
        Cl.check("clWaitForEvents(start and end markers)", () -> CL.clWaitForEvents(2, new cl_event[] {event, other.event}));
        long startNs = timestamp("start");
        long endNs = other.timestamp("end");
        if (endNs < startNs) {
            throw invalid(String.format(Locale.ROOT, "the end marker completed before the start marker "
                    + "(CL_PROFILING_COMMAND_END %d < %d ns): the timestamps are not monotonic", endNs, startNs));
        }
        return (endNs - startNs) / 1e6;
    }

    /** The validated {@code CL_PROFILING_COMMAND_END} of this marker, in device nanoseconds. */
    private long timestamp(String role) {
        long start = Cl.profiling(event, CL.CL_PROFILING_COMMAND_START, role + " marker");
        long end = Cl.profiling(event, CL.CL_PROFILING_COMMAND_END, role + " marker");
        if (end == 0) {
            throw invalid(String.format(Locale.ROOT, "the %s marker has CL_PROFILING_COMMAND_END = 0 (START = %d)", role, start));
        }
        if (start != 0 && end < start) {
            throw invalid(String.format(Locale.ROOT, "the %s marker ended before it started (START %d > END %d ns)",
                    role, start, end));
        }
        return end;
    }

    private IllegalStateException invalid(String what) {
        return new IllegalStateException("invalid OpenCL profiling timestamps on '" + device.facts().name() + "' (driver "
                + device.facts().extra().getOrDefault("driverVersion", "?") + "): " + what
                + ". kbench reports no time rather than a wrong one; this driver's marker events cannot time work "
                + "(see docs/opencl.md, 'Timestamps')");
    }

    private void requireRecorded(String operation) {
        requireUsable();
        if (event == null) {
            throw new IllegalStateException(operation + ": the event was never recorded; call record() first");
        }
    }

    private void requireUsable() {
        if (closed) {
            throw new IllegalStateException("the event is closed");
        }
    }

    private void releaseMarker() {
        if (event != null) {
            cl_event marker = event;
            event = null;
            Cl.check("clReleaseEvent(marker)", () -> CL.clReleaseEvent(marker));
            device.counts().onRelease(NativeCounts.Kind.EVENT);
        }
    }

    @Override
    public void close() {
        if (!closed) {
            release();
            device.forget(this);
        }
    }

    @Override
    public void release() {
        if (!closed) {
            closed = true;
            releaseMarker();
        }
    }
}

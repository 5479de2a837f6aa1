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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.Dim3;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelModule;
import dev.kbench.spi.Event;
import org.junit.jupiter.api.Test;

/** Marker events: their timestamps, their validation and their release. */
class EventTest {

    @Test
    void markersAroundAKernelMeasureAPositiveTime() {
        OpenClDevice device = OpenCl.device();
        try (KernelModule module = device.loadModule(Gelu.source()); DeviceBuffer x = device.allocate(4 << 16);
             Event start = device.createEvent(); Event end = device.createEvent()) {
            device.fill(x, 0);
            start.record();
            module.kernel(Gelu.ENTRY).launch(Gelu.grid(1 << 16, 256), Dim3.of(256), KernelArg.buffer(x), KernelArg.buffer(x),
                    KernelArg.i32(1 << 16));
            end.record();
            end.synchronize();
            double millis = start.elapsedMillis(end);
            assertTrue(millis > 0 && Double.isFinite(millis), "a kernel between the markers takes time, got " + millis);
            assertEquals(0.0, start.elapsedMillis(start), "an event to itself is zero");
        }
    }

    @Test
    void anEndEventRecordedBeforeTheStartIsRefusedNotReported() {
        OpenClDevice device = OpenCl.device();
        try (KernelModule module = device.loadModule(Gelu.source()); DeviceBuffer x = device.allocate(4 << 16);
             Event early = device.createEvent(); Event late = device.createEvent()) {
            device.fill(x, 0);
            early.record();
            module.kernel(Gelu.ENTRY).launch(Gelu.grid(1 << 16, 256), Dim3.of(256), KernelArg.buffer(x), KernelArg.buffer(x),
                    KernelArg.i32(1 << 16));
            late.record();
            device.synchronize();
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> late.elapsedMillis(early));
            assertTrue(e.getMessage().startsWith("invalid OpenCL profiling timestamps on '" + device.facts().name() + "'"),
                    e.getMessage());
            assertTrue(e.getMessage().contains("the end marker completed before the start marker"), e.getMessage());
            assertTrue(e.getMessage().contains("the timestamps are not monotonic"), e.getMessage());
        }
    }

    @Test
    void unrecordedClosedAndForeignEventsAreErrors() {
        OpenClDevice device = OpenCl.device();
        try (Event recorded = device.createEvent(); Event never = device.createEvent()) {
            recorded.record();
            IllegalStateException unrecorded = assertThrows(IllegalStateException.class, () -> recorded.elapsedMillis(never));
            assertEquals("elapsedMillis (end event): the event was never recorded; call record() first", unrecorded.getMessage());
            assertThrows(IllegalStateException.class, never::synchronize);
            Event closed = device.createEvent();
            closed.record();
            closed.close();
            closed.close();
            assertEquals("the event is closed", assertThrows(IllegalStateException.class, closed::record).getMessage());
            Event foreign = new Event() {
                @Override
                public void record() {
                }

                @Override
                public void synchronize() {
                }

                @Override
                public double elapsedMillis(Event end) {
                    return 0;
                }

                @Override
                public void close() {
                }
            };
            assertThrows(IllegalArgumentException.class, () -> recorded.elapsedMillis(foreign));
        }
    }

    @Test
    void recordingAgainReleasesThePreviousMarkerAndCloseReleasesTheLast() {
        OpenClDevice device = OpenCl.device();
        NativeCounts counts = device.counts();
        long created = counts.created(NativeCounts.Kind.EVENT);
        long live = counts.live(NativeCounts.Kind.EVENT);
        Event event = device.createEvent();
        assertEquals(live, counts.live(NativeCounts.Kind.EVENT), "no cl_event before the first record");
        event.record();
        event.record();
        event.record();
        assertEquals(created + 3, counts.created(NativeCounts.Kind.EVENT));
        assertEquals(live + 1, counts.live(NativeCounts.Kind.EVENT));
        event.close();
        assertEquals(live, counts.live(NativeCounts.Kind.EVENT));
    }
}

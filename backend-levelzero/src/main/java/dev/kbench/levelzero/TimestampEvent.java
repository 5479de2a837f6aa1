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
package dev.kbench.levelzero;

import dev.kbench.spi.Event;
import java.lang.foreign.ValueLayout;

/**
 * A timing event: {@link #record()} appends a barrier then {@code zeCommandListAppendWriteGlobalTimestamp}
 * into this event's slot of host memory; {@link #elapsedMillis(Event)} converts the difference of two
 * slots with the device's {@link DeviceClock} (valid bits masked, one wrap-around handled).
 */
final class TimestampEvent implements Event {

    private final LevelZeroDevice device;
    private final TimestampSlots.Slot slot;
    /** Where the timestamp is in the stream; 0 until recorded. */
    private long position;
    private boolean closed;

    TimestampEvent(LevelZeroDevice device, TimestampSlots.Slot slot) {
        this.device = device;
        this.slot = slot;
    }

    @Override
    public void record() {
        ensureOpen();
        position = device.appendTimestamp(slot.segment());
    }

    @Override
    public void synchronize() {
        ensureOpen();
        ensureRecorded("synchronize on");
        device.awaitCompleted(position);
    }

    @Override
    public double elapsedMillis(Event end) {
        ensureOpen();
        if (!(end instanceof TimestampEvent other) || other.device != device) {
            throw new IllegalArgumentException("the end event was not created by the same levelzero device: " + end);
        }
        other.ensureOpen();
        ensureRecorded("measure from");
        other.ensureRecorded("measure to");
        if (other.position < position) {
            throw new IllegalStateException("the end event was recorded before the start event; record start first");
        }
        device.awaitCompleted(other.position);
        return device.clock().elapsedNanos(raw(), other.raw()) / 1e6;
    }

    /**
     * The raw timestamp the device wrote, invalid high bits included.
     *
     * @return the value
     * @throws IllegalStateException if the device has not written it
     */
    long raw() {
        long value = slot.segment().get(ValueLayout.JAVA_LONG, 0);
        if (value == LevelZeroDevice.UNWRITTEN) {
            throw new IllegalStateException("the device did not write the event's timestamp although the stream "
                    + "completed past it");
        }
        return value;
    }

    private void ensureRecorded(String what) {
        if (position == 0) {
            throw new IllegalStateException("cannot " + what + " an event that was not recorded; call record() first");
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("the event is closed");
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        device.release(this);
        if (!device.isClosed()) {
            // A timestamp still in flight may land in the slot later; the next user of the slot only reads
            // it after its own, later, timestamp has completed, and the slab is freed after synchronising.
            device.slots().release(slot);
        }
    }
}

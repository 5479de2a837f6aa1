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

import dev.kbench.spi.StreamGate;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jocl.CL;
import org.jocl.cl_event;

/**
 * The OpenCL form of NVBench's blocking kernel: a barrier on the in-order queue waiting for a user
 * event, which {@link #release()} completes. One watchdog thread per gate (started on the first hold, ended
 * by {@link #close()}) completes a hold's event after the timeout and marks the hold timed out, so work that
 * blocks the host (a {@code clFinish} in the timed function) ends instead of waiting for ever. It is one
 * thread for all holds, not one per hold: cold calls are held one at a time, and a thread per call cost
 * host time on every call.
 */
final class OpenClStreamGate implements StreamGate {

    private final OpenClDevice device;
    private final long timeoutNanos;
    private cl_event user;
    private AtomicBoolean released = new AtomicBoolean(true);
    private volatile boolean timedOut;
    private boolean closed;
    /** Guards what the watchdog sees; the watchdog completes an event only while holding it. */
    private final Object lock = new Object();
    /** The hold the watchdog would time out, and its flag; null when none is armed. */
    private cl_event armed;
    private AtomicBoolean armedDone;
    private long deadline;
    private boolean stopping;
    private Thread watchdog;

    OpenClStreamGate(OpenClDevice device, double timeoutMillis) {
        if (!(timeoutMillis > 0) || Double.isInfinite(timeoutMillis)) {
            throw new IllegalArgumentException("timeoutMillis must be positive and finite, got " + timeoutMillis);
        }
        this.device = device;
        this.timeoutNanos = (long) (timeoutMillis * 1e6);
    }

    /** {@inheritDoc} <p>Call it only after the queue was finished since the last hold. */
    @Override
    public void hold() {
        requireOpen();
        device.checkOpen();
        releaseEvent();
        int[] errcode = new int[1];
        cl_event created = Cl.create(e -> CL.clCreateUserEvent(device.context(), e), errcode);
        Cl.checkCreated("clCreateUserEvent", errcode, "holding the queue for a hot batch");
        user = created;
        AtomicBoolean done = new AtomicBoolean();
        released = done;
        timedOut = false;
        Cl.check("clEnqueueBarrierWithWaitList(user event)",
                () -> CL.clEnqueueBarrierWithWaitList(device.queue(), 1, new cl_event[] {created}, null));
        synchronized (lock) {
            armed = created;
            armedDone = done;
            deadline = System.nanoTime() + timeoutNanos;
            if (watchdog == null) {
                watchdog = Thread.ofPlatform().daemon().name("kbench-opencl-gate").start(this::watch);
            }
            lock.notifyAll();
        }
    }

    /** The watchdog: waits for an armed hold's deadline and completes its event if nothing released it. */
    private void watch() {
        synchronized (lock) {
            while (!stopping) {
                long left = armed == null ? 0 : deadline - System.nanoTime();
                try {
                    if (armed == null) {
                        lock.wait();
                        continue;
                    }
                    if (left > 0) {
                        lock.wait(left / 1_000_000, (int) (left % 1_000_000));
                        continue;
                    }
                } catch (InterruptedException e) {
                    return;
                }
                cl_event event = armed;
                AtomicBoolean done = armedDone;
                armed = null;
                if (done.compareAndSet(false, true)) {
                    timedOut = true;
                    // under the lock: the event is released only after this call has returned
                    CL.clSetUserEventStatus(event, CL.CL_COMPLETE);
                }
            }
        }
    }

    @Override
    public void release() {
        requireOpen();
        AtomicBoolean done = released;
        if (done.compareAndSet(false, true)) {
            Cl.check("clSetUserEventStatus(CL_COMPLETE)", () -> CL.clSetUserEventStatus(user, CL.CL_COMPLETE));
        }
        disarm();
    }

    /**
     * Disarms the watchdog and waits until it is outside {@code clSetUserEventStatus}: one that timed out may
     * still be inside it after the queue moved on, and the event must outlive that call (PoCL crashed in
     * {@code pocl_broadcast} when it was released first).
     */
    private void disarm() {
        synchronized (lock) {
            armed = null;
            armedDone = null;
        }
    }

    @Override
    public boolean timedOut() {
        requireOpen();
        return timedOut;
    }

    @Override
    public String technique() {
        return "user event";
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("the stream gate is closed");
        }
    }

    private void releaseEvent() {
        disarm();
        if (user != null) {
            cl_event event = user;
            user = null;
            CL.clReleaseEvent(event);
        }
    }

    @Override
    public void close() {
        if (!closed) {
            release();
            closed = true;
            releaseEvent();
            Thread thread;
            synchronized (lock) {
                stopping = true;
                lock.notifyAll();
                thread = watchdog;
            }
            if (thread != null) {
                boolean interrupted = false;
                while (true) {
                    try {
                        thread.join();
                        break;
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}

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
package dev.kbench.spi;

/**
 * Holds a device's work stream shut while the host enqueues a batch of calls, so that the batch runs
 * back to back on the device with no host launch gaps in it: NVBench's blocking kernel, by whatever
 * means a backend has (a spinning kernel on CUDA, a user event on OpenCL).
 *
 * <p>Use: {@link #hold()}, record the start event, enqueue the batch, record the end event,
 * {@link #release()}, synchronize, then read {@link #timedOut()}. A gate whose {@link #maxHolds()} is more
 * than one may hold the next batch before the current one is released: holds then queue on the stream,
 * and each {@link #release()} lets the oldest one go. A hold that is never released
 * (the work between blocks the host, e.g. by synchronizing, or the backend's queue of pending launches
 * is full) ends by itself after the timeout the gate was created with; the batch timed behind it then
 * holds launch gaps and must be discarded. Not thread-safe, except {@link #release()}.
 */
public interface StreamGate extends AutoCloseable {

    /**
     * Enqueues a hold on the device's work stream: work enqueued after it waits until its
     * {@link #release()} or its timeout. Returns at once. At most {@link #maxHolds()} holds may be in place
     * (enqueued and not released) at once.
     *
     * @throws IllegalStateException if {@link #maxHolds()} holds are already in place
     */
    void hold();

    /**
     * Lets the oldest hold in place go; may be called from any thread, at most once per hold. Work enqueued
     * behind a later hold still waits for that one.
     */
    void release();

    /**
     * Whether the hold released last ended by its timeout instead of by {@link #release()}.
     *
     * @return true if that hold timed out; read once the work behind it has completed (an event recorded
     *     after it, or the stream, synchronized)
     */
    boolean timedOut();

    /**
     * How many holds may be in place at once. With two, a caller can enqueue the next call's hold before it
     * releases the current one, so the device goes from one call to the next without waiting for the host.
     *
     * @return at least 1; the default is 1
     */
    default int maxHolds() {
        return 1;
    }

    /**
     * How the gate holds the stream, for results and messages, e.g. {@code "blocking kernel"}.
     *
     * @return a short description
     */
    String technique();

    /** Frees the gate; a hold still in place is released first. Idempotent. */
    @Override
    void close();
}

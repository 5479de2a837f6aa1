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
 * {@link #release()}, synchronize, then read {@link #timedOut()}. A hold that is never released
 * (the work between blocks the host, e.g. by synchronizing, or the backend's queue of pending launches
 * is full) ends by itself after the timeout the gate was created with; the batch timed behind it then
 * holds launch gaps and must be discarded. Not thread-safe, except {@link #release()}.
 */
public interface StreamGate extends AutoCloseable {

    /**
     * Enqueues the hold on the device's work stream: work enqueued after it waits until
     * {@link #release()} or the timeout. Returns at once.
     */
    void hold();

    /** Lets the held stream run; may be called from any thread, at most once per hold. */
    void release();

    /**
     * Whether the last hold ended by its timeout instead of by {@link #release()}.
     *
     * @return true if the last hold timed out; read after the stream was synchronized
     */
    boolean timedOut();

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

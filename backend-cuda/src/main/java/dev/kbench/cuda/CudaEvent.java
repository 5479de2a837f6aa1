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

import dev.kbench.spi.Event;
import java.util.Objects;
import jcuda.driver.CUevent;
import jcuda.driver.CUevent_flags;
import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;

/**
 * A timing event: {@code cuEventCreate} with default flags (timing enabled), {@code cuEventRecord} on
 * the device's stream, {@code cuEventElapsedTime}. Recorded during a capture, it becomes an event
 * record node and holds the timestamp of the latest replay. Not thread-safe.
 */
final class CudaEvent implements Event {

    private final CudaDevice device;
    private final CUevent event = new CUevent();
    private final float[] elapsed = new float[1];
    private boolean recorded;
    private boolean closed;

    CudaEvent(CudaDevice device) {
        this.device = device;
        Cuda.check(JCudaDriver.cuEventCreate(event, CUevent_flags.CU_EVENT_DEFAULT), "cuEventCreate");
    }

    @Override
    public void record() {
        ensureOpen();
        device.record(event);
        recorded = true;
    }

    @Override
    public void synchronize() {
        ensureOpen();
        device.makeCurrent();
        Cuda.check(JCudaDriver.cuEventSynchronize(event), "cuEventSynchronize");
    }

    @Override
    public double elapsedMillis(Event end) {
        Objects.requireNonNull(end, "end");
        if (!(end instanceof CudaEvent other) || other.device != device) {
            throw new IllegalArgumentException("the end event was not created by this cuda device");
        }
        ensureOpen();
        other.ensureOpen();
        if (!recorded || !other.recorded) {
            throw new IllegalStateException("elapsed time needs both events recorded; "
                    + (recorded ? "the end" : "the start") + " event was not");
        }
        device.makeCurrent();
        int result = JCudaDriver.cuEventElapsedTime(elapsed, event, other.event);
        if (result == CUresult.CUDA_ERROR_NOT_READY) {
            throw new IllegalStateException("cuEventElapsedTime: the events have not completed; synchronize first");
        }
        Cuda.check(result, "cuEventElapsedTime");
        double millis = elapsed[0];
        if (!(millis >= 0) || Double.isInfinite(millis)) {
            throw new IllegalStateException("cuEventElapsedTime gave " + millis
                    + " ms; the end event must be recorded after the start event on the same stream");
        }
        return millis;
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("the cuda event is closed");
        }
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (!device.isClosed()) {
            device.makeCurrent();
            JCudaDriver.cuEventDestroy(event);
        }
    }
}

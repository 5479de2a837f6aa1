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

import dev.kbench.spi.kit.BufferCacheClearer;
import jcuda.driver.JCudaDriver;

/**
 * Triton's {@code clear_cache} on CUDA: a {@code cuMemsetD32Async} of zeros over a device buffer, on the
 * device's stream (captured as a memset node inside a graph). A size that is not a multiple of 4 is kept
 * as asked and written with {@code cuMemsetD8Async}, as the other backends write it. Not thread-safe.
 */
final class CudaCacheClearer extends BufferCacheClearer<CudaBuffer> {

    private final CudaDevice device;

    CudaCacheClearer(CudaDevice device, long bytes) {
        super((CudaBuffer) device.allocate(bytes));
        this.device = device;
    }

    @Override
    protected void overwrite(CudaBuffer buffer) {
        device.makeCurrent();
        if (buffer.bytes() % 4 == 0) {
            Cuda.check(JCudaDriver.cuMemsetD32Async(buffer.pointer(), 0, buffer.bytes() / 4, device.stream()),
                    "cuMemsetD32Async (cache clear)");
        } else {
            Cuda.check(JCudaDriver.cuMemsetD8Async(buffer.pointer(), (byte) 0, buffer.bytes(), device.stream()),
                    "cuMemsetD8Async (cache clear)");
        }
    }
}

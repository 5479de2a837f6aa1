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

import dev.kbench.spi.kit.NativeBuffer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.JCudaDriver;

/** Device memory from {@code cuMemAlloc}, freed with {@code cuMemFree}. Not thread-safe. */
final class CudaBuffer extends NativeBuffer<CudaDevice> {

    private final CUdeviceptr pointer;

    CudaBuffer(CudaDevice device, CUdeviceptr pointer, long bytes) {
        super("cuda", device, bytes);
        this.pointer = pointer;
    }

    CUdeviceptr pointer() {
        return pointer;
    }

    @Override
    protected void free() {
        if (!device().isClosed()) {
            device().makeCurrent();
            JCudaDriver.cuMemFree(pointer);
        }
    }
}

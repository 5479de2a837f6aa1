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

import dev.kbench.spi.kit.BufferCacheClearer;
import org.jocl.Pointer;

/**
 * Triton's {@code clear_cache} on OpenCL: {@code clEnqueueFillBuffer} of zeros over a device buffer of the
 * chosen size, on the device's queue. A 4-byte pattern when the size allows it, else a 1-byte one. The
 * device releases the buffer, and so the clearer, when it closes.
 */
final class OpenClCacheClearer extends BufferCacheClearer<OpenClBuffer> {

    private final OpenClDevice device;
    private final Pointer pattern;
    private final int patternBytes;

    OpenClCacheClearer(OpenClDevice device, OpenClBuffer buffer) {
        super(buffer);
        this.device = device;
        if (buffer.bytes() % Integer.BYTES == 0) {
            this.pattern = Pointer.to(new int[] {0});
            this.patternBytes = Integer.BYTES;
        } else {
            this.pattern = Pointer.to(new byte[] {0});
            this.patternBytes = 1;
        }
    }

    @Override
    protected void overwrite(OpenClBuffer buffer) {
        device.checkOpen();
        device.enqueueFill(buffer, pattern, patternBytes);
    }
}

package dev.kbench.opencl;

import dev.kbench.api.support.BufferCacheClearer;
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

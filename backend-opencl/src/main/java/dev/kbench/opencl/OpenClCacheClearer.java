package dev.kbench.opencl;

import dev.kbench.api.CacheClearer;
import org.jocl.Pointer;

/**
 * Triton's {@code clear_cache} on OpenCL: {@code clEnqueueFillBuffer} of zeros over a device buffer of the
 * chosen size, on the device's queue. A 4-byte pattern when the size allows it, else a 1-byte one.
 */
final class OpenClCacheClearer implements CacheClearer, Resource {

    private final OpenClDevice device;
    private final OpenClBuffer buffer;
    private final Pointer pattern;
    private final int patternBytes;
    private boolean closed;

    OpenClCacheClearer(OpenClDevice device, OpenClBuffer buffer) {
        this.device = device;
        this.buffer = buffer;
        if (buffer.bytes() % Integer.BYTES == 0) {
            this.pattern = Pointer.to(new int[] {0});
            this.patternBytes = Integer.BYTES;
        } else {
            this.pattern = Pointer.to(new byte[] {0});
            this.patternBytes = 1;
        }
    }

    @Override
    public void clear() {
        if (closed) {
            throw new IllegalStateException("this cache clearer is closed");
        }
        device.checkOpen();
        device.enqueueFill(buffer, pattern, patternBytes);
    }

    @Override
    public long bytes() {
        return buffer.bytes();
    }

    @Override
    public void close() {
        if (!closed) {
            release();
            device.forget(this);
        }
    }

    @Override
    public void release() {
        closed = true;
        buffer.close();
    }
}

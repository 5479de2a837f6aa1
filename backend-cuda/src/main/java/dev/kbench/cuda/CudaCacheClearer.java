package dev.kbench.cuda;

import dev.kbench.api.CacheClearer;
import jcuda.driver.JCudaDriver;

/**
 * Triton's {@code clear_cache} on CUDA: a {@code cuMemsetD32Async} of zeros over a device buffer, on the
 * device's stream (captured as a memset node inside a graph). Not thread-safe.
 */
final class CudaCacheClearer implements CacheClearer {

    private final CudaDevice device;
    private final CudaBuffer buffer;
    private final long words;

    CudaCacheClearer(CudaDevice device, long bytes) {
        this.device = device;
        this.words = Math.ceilDiv(bytes, 4);
        this.buffer = (CudaBuffer) device.allocate(words * 4);
    }

    @Override
    public void clear() {
        if (buffer.isClosed()) {
            throw new IllegalStateException("the cache clearer is closed");
        }
        device.makeCurrent();
        Cuda.check(JCudaDriver.cuMemsetD32Async(buffer.pointer(), 0, words, device.stream()), "cuMemsetD32Async (cache clear)");
    }

    CudaBuffer buffer() {
        return buffer;
    }

    @Override
    public long bytes() {
        return words * 4;
    }

    @Override
    public void close() {
        buffer.close();
    }
}

package dev.kbench.cuda;

import dev.kbench.api.support.BufferCacheClearer;
import jcuda.driver.JCudaDriver;

/**
 * Triton's {@code clear_cache} on CUDA: a {@code cuMemsetD32Async} of zeros over a device buffer, on the
 * device's stream (captured as a memset node inside a graph). A size that is not a multiple of 4 is
 * rounded up. Not thread-safe.
 */
final class CudaCacheClearer extends BufferCacheClearer<CudaBuffer> {

    private final CudaDevice device;

    CudaCacheClearer(CudaDevice device, long bytes) {
        super((CudaBuffer) device.allocate(Math.ceilDiv(bytes, 4) * 4));
        this.device = device;
    }

    @Override
    protected void overwrite(CudaBuffer buffer) {
        device.makeCurrent();
        Cuda.check(JCudaDriver.cuMemsetD32Async(buffer.pointer(), 0, buffer.bytes() / 4, device.stream()),
                "cuMemsetD32Async (cache clear)");
    }
}

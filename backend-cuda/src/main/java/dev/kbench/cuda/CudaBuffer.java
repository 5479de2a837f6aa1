package dev.kbench.cuda;

import dev.kbench.api.support.NativeBuffer;
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

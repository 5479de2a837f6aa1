package dev.kbench.cuda;

import dev.kbench.api.DeviceBuffer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.JCudaDriver;

/** Device memory from {@code cuMemAlloc}, freed with {@code cuMemFree}. Not thread-safe. */
final class CudaBuffer implements DeviceBuffer {

    private final CudaDevice device;
    private final CUdeviceptr pointer;
    private final long bytes;
    private boolean closed;

    CudaBuffer(CudaDevice device, CUdeviceptr pointer, long bytes) {
        this.device = device;
        this.pointer = pointer;
        this.bytes = bytes;
    }

    CudaDevice device() {
        return device;
    }

    CUdeviceptr pointer() {
        return pointer;
    }

    boolean isClosed() {
        return closed;
    }

    @Override
    public long bytes() {
        return bytes;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (!device.isClosed()) {
            device.makeCurrent();
            JCudaDriver.cuMemFree(pointer);
        }
    }

    @Override
    public String toString() {
        return "CudaBuffer[" + bytes + " bytes" + (closed ? ", closed" : "") + "]";
    }
}

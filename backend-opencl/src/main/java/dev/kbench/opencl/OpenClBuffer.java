package dev.kbench.opencl;

import dev.kbench.api.DeviceBuffer;
import org.jocl.CL;
import org.jocl.cl_mem;

/** A {@code cl_mem} buffer of an {@link OpenClDevice}. */
final class OpenClBuffer implements DeviceBuffer, Resource {

    private final OpenClDevice device;
    private final cl_mem mem;
    private final long bytes;
    private boolean closed;

    OpenClBuffer(OpenClDevice device, cl_mem mem, long bytes) {
        this.device = device;
        this.mem = mem;
        this.bytes = bytes;
    }

    @Override
    public long bytes() {
        return bytes;
    }

    OpenClDevice device() {
        return device;
    }

    cl_mem mem() {
        return mem;
    }

    boolean isClosed() {
        return closed;
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
        if (closed) {
            return;
        }
        closed = true;
        Cl.check("clReleaseMemObject(" + bytes + " bytes)", () -> CL.clReleaseMemObject(mem));
        device.counts().onRelease(NativeCounts.Kind.BUFFER);
    }

    @Override
    public String toString() {
        return "OpenClBuffer[" + bytes + " bytes" + (closed ? ", closed" : "") + "]";
    }
}

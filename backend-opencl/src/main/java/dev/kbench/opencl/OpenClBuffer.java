package dev.kbench.opencl;

import dev.kbench.api.support.NativeBuffer;
import org.jocl.CL;
import org.jocl.cl_mem;

/** A {@code cl_mem} buffer of an {@link OpenClDevice}. */
final class OpenClBuffer extends NativeBuffer<OpenClDevice> implements Resource {

    private final cl_mem mem;

    OpenClBuffer(OpenClDevice device, cl_mem mem, long bytes) {
        super("opencl", device, bytes);
        this.mem = mem;
    }

    cl_mem mem() {
        return mem;
    }

    @Override
    protected void free() {
        device().forget(this);
        Cl.check("clReleaseMemObject(" + bytes() + " bytes)", () -> CL.clReleaseMemObject(mem));
        device().counts().onRelease(NativeCounts.Kind.BUFFER);
    }

    @Override
    public void release() {
        close();
    }
}

package dev.kbench.cuda;

import dev.kbench.api.CapturedGraph;
import jcuda.driver.CUgraphExec;
import jcuda.driver.JCudaDriver;

/** An instantiated CUDA graph, replayed with {@code cuGraphLaunch} on the device's stream. Not thread-safe. */
final class CudaGraph implements CapturedGraph {

    private final CudaDevice device;
    private final CUgraphExec exec;
    private boolean closed;

    CudaGraph(CudaDevice device, CUgraphExec exec) {
        this.device = device;
        this.exec = exec;
    }

    @Override
    public void replay() {
        if (closed) {
            throw new IllegalStateException("the captured graph is closed");
        }
        device.makeCurrent();
        Cuda.check(JCudaDriver.cuGraphLaunch(exec, device.stream()), "cuGraphLaunch");
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        if (!device.isClosed()) {
            device.makeCurrent();
            JCudaDriver.cuGraphExecDestroy(exec);
        }
    }
}

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
package dev.kbench.cuda;

import dev.kbench.spi.CapturedGraph;
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

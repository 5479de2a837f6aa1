package dev.kbench.cli.suite;

import dev.kbench.api.Dim3;
import dev.kbench.api.Kernel;
import dev.kbench.api.KernelArg;
import dev.kbench.api.Workload;
import java.util.List;

/**
 * {@code empty}: one work-item of a kernel that does nothing, the launch floor. Its one int parameter
 * is unused (NVIDIA's OpenCL compiler cannot build a kernel without parameters).
 */
final class EmptyWorkload implements Workload {

    private final Kernel kernel;

    EmptyWorkload(SuiteKernels kernels) {
        this.kernel = kernels.kernel("empty");
    }

    private static final List<KernelArg> ARGS = List.of(KernelArg.i32(0));

    @Override
    public void run() {
        kernel.launch(Dim3.of(1), Dim3.of(1), ARGS);
    }
}

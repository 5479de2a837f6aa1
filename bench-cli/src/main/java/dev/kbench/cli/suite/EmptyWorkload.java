package dev.kbench.cli.suite;

import dev.kbench.api.Dim3;
import dev.kbench.api.Kernel;
import dev.kbench.api.Workload;
import java.util.List;

/** {@code empty}: one work-item of a kernel that does nothing, the launch floor. */
final class EmptyWorkload implements Workload {

    private final Kernel kernel;

    EmptyWorkload(SuiteKernels kernels) {
        this.kernel = kernels.kernel("empty");
    }

    @Override
    public void run() {
        kernel.launch(Dim3.of(1), Dim3.of(1), List.of());
    }
}

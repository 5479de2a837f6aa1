/** kbench's cuda backend. */
module dev.kbench.cuda {
    requires dev.kbench.api;

    provides dev.kbench.api.Driver with dev.kbench.cuda.CudaDriver;
}

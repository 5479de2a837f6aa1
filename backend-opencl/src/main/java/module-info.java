/** kbench's opencl backend. */
module dev.kbench.opencl {
    requires dev.kbench.api;

    provides dev.kbench.api.Driver with dev.kbench.opencl.OpenClDriver;
}

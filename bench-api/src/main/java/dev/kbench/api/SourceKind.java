package dev.kbench.api;

/** The form a kernel module is given in; each backend accepts some of them. */
public enum SourceKind {
    /** NVIDIA PTX assembly (text), JIT-compiled by the CUDA driver. */
    PTX,
    /** NVIDIA cubin or fatbin (binary). */
    CUBIN,
    /** OpenCL C source (text), built by the OpenCL driver. */
    OPENCL_C,
    /** SPIR-V (binary), for OpenCL 2.1+ and Level Zero. */
    SPIRV
}

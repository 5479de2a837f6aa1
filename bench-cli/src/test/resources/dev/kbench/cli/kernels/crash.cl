// An out-of-bounds write far past its buffer: on PoCL, which runs kernels in the JVM's process, it crashes
// the JVM. The crash-output test.
__kernel void crash(__global int *x, long offset) {
    x[offset + get_global_id(0)] = 1;
}

// A valid SPIR-V module whose kernel the test driver has no CPU implementation of: its zeModuleCreate
// fails with ZE_RESULT_ERROR_MODULE_BUILD_FAILURE and a build log, as a real compiler error would.
__kernel void saxpy(__global float* y, __global const float* x, float a, uint n) {
    size_t i = get_global_id(0);
    if (i < n) {
        y[i] = a * x[i] + y[i];
    }
}

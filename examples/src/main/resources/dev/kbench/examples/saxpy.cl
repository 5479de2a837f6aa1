// Two implementations of z = a * x + y: one float per work-item, and four (float4) per work-item.
__kernel void saxpy(__global const float *x, __global const float *y, __global float *z, float a, int n) {
    size_t i = get_global_id(0);
    if (i < (size_t) n) {
        z[i] = a * x[i] + y[i];
    }
}

// n must be a multiple of 4; work-item i handles elements 4i .. 4i + 3.
__kernel void saxpy4(__global const float4 *x, __global const float4 *y, __global float4 *z, float a, int n) {
    size_t i = get_global_id(0);
    if (i < (size_t) n / 4) {
        z[i] = a * x[i] + y[i];
    }
}

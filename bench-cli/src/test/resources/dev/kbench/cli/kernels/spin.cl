// A kernel whose work is set by an argument: `iters` dependent multiply-adds per element. Doubling
// iters doubles the work with the same memory traffic: the planted difference of the tests.
__kernel void spin(__global float *x, int n, int iters) {
    size_t i = get_global_id(0);
    if (i < (size_t) n) {
        float v = x[i];
        for (int k = 0; k < iters; k++) {
            v = v * 0.999f + 0.001f;
        }
        x[i] = v;
    }
}

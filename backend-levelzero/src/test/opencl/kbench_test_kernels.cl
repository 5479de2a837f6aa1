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
// Kernels the Level Zero backend's tests load as SPIR-V (kbench_test_kernels.spv, built from this file
// by regenerate-spirv.sh). They are real OpenCL C kernels for a real device; the test driver
// (src/test/c/ze_test_driver.c) recognises them by entry-point name and parameter types and runs its
// own CPU implementation of each, with the same semantics, except busy_wait (see below).

// fill, copy and block_sum (and kinds) are the conformance kit's kernels, one source for both:
// regenerate-spirv.sh compiles this file with bench-tck's resource directory on the include path.
#include "conformance.cl"

// The tanh approximation of GELU, as PyTorch's gelu(approximate='tanh').
__kernel void gelu(__global const float* in, __global float* out, uint n) {
    size_t i = get_global_id(0);
    if (i < n) {
        float x = in[i];
        out[i] = 0.5f * x * (1.0f + tanh(0.7978845608028654f * (x + 0.044715f * x * x * x)));
    }
}

// A kernel that keeps the device busy. The test driver runs it for `micros` microseconds of its
// device clock, whatever the launch size, which makes durations checkable. On a real device the loop
// runs micros * 1000 dependent steps per work item: the duration is then NOT micros microseconds.
__kernel void busy_wait(__global ulong* out, ulong micros) {
    ulong acc = get_global_id(0);
    for (ulong k = 0; k < micros * 1000; k++) {
        acc = acc * 6364136223846793005UL + 1442695040888963407UL;
    }
    if (get_global_id(0) == 0) {
        out[0] = acc;
    }
}

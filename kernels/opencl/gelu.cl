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
// GELU forward, exact (erf) form, one element per work item:
//     out[i] = x[i] * 0.5 * (1 + erf(x[i] / sqrt(2)))
// The OpenCL C twin of Triton's gelu_forward_kernel (the kernel do_bench is usually shown timing), which computes
// x * 0.5 * (1 + erf(x * SQRT_2_INV)) with SQRT_2_INV = 0.7071067811865476 over BLOCK-sized programs and
// masks the tail with offsets < n. Here the NDRange is rounded up to whole work-groups and the tail is
// masked the same way.
//
// Used by backend-opencl's tests and by bench/evidence's GeluSweep and MarkerOverhead (copied beside
// them by backend-opencl/pom.xml and bench/evidence/pom.xml; this file is the one source).

__kernel void gelu_forward(__global const float *x, __global float *out, const int n)
{
    const size_t i = get_global_id(0);
    if (i < (size_t) n) {
        const float v = x[i];
        out[i] = v * 0.5f * (1.0f + erf(v * 0.70710678118654752f));
    }
}

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
// GELU (erf form) over n floats, one element per thread, 1-D grid:
//   out[i] = x[i] * 0.5f * (1 + erff(x[i] * 0.70710678f))
// the same arithmetic as the Triton gelu_forward_kernel that do_bench is usually shown timing.
// `empty` has the same signature and does nothing: the launch floor (n = 2^0 in the sweeps).
// Compiled to gelu.ptx by build-ptx.sh; the PTX is what kbench, the C harness and Triton/CuPy load.

extern "C" __global__ void gelu(const float* __restrict__ x, float* __restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float v = x[i];
        out[i] = v * 0.5f * (1.0f + erff(v * 0.70710678f));
    }
}

extern "C" __global__ void empty(const float* __restrict__ x, float* __restrict__ out, int n)
{
}

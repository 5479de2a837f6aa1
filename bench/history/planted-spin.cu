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

// Source of planted-spin.ptx (see its header).
#ifndef SPIN
#define SPIN 1001
#endif
extern "C" __global__ void planted_spin(const float* __restrict__ x, float* __restrict__ out, int n)
{
    // every thread first waits SPIN cycles of its SM's clock: with all blocks resident at once (one wave),
    // the kernel's time grows by SPIN cycles, whatever the memory system does
    long long start = clock64();
    while (clock64() - start < SPIN) {
    }
    long long stride = (long long)gridDim.x * blockDim.x;
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
        float v = x[i];
        out[i] = v * 0.5f * (1.0f + erff(v * 0.70710678f));
    }
}

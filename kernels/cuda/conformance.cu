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
// The conformance kit's kernels (bench-tck's conformance.cl) for CUDA, with the same names and
// semantics. block_sum's scratch is the launch's dynamic shared memory: the kit's Local argument
// sets its size and is not a kernel parameter. Compiled to conformance.ptx by build-ptx.sh.

extern "C" __global__ void fill(float* out, float value, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = value;
    }
}

extern "C" __global__ void copy(const float* in, float* out, unsigned n)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = in[i];
    }
}

extern "C" __global__ void block_sum(const float* in, float* out, unsigned n)
{
    extern __shared__ float scratch[];
    unsigned lid = threadIdx.x;
    unsigned gid = blockIdx.x * blockDim.x + threadIdx.x;
    scratch[lid] = gid < n ? in[gid] : 0.0f;
    __syncthreads();
    for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (lid < stride) {
            scratch[lid] += scratch[lid + stride];
        }
        __syncthreads();
    }
    if (lid == 0) {
        out[blockIdx.x] = scratch[0];
    }
}

extern "C" __global__ void kinds(double* out, int a, long long b, float c, double d)
{
    if (blockIdx.x == 0 && threadIdx.x == 0) {
        out[0] = (double) a;
        out[1] = (double) b;
        out[2] = (double) c;
        out[3] = d;
    }
}

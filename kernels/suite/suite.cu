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
// kbench built-in suite, CUDA C. The same kernels, with the same names and parameters, as suite.cl;
// build-ptx.sh compiles this file to suite.ptx, which the CUDA backend JIT-compiles.
//
// Launch geometry (grid = blocks per dimension, block = threads per block):
//   empty       grid 1, block 1
//   copy, triad, gelu: block 256, grid ceil(n / 256)
//   reduce_sum  block 256 (REDUCE_BLOCK), any grid: writes one partial sum per block
//   sgemm       block 16x16 (TILE), grid ceil(N / 16) x ceil(M / 16)

#define REDUCE_BLOCK 256
#define TILE 16

// The launch floor: a kernel that does nothing; the unused parameter matches suite.cl, where NVIDIA's
// OpenCL compiler cannot build a kernel without parameters.
extern "C" __global__ void empty(int unused) {
}

// dst[i] = src[i]
extern "C" __global__ void copy(const float *__restrict__ src, float *__restrict__ dst, int n) {
    size_t i = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
    if (i < (size_t) n) {
        dst[i] = src[i];
    }
}

// STREAM triad: a[i] = b[i] + s * c[i]
extern "C" __global__ void triad(float *__restrict__ a, const float *__restrict__ b, const float *__restrict__ c,
                                 float s, int n) {
    size_t i = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
    if (i < (size_t) n) {
        a[i] = b[i] + s * c[i];
    }
}

// out[i] = x * 0.5 * (1 + erf(x / sqrt(2))), the seeds' gelu_forward_kernel
extern "C" __global__ void gelu(const float *__restrict__ x, float *__restrict__ out, int n) {
    size_t i = (size_t) blockIdx.x * blockDim.x + threadIdx.x;
    if (i < (size_t) n) {
        float v = x[i];
        out[i] = v * 0.5f * (1.0f + erff(v * 0.7071067811865476f));
    }
}

// partial[block] = sum of x[i] over a grid-stride loop, reduced in a tree in shared memory.
// Launch with block REDUCE_BLOCK; a second launch with grid 1 over the partial sums gives the total.
extern "C" __global__ void reduce_sum(const float *__restrict__ x, float *__restrict__ partial, int n) {
    __shared__ float scratch[REDUCE_BLOCK];
    unsigned lid = threadIdx.x;
    size_t stride = (size_t) gridDim.x * REDUCE_BLOCK;
    float acc = 0.0f;
    for (size_t i = (size_t) blockIdx.x * REDUCE_BLOCK + lid; i < (size_t) n; i += stride) {
        acc += x[i];
    }
    scratch[lid] = acc;
    __syncthreads();
    for (unsigned s = REDUCE_BLOCK / 2; s > 0; s >>= 1) {
        if (lid < s) {
            scratch[lid] += scratch[lid + s];
        }
        __syncthreads();
    }
    if (lid == 0) {
        partial[blockIdx.x] = scratch[0];
    }
}

// C (M x N) = A (M x K) * B (K x N), row-major, with TILE x TILE tiles in shared memory.
extern "C" __global__ void sgemm(const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C,
                                 int M, int N, int K) {
    __shared__ float As[TILE][TILE];
    __shared__ float Bs[TILE][TILE];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int col = blockIdx.x * TILE + tx;
    int row = blockIdx.y * TILE + ty;
    float acc = 0.0f;
    for (int t = 0; t < K; t += TILE) {
        As[ty][tx] = (row < M && t + tx < K) ? A[(size_t) row * K + t + tx] : 0.0f;
        Bs[ty][tx] = (t + ty < K && col < N) ? B[(size_t) (t + ty) * N + col] : 0.0f;
        __syncthreads();
        for (int k = 0; k < TILE; k++) {
            acc += As[ty][k] * Bs[k][tx];
        }
        __syncthreads();
    }
    if (row < M && col < N) {
        C[(size_t) row * N + col] = acc;
    }
}

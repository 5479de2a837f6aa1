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
// NVBench beside kbench: the same kernel source (kernels/cuda/gelu.cu), the same launch shape as
// `kbench run --kernel kernels/cuda/gelu.ptx --entry gelu --block 256 --grid n/256`; the empty kernel
// as grid 1, block 1. NVBench reports cold time (L2 flushed before each call) and batch time (hot:
// back-to-back calls behind its blocking kernel). Built by bench/gpu/build-nvbench.sh.
#include <nvbench/nvbench.cuh>
#include <cuda_runtime.h>

#include "../../../kernels/cuda/gelu.cu"

static void gelu_bench(nvbench::state &state)
{
    const auto n = static_cast<int>(state.get_int64("n"));
    float *x = nullptr;
    float *out = nullptr;
    cudaMalloc(&x, sizeof(float) * n);
    cudaMalloc(&out, sizeof(float) * n);
    cudaMemset(x, 0, sizeof(float) * n);
    state.add_element_count(n);
    state.add_global_memory_reads<float>(n);
    state.add_global_memory_writes<float>(n);
    const int block = 256;
    const int grid = (n + block - 1) / block;
    state.exec([&](nvbench::launch &launch) { gelu<<<grid, block, 0, launch.get_stream()>>>(x, out, n); });
    cudaFree(x);
    cudaFree(out);
}
NVBENCH_BENCH(gelu_bench).add_int64_power_of_two_axis("n", {20, 22, 24});

static void empty_bench(nvbench::state &state)
{
    state.exec([&](nvbench::launch &launch) { empty<<<1, 1, 0, launch.get_stream()>>>(nullptr, nullptr, 0); });
}
NVBENCH_BENCH(empty_bench);

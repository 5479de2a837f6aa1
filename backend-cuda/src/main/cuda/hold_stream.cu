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
// The CUDA backend's stream gate (CudaStreamGate): NVBench's blocking kernel. One thread spins until the
// host sets flags[0] (host memory mapped into the device), or until timeout_ns of the device's global
// timer have passed; then it sets flags[1] so the host can tell the batch behind it was not held.
// Compiled to PTX for the oldest architecture nvcc 13 targets, kept in src/main/resources:
//   nvcc -ptx -arch=compute_75 -O3 -o src/main/resources/dev/kbench/cuda/hold_stream.ptx src/main/cuda/hold_stream.cu
extern "C" __global__ void kbench_hold_stream(volatile int *flags, unsigned long long timeout_ns)
{
    unsigned long long start, now;
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(start));
    do {
        if (flags[0] != 0) {
            return;
        }
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(now));
    } while (now - start < timeout_ns);
    flags[1] = 1;
    __threadfence_system();
}

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
// Minimal C++ reference harness on the CUDA driver API: the do_bench sequence of
// triton.testing.do_bench with cuEvent pairs and a 256 MiB cuMemsetD32Async flush before each call.
// It launches the same PTX kbench and Triton launch, so the three harnesses time the same kernel.
//
//   nvcc -O2 -o harness harness.cu -lcuda
//   ./harness KERNEL.ptx ENTRY "0 10 12 14 ... 28" > c.csv
//   CACHE_AFTER=1 ./harness ...   allocates the 256 MiB flush buffer after the kernel's buffers, per size,
//                                 as kbench's doBench and Triton's do_bench do (placement experiment)
//
// Output: harness,n,median_ms,q20_ms,q80_ms,n_repeat,estimate_ms (n = 1 runs the `empty` entry)
#include <cuda.h>
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#define CHECK(call)                                                                  \
  do {                                                                               \
    CUresult r_ = (call);                                                            \
    if (r_ != CUDA_SUCCESS) {                                                        \
      const char* name_ = nullptr;                                                   \
      cuGetErrorName(r_, &name_);                                                    \
      std::fprintf(stderr, "%s failed: %s (%s:%d)\n", #call, name_, __FILE__, __LINE__); \
      std::exit(1);                                                                  \
    }                                                                                \
  } while (0)

// NumPy's linear quantile (numpy.quantile default), as kbench and Triton use.
static double quantile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  double virt = (v.size() - 1) * q;
  size_t lo = (size_t)std::floor(virt);
  size_t hi = std::min(lo + 1, v.size() - 1);
  double t = virt - lo, d = v[hi] - v[lo];
  return t >= 0.5 ? v[hi] - d * (1 - t) : v[lo] + d * t;
}

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s KERNEL.ptx ENTRY \"EXPONENTS\"\n", argv[0]);
    return 2;
  }
  std::ifstream in(argv[1]);
  std::stringstream ptx;
  ptx << in.rdbuf();
  CHECK(cuInit(0));
  CUdevice dev;
  CHECK(cuDeviceGet(&dev, 0));
  CUcontext ctx;
  CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CHECK(cuCtxSetCurrent(ctx));
  CUmodule mod;
  CHECK(cuModuleLoadData(&mod, ptx.str().c_str()));
  // n = 2^0 times the `empty` entry of the same PTX (same signature): the launch floor, as kbench's sweep does.
  CUfunction geluFn, emptyFn;
  CHECK(cuModuleGetFunction(&geluFn, mod, argv[2]));
  CHECK(cuModuleGetFunction(&emptyFn, mod, "empty"));
  CUstream stream;
  CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
  const size_t cacheBytes = 256u << 20;
  const bool cacheAfter = std::getenv("CACHE_AFTER") != nullptr;
  CUdeviceptr cache = 0;
  if (!cacheAfter) CHECK(cuMemAlloc(&cache, cacheBytes));

  std::printf("harness,n,median_ms,q20_ms,q80_ms,n_repeat,estimate_ms\n");
  std::istringstream exps(argv[3]);
  int e;
  while (exps >> e) {
    int n = 1 << e;
    CUfunction fn = e == 0 ? emptyFn : geluFn;
    CUdeviceptr x, out;
    CHECK(cuMemAlloc(&x, (size_t)n * 4));
    CHECK(cuMemAlloc(&out, (size_t)n * 4));
    CHECK(cuMemsetD32(x, 0x3f800000u, n));  // 1.0f
    if (cacheAfter) CHECK(cuMemAlloc(&cache, cacheBytes));
    void* args[] = {&x, &out, &n};
    unsigned block = 256, grid = (n + block - 1) / block;
    auto launch = [&] { CHECK(cuLaunchKernel(fn, grid, 1, 1, block, 1, 1, 0, stream, args, nullptr)); };
    auto clear = [&] { CHECK(cuMemsetD32Async(cache, 0, cacheBytes / 4, stream)); };

    launch();
    CHECK(cuStreamSynchronize(stream));
    CUevent s, t;
    CHECK(cuEventCreate(&s, CU_EVENT_DEFAULT));
    CHECK(cuEventCreate(&t, CU_EVENT_DEFAULT));
    CHECK(cuEventRecord(s, stream));
    for (int i = 0; i < 5; i++) {
      clear();
      launch();
    }
    CHECK(cuEventRecord(t, stream));
    CHECK(cuStreamSynchronize(stream));
    float ms;
    CHECK(cuEventElapsedTime(&ms, s, t));
    double estimate = ms / 5.0;
    int nWarmup = std::max(1, (int)(25.0 / estimate));
    int nRepeat = std::max(1, (int)(100.0 / estimate));
    std::vector<CUevent> starts(nRepeat), ends(nRepeat);
    for (int i = 0; i < nRepeat; i++) {
      CHECK(cuEventCreate(&starts[i], CU_EVENT_DEFAULT));
      CHECK(cuEventCreate(&ends[i], CU_EVENT_DEFAULT));
    }
    for (int i = 0; i < nWarmup; i++) launch();
    for (int i = 0; i < nRepeat; i++) {
      clear();
      CHECK(cuEventRecord(starts[i], stream));
      launch();
      CHECK(cuEventRecord(ends[i], stream));
    }
    CHECK(cuStreamSynchronize(stream));
    std::vector<double> times(nRepeat);
    for (int i = 0; i < nRepeat; i++) {
      CHECK(cuEventElapsedTime(&ms, starts[i], ends[i]));
      times[i] = ms;
      cuEventDestroy(starts[i]);
      cuEventDestroy(ends[i]);
    }
    std::printf("c,%d,%.6f,%.6f,%.6f,%d,%.6f\n", n, quantile(times, 0.5), quantile(times, 0.2), quantile(times, 0.8),
                nRepeat, estimate);
    std::fflush(stdout);
    cuEventDestroy(s);
    cuEventDestroy(t);
    cuMemFree(x);
    cuMemFree(out);
    if (cacheAfter) cuMemFree(cache);
  }
  return 0;
}

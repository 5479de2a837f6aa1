#
# Copyright 2026 The kbench authors
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#     http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.
#

"""Triton's own triton.testing.do_bench timing the same PTX kernel, launched through CuPy's RawModule.

    python3 triton_bench.py KERNEL.ptx ENTRY "0 10 12 ... 28" > triton.csv

do_bench runs on torch's current stream (the legacy default stream); CuPy launches on its current
stream, which is also the legacy default stream, so the clear, the events and the kernel are ordered.
Output: harness,n,median_ms,q20_ms,q80_ms
"""
import sys

import cupy as cp
import numpy as np
import torch
import triton
import triton.testing


def main():
    ptx, entry, exponents = sys.argv[1], sys.argv[2], [int(e) for e in sys.argv[3].split()]
    module = cp.RawModule(path=ptx)
    kernel = module.get_function(entry)
    empty = module.get_function("empty")  # n = 2^0: the launch floor, as kbench's sweep and the C harness
    print("harness,n,median_ms,q20_ms,q80_ms")
    for e in exponents:
        n = 1 << e
        x = cp.ones(n, dtype=cp.float32)
        out = cp.empty(n, dtype=cp.float32)
        block = 256
        grid = (n + block - 1) // block

        k = empty if e == 0 else kernel

        def fn():
            k((grid,), (block,), (x, out, np.int32(n)))

        median, q20, q80 = triton.testing.do_bench(fn, warmup=25, rep=100, quantiles=[0.5, 0.2, 0.8])
        print(f"triton,{n},{median:.6f},{q20:.6f},{q80:.6f}", flush=True)
        del x, out
        torch.cuda.synchronize()


if __name__ == "__main__":
    main()

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

"""Does buffer placement make per-process medians differ? An in-process experiment outside kbench.

Times kernels/cuda/gelu.ptx as kbench's cold mode does (a 256 MiB cuMemsetD32-style clear, then an
event pair around one launch; one synchronize per block), with CuPy and no memory pool (every buffer a
fresh cudaMalloc, earlier ones kept alive so new ones land elsewhere, after a pad of seeded random size).

  python3 bench/gpu/placement.py --n 1048576 --what kernel   # P placements of x and y, the clear fixed
  python3 bench/gpu/placement.py --n 1048576 --what clear    # P placements of the clear buffer
  python3 bench/gpu/placement.py --n 1048576 --what module   # P loads of the module (the kernel's code)
  python3 bench/gpu/placement.py --n 1048576 --what stream   # P streams
  python3 bench/gpu/placement.py --n 1048576 --what none     # one placement, measured P x R times

Blocks visit the placements round-robin, R rounds, K calls a block; a JSON line per run gives each
placement's block medians. Between-placement spread far above the within-placement (block to block)
spread says placement matters; equal spreads say it does not.
"""
import argparse
import json
import sys
import time

import cupy as cp
import numpy as np

ap = argparse.ArgumentParser()
ap.add_argument("--n", type=int, default=1 << 20)
ap.add_argument("--ptx", default="kernels/cuda/gelu.ptx")
ap.add_argument("--what", choices=["kernel", "clear", "module", "stream", "none"], default="kernel")
ap.add_argument("--placements", type=int, default=16)
ap.add_argument("--rounds", type=int, default=3)
ap.add_argument("--calls", type=int, default=200)
ap.add_argument("--clear-mib", type=int, default=256)
ap.add_argument("--warmup-s", type=float, default=1.0)
ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--reuse-events", action="store_true", help="one pool of events for every block, as kbench keeps")
ap.add_argument("--clear-first", action="store_true", help="allocate the clear buffer before the kernel's, as kbench does")
ap.add_argument("--no-pad", action="store_true", help="no pad before each allocation")
ap.add_argument("--blocking-stream", action="store_true", help="streams synchronize with the legacy default stream")
args = ap.parse_args()

cp.cuda.set_allocator(None)  # every allocation a cudaMalloc of its own
rng = np.random.default_rng(args.seed)
keep = []  # everything ever allocated stays alive


def alloc(nbytes):
    if not args.no_pad:
        keep.append(cp.empty(int(rng.integers(0, 32)) * (2 << 20) + 256, dtype=cp.uint8))  # 0..62 MiB + a little
    buf = cp.empty(nbytes, dtype=cp.uint8)
    keep.append(buf)
    return buf


n = args.n
modules = []  # every loaded module stays loaded, so a new load puts the code elsewhere


def load():
    modules.append(cp.RawModule(path=args.ptx))
    modules[-1].compile()
    return modules[-1].get_function("gelu")


grid, block = ((n + 255) // 256,), (256,)


def kernel_buffers():
    x = alloc(4 * n).view(cp.float32)
    y = alloc(4 * n).view(cp.float32)
    x[...] = cp.asarray(rng.standard_normal(n, dtype=np.float32))
    return x, y


def clear_buffer():
    return alloc(args.clear_mib << 20)


pool = ([], [])


def block_median(calls, x, y, clear, gelu, stream):
    if args.reuse_events:
        while len(pool[0]) < calls:
            pool[0].append(cp.cuda.Event())
            pool[1].append(cp.cuda.Event())
        starts, ends = pool[0][:calls], pool[1][:calls]
    else:
        starts = [cp.cuda.Event() for _ in range(calls)]
        ends = [cp.cuda.Event() for _ in range(calls)]
    with stream:
        for i in range(calls):
            cp.cuda.runtime.memsetAsync(clear.data.ptr, 0, clear.nbytes, stream.ptr)
            starts[i].record(stream)
            gelu(grid, block, (x, y, np.int32(n)))
            ends[i].record(stream)
    stream.synchronize()
    t = [cp.cuda.get_elapsed_time(s, e) for s, e in zip(starts, ends)]
    return float(np.median(t))


P = 1 if args.what == "none" else args.placements
if args.clear_first:
    c0 = clear_buffer()
    x0, y0 = kernel_buffers()
else:
    x0, y0 = kernel_buffers()
    c0 = clear_buffer()
g0 = load()
s0 = cp.cuda.Stream(non_blocking=not args.blocking_stream)
places = []
for p in range(P):
    if args.what == "kernel":
        places.append((*kernel_buffers(), c0, g0, s0))
    elif args.what == "clear":
        places.append((x0, y0, clear_buffer(), g0, s0))
    elif args.what == "module":
        places.append((x0, y0, c0, load(), s0))
    elif args.what == "stream":
        places.append((x0, y0, c0, g0, cp.cuda.Stream(non_blocking=not args.blocking_stream)))
    else:
        places.append((x0, y0, c0, g0, s0))
t_end = time.time() + args.warmup_s
while time.time() < t_end:
    block_median(50, *places[0])
medians = [[] for _ in range(P)]
reps = args.rounds if P > 1 else args.rounds * args.placements
for r in range(reps):
    for p in range(P):
        medians[p].append(block_median(args.calls, *places[p]))
pm = np.array([np.median(m) for m in medians])
within = np.array([np.std(m, ddof=1) / np.mean(m) for m in medians]) if reps > 1 else np.array([0.0])
out = {"n": n, "what": args.what, "placements": P, "rounds": reps, "calls": args.calls, "seed": args.seed,
       "median_ms": float(np.median(pm)),
       "between_cv": float(np.std(pm, ddof=1) / np.mean(pm)) if P > 1 else None,
       "within_cv_median": float(np.median(within)),
       "range_ratio": float(pm.max() / pm.min()),
       "block_medians_ms": medians}
print(json.dumps(out))
sys.stdout.flush()

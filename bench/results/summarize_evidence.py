"""Turns the raw CSVs of an H200 evidence run (bench/gpu/run-evidence.sh) into the tables of
docs/performance.md.   python3 bench/results/summarize_evidence.py bench/results/2026-11-29-h200-evidence"""
import csv
import statistics
import sys
from collections import defaultdict
from pathlib import Path

d = Path(sys.argv[1])


def rows(name):
    with open(d / name) as f:
        return list(csv.DictReader(line for line in f if not line.startswith("#")))


def us(ms):
    return float(ms) * 1000


print("### Fidelity: GELU, medians in us (one run each, in order C, Triton, kbench, C again)\n")
c1 = {int(r["n"]): us(r["median_ms"]) for r in rows("fidelity-c.csv")}
c2 = {int(r["n"]): us(r["median_ms"]) for r in rows("fidelity-c2.csv")}
tr = {int(r["n"]): us(r["median_ms"]) for r in rows("fidelity-triton.csv")}
kb = defaultdict(dict)
for r in rows("fidelity-kbench.csv"):
    kb[r["mode"]][int(r["n"])] = us(r["median_ms"])
print("| n | C | C again | Triton | kbench | kbench graph (clear) | kbench graph (no clear) | kbench/C | kbench-C (us) | Triton/C |")
print("|---|---|---|---|---|---|---|---|---|---|")
for n in sorted(c1):
    k = kb["normal"][n]
    print(f"| 2^{n.bit_length() - 1} | {c1[n]:.3f} | {c2[n]:.3f} | {tr[n]:.3f} | {k:.3f} | {kb['graph'][n]:.3f} | "
          f"{kb['graph-noclear'][n]:.3f} | {k / c1[n]:.4f} | {k - c1[n]:+.3f} | {tr[n] / c1[n]:.4f} |")

print("\n### Fidelity over 3 alternating rounds (C, Triton, kbench per round): median of the 3 medians, in us\n")
rd = defaultdict(lambda: defaultdict(list))
for r in rows("rounds.csv"):
    h = r["harness"] if "harness" in r else None
with open(d / "rounds.csv") as f:
    for line in f:
        p = line.strip().split(",")
        if not p or p[0] in ("harness", "path") or p[0].startswith("#"):
            continue
        tag = p[0].rstrip("0123456789")
        if tag == "kbench":  # GeluSweep columns: path,mode,kernel,n,median_ms,...
            rd["kbench"][int(p[3])].append(us(p[4]))
        else:
            rd[tag][int(p[1])].append(us(p[2]))
print("| n | C (3 rounds) | Triton (3 rounds) | kbench (3 rounds) | kbench/C | kbench-C (us) | |kbench-C| <= |Triton-C| |")
print("|---|---|---|---|---|---|---|")
for n in sorted(rd["c"]):
    c, t, k = (statistics.median(rd[h][n]) for h in ("c", "triton", "kbench"))
    spread = lambda v: f"{statistics.median(v):.3f} [{min(v):.3f}-{max(v):.3f}]"
    print(f"| 2^{n.bit_length() - 1} | {spread(rd['c'][n])} | {spread(rd['triton'][n])} | {spread(rd['kbench'][n])} | "
          f"{k / c:.4f} | {k - c:+.3f} | {'yes' if abs(k - c) <= abs(t - c) else 'no'} |")

print("\n### Cross-vendor: built-in suite, CUDA vs OpenCL on the same H200 (medians in us)\n")
def suite(name):
    out = {}
    for r in rows(name):
        if r["status"] == "ok":
            out[(r["benchmark"], r["params"])] = us(r["median_ms"])
    return out
cu, cl = suite("suite-cuda.txt"), suite("suite-opencl.txt")
print("| benchmark | params | CUDA | OpenCL | OpenCL/CUDA |")
print("|---|---|---|---|---|")
for key in cu:
    if key in cl:
        print(f"| {key[0]} | {key[1]} | {cu[key]:.3f} | {cl[key]:.3f} | {cl[key] / cu[key]:.4f} |")

print("\n### A/A and planted differences (CUDA, GELU n = 2^24, 10 repetitions of ~10 ms, alpha 0.001)\n")
print("| run | schedule | delta | aggregation | slower | faster | same | trials | median abs(ratio-1) |")
print("|---|---|---|---|---|---|---|---|---|")
for name in ("aa-cuda-shared.csv", "aa-cuda-separate.csv", "power-cuda-shared.csv", "power-cuda-separate.csv"):
    groups = defaultdict(list)
    for r in rows(name):
        groups[(r["schedule"], r["delta"], r["aggregation"])].append(r)
    for (sch, delta, agg), rs in groups.items():
        v = defaultdict(int)
        for r in rs:
            v[r["verdict"]] += 1
        dev = statistics.median(abs(float(r["ratio"]) - 1 - float(delta)) for r in rs)
        print(f"| {name.replace('.csv', '')} | {sch} | {delta} | {agg} | {v['SLOWER']} | {v['FASTER']} | {v['SAME']} | "
              f"{len(rs)} | {dev:.4%} |")

print("\n### Every run pooled at 2^20, 2^22, 2^24: median of the per-run medians (us)\n")
pool = defaultdict(lambda: defaultdict(list))
for r in rows("fidelity-c.csv") + rows("fidelity-c2.csv"):
    pool["c"][int(r["n"])].append(us(r["median_ms"]))
for r in rows("fidelity-kbench.csv"):
    if r["mode"] == "normal":
        pool["kbench"][int(r["n"])].append(us(r["median_ms"]))
for name in ("rounds.csv", "rounds-2p20-2p24.csv", "placement-2p22.csv"):
    with open(d / name) as f:
        for line in f:
            p = line.strip().split(",")
            if len(p) < 5 or p[0] in ("harness", "path") or p[0].startswith("#"):
                continue
            tag = p[0].rstrip("0123456789")
            if tag == "kbench":
                pool["kbench"][int(p[3])].append(us(p[4]))
            elif tag in ("c", "c_first"):
                pool["c"][int(p[1])].append(us(p[2]))
            elif tag == "c_after":
                pool["c, flush allocated after the kernel's buffers"][int(p[1])].append(us(p[2]))
print("| n | harness | runs | median of medians | min | max |")
print("|---|---|---|---|---|---|")
for n in (1 << 20, 1 << 22, 1 << 24):
    for h in pool:
        v = pool[h][n]
        if v:
            print(f"| 2^{n.bit_length() - 1} | {h} | {len(v)} | {statistics.median(v):.3f} | {min(v):.3f} | {max(v):.3f} |")

# The figures README.md's "Headline numbers" quotes, each computed here from the files above.
print("\n### Headline numbers (README.md)\n")
runs = defaultdict(lambda: defaultdict(dict))   # run -> harness -> n -> us
for r in rows("fidelity-c.csv"):
    runs["fidelity"]["c"][int(r["n"])] = us(r["median_ms"])
for r in rows("fidelity-kbench.csv"):
    if r["mode"] == "normal":
        runs["fidelity"]["kbench"][int(r["n"])] = us(r["median_ms"])
for name in ("rounds.csv", "rounds-2p20-2p24.csv", "placement-2p22.csv"):
    with open(d / name) as f:
        for line in f:
            p = line.strip().split(",")
            if len(p) < 5 or p[0] in ("harness", "path") or p[0].startswith("#"):
                continue
            tag, rnd = p[0].rstrip("0123456789"), p[0][len(p[0].rstrip("0123456789")):]
            if tag == "kbench":
                runs[name + rnd]["kbench"][int(p[3])] = us(p[4])
            elif tag in ("c", "c_first"):
                runs[name + rnd]["c"][int(p[1])] = us(p[2])
big = [runs[r]["kbench"][n] / runs[r]["c"][n] for r in runs for n in runs[r]["kbench"]
       if n >= 1 << 24 and n in runs[r]["c"]]
print(f"- kbench/C, GELU, n >= 2^24, same run: {min(big):.3f} to {max(big):.3f} ({len(big)} run-size pairs)")
k22, c22 = pool["kbench"][1 << 22], pool["c"][1 << 22]
print(f"- kbench/C at 2^22, pooled: {statistics.median(k22) / statistics.median(c22):.3f} "
      f"(medians of {len(k22)} kbench and {len(c22)} C runs)")
cspread = defaultdict(list)
for r in runs:
    for n, v in runs[r]["c"].items():
        cspread[n].append(v)
for r in rows("fidelity-c2.csv"):
    cspread[int(r["n"])].append(us(r["median_ms"]))
spread = max(max(v) - min(v) for n, v in cspread.items() if n < 1 << 22 and len(v) > 1)
print(f"- C's own run-to-run spread of the median below 2^22: up to {spread:.2f} us")
xv = [(abs(cl[k] / cu[k] - 1), k) for k in cu if k in cl and k[1].startswith("n=") and int(k[1][2:]) >= 1 << 24]
worst = max(xv)
print(f"- CUDA vs OpenCL, n >= 2^24: within {worst[0]:.2%} (largest: {worst[1][0]} {worst[1][1]}); "
      f"without reduce_sum within {max(v for v, k in xv if k[0] != 'reduce_sum'):.2%}")
for name in ("aa-cuda-shared.csv", "aa-cuda-separate.csv"):
    for sch in ("INTERLEAVED", "SEQUENTIAL"):
        for agg in ("samples", "repetition_mean"):
            rs = [r for r in rows(name) if r["schedule"] == sch and r["aggregation"] == agg]
            flagged = sum(r["verdict"] != "SAME" for r in rs)
            print(f"- A/A {name.replace('.csv', '')} {sch} {agg}: {flagged} of {len(rs)} flagged ({flagged / len(rs):.1%})")
p2 = [r for r in rows("power-cuda-shared.csv") if r["delta"] == "0.020" and r["aggregation"] == "samples"]
print(f"- power, 2% planted (shared): {sum(r['verdict'] == 'SLOWER' for r in p2)} of {len(p2)} detected, "
      f"{statistics.mean(float(r['measuring_ms']) for r in p2):.0f} ms measured per comparison (mean)")
lc = defaultdict(list)
for r in rows("launch-cost-module.csv"):
    lc[r["launch"]].append(float(r["host_median_us"]))
print("- host time per Kernel.launch (median per round): "
      + "; ".join(f"{k} {min(v):.1f} to {max(v):.1f} us" for k, v in sorted(lc.items())))

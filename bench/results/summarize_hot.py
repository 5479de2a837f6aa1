"""Turns the raw files of an H200 hot-time run (bench/gpu/run-hot.sh) into the table of
docs/performance.md, "Hot time beside NVBench".   python3 bench/results/summarize_hot.py DIR
Per round: NVBench's cold mean and batch mean (its CSV), kbench's mean of samples per mode (its
samples CSVs: a hot sample is one batch's per-call time). Printed: the mean over rounds, in us, with
the rounds' range, and kbench hot / NVBench batch per round."""
import csv
import gzip
import re
import statistics
import sys
from collections import defaultdict
from pathlib import Path

d = Path(sys.argv[1])
nv = defaultdict(lambda: defaultdict(list))  # workload -> column -> [per-round us]
for f in sorted(d.glob("nvbench-r*.csv")):
    for row in csv.DictReader(open(f)):
        name = "empty" if row["Benchmark"] == "empty_bench" else "gelu_2p%d" % (int(row["n"]).bit_length() - 1)
        nv[name]["nvbench cold"].append(float(row["GPU Time (sec)"]) * 1e6)
        nv[name]["nvbench batch"].append(float(row["Batch GPU (sec)"]) * 1e6)
kb = defaultdict(lambda: defaultdict(list))
for f in sorted(d.glob("kbench-*-r*.csv*")):
    m = re.match(r"kbench-(.+)-(empty|gelu_2p\d+)-r(\d+)\.csv(\.gz)?$", f.name)
    mode, name = m.group(1), m.group(2)
    opened = gzip.open(f, "rt") if f.name.endswith(".gz") else open(f)
    times = [float(r["time_ms"]) * 1e3 for r in csv.DictReader(opened)]
    kb[name][mode].append(statistics.fmean(times))

modes = ["hot", "graph", "cold-noclear", "cold-device"]
print("| kernel | NVBench cold | NVBench batch | kbench hot (held) | kbench hot --graph | kbench cold, no clear "
      "| kbench cold, clear | hot / batch (per round) | graph / batch |")
print("| --- | " + " | ".join(["---:"] * 8) + " |")


def cell(values):
    if not values:
        return "-"
    return "%.2f (%.2f-%.2f)" % (statistics.fmean(values), min(values), max(values))


for name in ["empty", "gelu_2p20", "gelu_2p22", "gelu_2p24"]:
    batch = nv[name]["nvbench batch"]
    ratios = [h / b for h, b in zip(kb[name]["hot"], batch)]
    gratios = [h / b for h, b in zip(kb[name]["graph"], batch)]
    print("| %s | %s | %s | %s | %s |" % (
        name.replace("_2p", " 2^"), cell(nv[name]["nvbench cold"]), cell(batch),
        " | ".join(cell(kb[name][m]) for m in modes),
        " ".join("%.3f" % r for r in ratios) + " | " + " ".join("%.3f" % r for r in gratios)))

# One call to an H200: where a repetition's host time goes, with this build's bench-api jar replaced by one
# instrumented (diag.patch: each repetition appends its phases, microseconds, to $KBENCH_DIAG): telemetry on
# and off (-Dkbench.cuda.telemetry=off), `kbench run --forks 16` of the user kernel at 2^20, 2 tries each,
# and one plain `kbench run` of 40 repetitions (one JVM, later repetitions after the JIT warmed up).
set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
alt=/tmp/kbench-alt
rm -rf "$alt" && cp -r "$KBENCH_HOME" "$alt" && cp .device/alt-diag/*.jar "$alt/lib/core/"
K=$alt/bin/kbench
source bench/gpu/user-kernel.sh
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; "$K" --version; } 2>&1 \
  | tee "$OUT/summary.txt"
mkdir -p /tmp/diag
"$K" --backend cuda run --forks 3 $(user 1048576) --repetitions 2 --rep-ms 5 -q > /dev/null 2>> /tmp/diag/warm.log
for t in 0 1; do
  for mode in on off; do
    opts=""; [[ $mode == off ]] && opts="-Dkbench.cuda.telemetry=off"
    KBENCH_JAVA_OPTS="$opts -Dkbench.forks.trace=/tmp/diag/trace-$mode-$t.txt" KBENCH_DIAG=/tmp/diag/forks-$mode-$t.txt \
      timeout 60 "$K" --backend cuda run --forks 16 $(user 1048576) -q > /dev/null 2>> /tmp/diag/runs.log
    echo "forks $mode try $t: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
  done
done
for mode in on off; do
  opts=""; [[ $mode == off ]] && opts="-Dkbench.cuda.telemetry=off"
  KBENCH_JAVA_OPTS="$opts" KBENCH_DIAG=/tmp/diag/plain-$mode.txt timeout 60 "$K" --backend cuda run $(user 1048576) \
    --repetitions 40 -q > /dev/null 2>> /tmp/diag/runs.log
  echo "plain $mode: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
done
python3 - /tmp/diag <<'PY' | tee -a "$OUT/summary.txt"
import glob, statistics, sys
d = sys.argv[1]
cols = ["prepare", "before", "timed", "after", "rows", "listener"]
def rows(pattern):
    out = []
    for path in sorted(glob.glob(f"{d}/{pattern}")):
        for line in open(path):
            f = line.split()
            out.append((int(f[2]), {f[i]: int(f[i + 1]) for i in range(3, len(f), 2)}))
    return out
print("median microseconds per repetition phase (prepare: the first repetition's setup, estimate and warmup)")
for label, pattern in [("forks, telemetry on", "forks-on-*.txt"), ("forks, telemetry off", "forks-off-*.txt"),
                       ("plain, telemetry on", "plain-on.txt"), ("plain, telemetry off", "plain-off.txt")]:
    data = rows(pattern)
    for name, keep in [("rep 0", lambda r: r == 0), ("rep 1", lambda r: r == 1), ("reps 2-9", lambda r: 2 <= r <= 9),
                       ("reps 10-39", lambda r: r >= 10)]:
        sel = [v for r, v in data if keep(r)]
        if sel:
            print(f"  {label:22} {name:10} n={len(sel):4} " + "  ".join(
                f"{c} {statistics.median(v[c] for v in sel):7.0f}" for c in cols))
PY
(cd /tmp && tar -czf "$OUT/diag.tgz" diag)
echo "total $(el) s" | tee -a "$OUT/summary.txt"

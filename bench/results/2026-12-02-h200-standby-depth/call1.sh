# One call to an H200 (distribution in .device/, and in .device/alt2/ the bench-api jar of the build before
# the held call's new order, e56bddf): (1) forks with four standbys (device/d4) against three (device) at 2^20
# and 2^24; (2) fresh ab at 2^24 (A/A, +1 %) with depth 4 and 3 alternating; (3) fidelity rounds: the C
# driver-API harness (bench/fidelity/harness.cu) against kbench run --forks 3 (this build, and the build with
# the hold before the clear) at 2^20, 2^22, 2^24, the same gelu PTX.
set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
alt=/tmp/kbench-alt
rm -rf "$alt" && cp -r "$KBENCH_HOME" "$alt" && cp .device/alt2/*.jar "$alt/lib/core/"
export KBENCH_ALT=$alt/bin/kbench
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc
  "$KBENCH" --version; "$KBENCH_ALT" --version; } 2>&1 | tee "$OUT/summary.txt"
(nvcc -O2 -o /tmp/harness bench/fidelity/harness.cu -lcuda > /tmp/nvcc.log 2>&1; echo "nvcc exit $?" >> /tmp/nvcc.log) &
source bench/gpu/user-kernel.sh
for k in "$KBENCH" "$KBENCH_ALT"; do
  "$k" --backend cuda run --forks 3 $(user 1048576) --repetitions 2 --rep-ms 5 -q > /dev/null 2>> /tmp/warm.log
  echo "warm $k: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
done
for job in "1048576 3" "16777216 2"; do
  read -r n tries <<< "$job"
  MODES="device/d4 device" TRIES=$tries FORKS=12 N=$n FINAL=/tmp/d$n timeout 150 bash bench/gpu/fork-standby.sh > /tmp/d$n.out 2>&1
  echo "forks n=$n: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/d$n.out >> "$OUT/summary.txt"
done
for t in 0 1; do
  for d in 4 3; do
    (( $(el) > 260 )) && break 2
    KBENCH_JAVA_OPTS="-Dkbench.forks.standby.depth=$d" SIZES=24 CASES="aa plus1" TRIES=1 MAX_TIME_S=40 SEED=$((161 + t)) \
      FINAL=/tmp/ab-d$d-$t timeout $(( 330 - $(el) )) bash bench/gpu/ab-fresh.sh > /tmp/ab-d$d-$t.out 2> /tmp/ab-d$d-$t.err
    echo "ab depth $d try $t: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/ab-d$d-$t.out /tmp/ab-d$d-$t.err >> "$OUT/summary.txt"
  done
done
wait
cat /tmp/nvcc.log >> "$OUT/summary.txt"
mkdir -p /tmp/fid
echo "harness,round,n,median_ms,fork" > /tmp/fid/medians.csv
for r in 0 1 2 3; do
  (( $(el) > 480 )) && break
  for i in 0 1 2; do
    timeout 30 /tmp/harness kernels/cuda/gelu.ptx gelu "20 22 24" 2>> /tmp/fid/harness.log \
      | awk -F, -v r=$r -v i=$i 'NR > 1 { print "c," r "," $2 "," $3 "," i }' >> /tmp/fid/medians.csv
  done
  for pair in "new $KBENCH" "alt $KBENCH_ALT"; do
    read -r tag k <<< "$pair"
    for e in 20 22 24; do
      n=$(( 1 << e ))
      timeout 60 "$k" --backend cuda run --forks 3 $(user $n) --csv-samples /tmp/fid/$tag-$r-$e.csv -q > /dev/null 2>> /tmp/fid/kbench.log
      python3 - /tmp/fid/$tag-$r-$e.csv $tag $r $n >> /tmp/fid/medians.csv <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
forks = sorted({r["fork"] for r in rows})
for f in forks:
    print(f"{sys.argv[2]},{sys.argv[3]},{sys.argv[4]},{statistics.median(float(r['time_ms']) for r in rows if r['fork'] == f):.6f},{f}")
PY
    done
  done
  echo "fidelity round $r at $(el) s" | tee -a "$OUT/summary.txt"
done
python3 - /tmp/fid/medians.csv <<'PY' | tee -a "$OUT/summary.txt"
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1])))
print("fidelity: median over processes of each process's median (us), [min-max], processes; ratio to C")
for n in sorted({int(r["n"]) for r in rows}):
    c = [float(r["median_ms"]) for r in rows if r["harness"] == "c" and int(r["n"]) == n]
    for h in ("c", "new", "alt"):
        m = [float(r["median_ms"]) for r in rows if r["harness"] == h and int(r["n"]) == n]
        if m and c:
            print(f"2^{n.bit_length() - 1} {h:4} {1000 * statistics.median(m):8.3f} [{1000 * min(m):.3f}-{1000 * max(m):.3f}] {len(m):3}  {statistics.median(m) / statistics.median(c):.4f}")
PY
(cd /tmp && tar -czf "$OUT/depth.tgz" d1048576 d16777216 d1048576.out d16777216.out $(ls -d ab-d* 2>/dev/null) warm.log fid nvcc.log)
echo "total $(el) s" | tee -a "$OUT/summary.txt"

set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; } | tee "$OUT/summary.txt"
python3 bench/gpu/nvml-cost.py 200 >> "$OUT/summary.txt" 2>&1
echo "nvml-cost at $(el) s" | tee -a "$OUT/summary.txt"
# standby depth 1 against 2 (device standby), 2^20 user kernel, alternating
for t in 0 1; do
  for d in 1 2; do
    KBENCH_JAVA_OPTS=-Dkbench.forks.standby.depth=$d MODES="device" TRIES=1 FORKS=12 N=1048576 FINAL=/tmp/d$d-$t bash bench/gpu/fork-standby.sh > /tmp/d$d-$t.out 2>&1
    echo "depth $d try $t: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; sed -n 1,7p /tmp/d$d-$t.out >> "$OUT/summary.txt"
  done
done
KBENCH_JAVA_OPTS=-Dkbench.cuda.telemetry=off MODES="device" TRIES=2 FORKS=12 N=1048576 FINAL=/tmp/d2n bash bench/gpu/fork-standby.sh > /tmp/d2n.out 2>&1
echo "depth 2 telemetry off: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; sed -n 1,7p /tmp/d2n.out >> "$OUT/summary.txt"
tar -C /tmp -czf "$OUT/depth.tgz" d1-0 d1-1 d2-0 d2-1 d2n d1-0.out d1-1.out d2-0.out d2-1.out d2n.out
echo "total $(el) s" | tee -a "$OUT/summary.txt"

set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; } | tee "$OUT/summary.txt"
# where a fork's time goes after its go (device standby): phases from the forks' trace
MODES="device" TRIES=2 FORKS=10 N=1048576 FINAL=/tmp/p20 bash bench/gpu/fork-standby.sh > /tmp/p20.out 2>&1
echo "phases 2^20: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/p20.out >> "$OUT/summary.txt"
# the same without NVML telemetry
KBENCH_JAVA_OPTS=-Dkbench.cuda.telemetry=off MODES="device" TRIES=2 FORKS=10 N=1048576 FINAL=/tmp/p20n bash bench/gpu/fork-standby.sh > /tmp/p20n.out 2>&1
echo "phases 2^20, telemetry off: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/p20n.out >> "$OUT/summary.txt"
# the built-in gelu at 2^20 (its module built before go)
ARGS="--filter gelu -p n=2^20 --repetitions 10 --rep-ms 10" MODES="device" TRIES=2 FORKS=10 FINAL=/tmp/b20 bash bench/gpu/fork-standby.sh > /tmp/b20.out 2>&1
echo "phases builtin gelu 2^20: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/b20.out >> "$OUT/summary.txt"
tar -C /tmp -czf "$OUT/phases.tgz" p20 p20.out p20n p20n.out b20 b20.out
echo "total $(el) s" | tee -a "$OUT/summary.txt"

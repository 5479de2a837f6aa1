set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; } | tee "$OUT/summary.txt"
# (1) this build's forks (device standby, depth 2, per-repetition telemetry without the energy counter and one
# reading a repetition), handing over once closed (default) against once finished, 2^20 user kernel
MODES="device device/finished" TRIES=3 FORKS=12 N=1048576 FINAL=/tmp/h20 bash bench/gpu/fork-standby.sh > /tmp/h20.out 2>&1
echo "handover 2^20: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/h20.out >> "$OUT/summary.txt"
tar -C /tmp -czf "$OUT/handover.tgz" h20 h20.out
# (2) pools of the user kernel at 2^20 and 2^22 (n, 1.01 n, 1.02 n), blocks of 40 forks, at ab's cost
left=$(( 480 - $(el) )); (( left < 0 )) && left=0
echo "pool budget $left s" | tee -a "$OUT/summary.txt"
POOLS=user SIZES="20 22" BLOCK=40 ROUNDS=3 BUDGET_S=$left SEED=21 FINAL=/tmp/pool/fork-pool bash bench/gpu/fork-pool.sh 2>&1 | tail -2 | tee -a "$OUT/summary.txt"
cp /tmp/pool/fork-pool.tgz "$OUT/pool2022.tgz"
cat /tmp/pool/fork-pool/timing.csv >> "$OUT/summary.txt"
echo "total $(el) s" | tee -a "$OUT/summary.txt"

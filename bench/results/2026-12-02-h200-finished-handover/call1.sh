set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; } | tee "$OUT/summary.txt"
# a large pool of the user kernel at 2^20 (n, 1.01 n, 1.02 n), blocks of 40 forks at ab's cost
POOLS=user SIZES=20 BLOCK=40 ROUNDS=20 BUDGET_S=440 SEED=31 FINAL=/tmp/pool/fork-pool bash bench/gpu/fork-pool.sh 2>&1 | tail -2 | tee -a "$OUT/summary.txt"
cp /tmp/pool/fork-pool.tgz "$OUT/pool20.tgz"
cat /tmp/pool/fork-pool/timing.csv >> "$OUT/summary.txt"
echo "total $(el) s" | tee -a "$OUT/summary.txt"

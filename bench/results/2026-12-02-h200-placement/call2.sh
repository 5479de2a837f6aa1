set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; } | tee "$OUT/summary.txt"
# A/B of fresh placements within a fork: --place-every 0 (one placement) against 2 (five in 10 repetitions)
PLACE="0 2" POOLS=user SIZES=20 BLOCK=30 ROUNDS=2 BUDGET_S=1000 SEED=8 FINAL=/tmp/pe20/fork-pool bash bench/gpu/fork-pool.sh 2>&1 | tail -2 | tee -a "$OUT/summary.txt"
echo "pe20 done at $(el) s" | tee -a "$OUT/summary.txt"
cp /tmp/pe20/fork-pool.tgz "$OUT/pe20.tgz"
(( $(el) < 400 )) && PLACE="0 2" POOLS=user SIZES=22 BLOCK=20 ROUNDS=1 BUDGET_S=1000 SEED=9 FINAL=/tmp/pe22/fork-pool bash bench/gpu/fork-pool.sh 2>&1 | tail -2 | tee -a "$OUT/summary.txt"
echo "pe22 done at $(el) s" | tee -a "$OUT/summary.txt"
cp /tmp/pe22/fork-pool.tgz "$OUT/pe22.tgz"
cat /tmp/pe20/fork-pool/timing.csv /tmp/pe22/fork-pool/timing.csv >> "$OUT/summary.txt"
echo "total $(el) s" | tee -a "$OUT/summary.txt"

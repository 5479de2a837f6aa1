set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; } | tee "$OUT/summary.txt"
# (1) fresh placements at 2^24: --place-every 0 against 2, user kernel at n, 1.01 n, 1.02 n, 15 forks each
PLACE="0 2" POOLS=user SIZES=24 BLOCK=15 ROUNDS=1 BUDGET_S=1000 SEED=10 FINAL=/tmp/pe24/fork-pool bash bench/gpu/fork-pool.sh 2>&1 | tail -2 | tee -a "$OUT/summary.txt"
echo "pe24 done at $(el) s" | tee -a "$OUT/summary.txt"
cp /tmp/pe24/fork-pool.tgz "$OUT/pe24.tgz"
# (2) the built-in gelu, copy and triad at 2^20 and 2^22 (n, 1.01 n, 1.02 n: 18 benchmarks a fork), blocks of 10 forks
left=$(( 470 - $(el) )); (( left < 0 )) && left=0
echo "builtin budget $left s" | tee -a "$OUT/summary.txt"
POOLS=builtin SIZES="20 22" BLOCK=10 ROUNDS=20 BUDGET_S=$left SEED=11 FINAL=/tmp/b2022/fork-pool bash bench/gpu/fork-pool.sh 2>&1 | tail -2 | tee -a "$OUT/summary.txt"
cp /tmp/b2022/fork-pool.tgz "$OUT/builtin2022.tgz"
cat /tmp/pe24/fork-pool/timing.csv /tmp/b2022/fork-pool/timing.csv >> "$OUT/summary.txt"
echo "total $(el) s" | tee -a "$OUT/summary.txt"

set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; } | tee "$OUT/summary.txt"
# (1) fresh kbench ab at 2^24, kernel form, standby forks: A/A and +1 % (threshold 0.5 %), two tries each
SIZES=24 CASES="aa plus1" TRIES=2 MAX_TIME_S=40 FINAL=/tmp/ab24 bash bench/gpu/ab-fresh.sh > /tmp/ab24.out 2> /tmp/ab24.err
echo "ab-fresh 2^24: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/ab24.out /tmp/ab24.err >> "$OUT/summary.txt"
tar -C /tmp -czf "$OUT/ab24.tgz" ab24 ab24.out ab24.err
# (2) placement within a process now that cold calls are held: built-in gelu, 4 allocations a process
SECTIONS=multi ROUNDS=10 FINAL=/tmp/spread bash bench/gpu/fork-spread.sh > /tmp/spread.log 2>&1
echo "multi: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
python3 bench/results/summarize_spread.py /tmp/spread >> "$OUT/summary.txt" 2>&1
tar -C /tmp -czf "$OUT/multi.tgz" spread spread.log
# (3) pool at 2^22: blocks of 25 forks (run --forks, standby), 2 rounds
POOLS=user SIZES=22 BLOCK=25 ROUNDS=2 BUDGET_S=150 SEED=6 FINAL=/tmp/pool22/fork-pool bash bench/gpu/fork-pool.sh 2>&1 | tail -2 | tee -a "$OUT/summary.txt"
echo "pool22 done at $(el) s" | tee -a "$OUT/summary.txt"
cp /tmp/pool22/fork-pool.tgz "$OUT/pool22.tgz"
# (4) pool at 2^20: blocks of 30 forks, as many rounds as the time left allows (a round is about 70 s)
left=$(( 500 - $(el) - 75 )); (( left < 0 )) && left=0
echo "pool20 budget $left s" | tee -a "$OUT/summary.txt"
POOLS=user SIZES=20 BLOCK=30 ROUNDS=6 BUDGET_S=$left SEED=5 FINAL=/tmp/pool20/fork-pool bash bench/gpu/fork-pool.sh 2>&1 | tail -2 | tee -a "$OUT/summary.txt"
cp /tmp/pool20/fork-pool.tgz "$OUT/pool20.tgz"
echo "total $(el) s" | tee -a "$OUT/summary.txt"

set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; } | tee "$OUT/summary.txt"
# (1) the new defaults (hand over once finished, three standbys) against the old (closed, two), 2^20
MODES="device device/closed/d2" TRIES=3 FORKS=12 N=1048576 FINAL=/tmp/d20 bash bench/gpu/fork-standby.sh > /tmp/d20.out 2>&1
echo "defaults 2^20: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/d20.out >> "$OUT/summary.txt"
tar -C /tmp -czf "$OUT/defaults20.tgz" d20 d20.out
# (2) fresh kbench ab with the new defaults: 2^24 twice, 2^22 once
for job in "24 0" "24 1" "22 0"; do
  read -r s t <<< "$job"
  SIZES=$s CASES="aa plus1 plus2" TRIES=1 MAX_TIME_S=60 SEED=$((51 + t)) FINAL=/tmp/ab$s-$t bash bench/gpu/ab-fresh.sh > /tmp/ab$s-$t.out 2> /tmp/ab$s-$t.err
  echo "ab $s try $t: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/ab$s-$t.out /tmp/ab$s-$t.err >> "$OUT/summary.txt"
done
(cd /tmp && tar -czf "$OUT/ab.tgz" ab24-0 ab24-1 ab22-0 ab24-0.out ab24-1.out ab22-0.out ab24-0.err ab24-1.err ab22-0.err)
# (3) pools of the user kernel at 2^22 and 2^24 with the new defaults, blocks of 40, in what time is left
left=$(( 440 - $(el) )); (( left < 0 )) && left=0
echo "pool budget $left s" | tee -a "$OUT/summary.txt"
POOLS=user SIZES="22 24" BLOCK=40 ROUNDS=4 BUDGET_S=$left SEED=61 FINAL=/tmp/pool/fork-pool bash bench/gpu/fork-pool.sh 2>&1 | tail -2 | tee -a "$OUT/summary.txt"
cp /tmp/pool/fork-pool.tgz "$OUT/pool2224.tgz"
cat /tmp/pool/fork-pool/timing.csv >> "$OUT/summary.txt"
echo "total $(el) s" | tee -a "$OUT/summary.txt"

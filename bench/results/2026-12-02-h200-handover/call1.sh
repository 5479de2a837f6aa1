set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; } | tee "$OUT/summary.txt"
# (1) standby start (wait before discovery, go at exit) against device (wait before first work, go at release)
MODES="start device" TRIES=3 FORKS=10 N=1048576 FINAL=/tmp/s20 bash bench/gpu/fork-standby.sh > /tmp/s20.out 2>&1
echo "standby 2^20: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/s20.out >> "$OUT/summary.txt"
MODES="start device" TRIES=2 FORKS=10 N=16777216 FINAL=/tmp/s24 bash bench/gpu/fork-standby.sh > /tmp/s24.out 2>&1
echo "standby 2^24: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/s24.out >> "$OUT/summary.txt"
tar -C /tmp -czf "$OUT/standby.tgz" s20 s20.out s24 s24.out
# (2) fresh kbench ab at 2^24 (device standby, the default now): A/A, +1 % (threshold 0.5 %), +2 %, two tries each
SIZES=24 CASES="aa plus1 plus2" TRIES=2 MAX_TIME_S=40 FINAL=/tmp/ab24 bash bench/gpu/ab-fresh.sh > /tmp/ab24.out 2> /tmp/ab24.err
echo "ab-fresh 2^24: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/ab24.out /tmp/ab24.err >> "$OUT/summary.txt"
tar -C /tmp -czf "$OUT/ab24.tgz" ab24 ab24.out ab24.err
# (3) fresh kbench ab at 2^20, A/A and +1 %, if time is left
if (( $(el) < 380 )); then
  SIZES=20 CASES="aa plus1" TRIES=1 MAX_TIME_S=70 FINAL=/tmp/ab20 bash bench/gpu/ab-fresh.sh > /tmp/ab20.out 2> /tmp/ab20.err
  echo "ab-fresh 2^20: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/ab20.out /tmp/ab20.err >> "$OUT/summary.txt"
  tar -C /tmp -czf "$OUT/ab20.tgz" ab20 ab20.out ab20.err
fi
echo "total $(el) s" | tee -a "$OUT/summary.txt"

set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; } | tee "$OUT/summary.txt"
# fresh kbench ab at 2^24 with the new defaults, as many tries as the call's time allows: +1 % (threshold 0.5 %), then A/A
for t in 0 1 2 3 4 5; do
  for c in plus1 aa; do
    (( $(el) > 170 )) && break 2
    SIZES=24 CASES=$c TRIES=1 MAX_TIME_S=60 SEED=$((71 + t)) FINAL=/tmp/ab24-$c-$t bash bench/gpu/ab-fresh.sh > /tmp/ab24-$c-$t.out 2> /tmp/ab24-$c-$t.err
    echo "ab 24 $c try $t: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/ab24-$c-$t.out /tmp/ab24-$c-$t.err >> "$OUT/summary.txt"
  done
done
(cd /tmp && tar -czf "$OUT/ab24.tgz" ab24-*)
echo "total $(el) s" | tee -a "$OUT/summary.txt"

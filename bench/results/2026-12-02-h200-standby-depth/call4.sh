# One call to an H200 (this build's distribution in .device/): fresh ab at 2^24, the planted GELU, A/A and
# +1 % against a 0.5 % threshold, as many tries as about 250 s allow.
set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; "$KBENCH" --version; } 2>&1 | tee "$OUT/summary.txt"
source bench/gpu/user-kernel.sh
"$KBENCH" --backend cuda run --forks 3 $(user 1048576) --repetitions 2 --rep-ms 5 -q > /dev/null 2>> /tmp/warm.log
echo "warm: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
for t in 0 1 2 3 4 5 6 7; do
  (( $(el) > 215 )) && break
  SIZES=24 CASES="aa plus1" TRIES=1 MAX_TIME_S=40 SEED=$((191 + t)) FINAL=/tmp/ab-$t timeout $(( 275 - $(el) )) \
    bash bench/gpu/ab-fresh.sh > /tmp/ab-$t.out 2> /tmp/ab-$t.err
  echo "ab try $t: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/ab-$t.out /tmp/ab-$t.err >> "$OUT/summary.txt"
done
(cd /tmp && tar -czf "$OUT/ab24.tgz" $(ls -d ab-* 2>/dev/null) warm.log)
echo "total $(el) s" | tee -a "$OUT/summary.txt"

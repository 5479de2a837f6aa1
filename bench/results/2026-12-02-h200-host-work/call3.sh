# One call to an H200 (distribution in .device/, build d2a466c): fresh kbench ab with `-- --center trimmed_mean`:
# (1) the planted GELU at 2^24, A/A (defaults) and +1 % against 0.5 %, 3 tries each, alternating; (2) the planted
# spin at 2^20, --place-every 2, at most 120 s, +1 % against 0.5 % and one A/A against 0.5 %, as time allows.
set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc
  "$KBENCH" --version; } 2>&1 | tee "$OUT/summary.txt"
source bench/gpu/user-kernel.sh
"$KBENCH" --backend cuda run --forks 3 $(user 1048576) --repetitions 2 --rep-ms 5 -q > /dev/null 2>> /tmp/warm.log
echo "warm: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
for t in 0 1 2; do
  SIZES=24 CASES="aa plus1" TRIES=1 MAX_TIME_S=40 SEED=$((501 + t)) COMPARE_ARGS="--center trimmed_mean" \
    FINAL=/tmp/tm24-$t timeout 100 bash bench/gpu/ab-fresh.sh > /tmp/tm24-$t.out 2> /tmp/tm24-$t.err
  echo "ab trimmed 2^24 try $t: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/tm24-$t.out /tmp/tm24-$t.err >> "$OUT/summary.txt"
done
t=0
for c in plus1 plus1 aa05 plus1 plus1 plus1 plus1; do
  (( $(el) > 330 )) && break
  KERNEL=spin SIZES=20 CASES=$c TRIES=1 SEED=$((511 + t)) MAX_TIME_S=120 MAX_FORKS=400 RUN_ARGS="--place-every 2" \
    COMPARE_ARGS="--center trimmed_mean" FINAL=/tmp/tm20-$t timeout $(( 460 - $(el) )) bash bench/gpu/ab-fresh.sh \
    > /tmp/tm20-$t.out 2> /tmp/tm20-$t.err
  echo "ab trimmed 2^20 $c try $t: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/tm20-$t.out /tmp/tm20-$t.err >> "$OUT/summary.txt"
  t=$((t + 1))
done
(cd /tmp && tar -czf "$OUT/trimmed3.tgz" $(ls -d tm24-* tm20-* 2>/dev/null) warm.log)
echo "total $(el) s" | tee -a "$OUT/summary.txt"

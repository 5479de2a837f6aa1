# One call to an H200 (distribution in .device/, build 182963a): fresh kbench ab
# with the planted spin at 2^20, --place-every 2, `-- --center trimmed_mean`, at most 120 s (60 s of device time
# a side), alternating +1 % against 0.5 % (plus1) and A/A against 0.5 % (aa05), as time allows.
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
t=0
for c in plus1 aa05 plus1 plus1 aa05 plus1 plus1 aa05 plus1; do
  (( $(el) > 440 )) && break
  KERNEL=spin SIZES=20 CASES=$c TRIES=1 SEED=$((401 + t)) MAX_TIME_S=120 MAX_FORKS=400 RUN_ARGS="--place-every 2" \
    COMPARE_ARGS="--center trimmed_mean" FINAL=/tmp/tm-$t timeout $(( 575 - $(el) )) bash bench/gpu/ab-fresh.sh \
    > /tmp/tm-$t.out 2> /tmp/tm-$t.err
  echo "ab trimmed $c try $t: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/tm-$t.out /tmp/tm-$t.err >> "$OUT/summary.txt"
  t=$((t + 1))
done
(cd /tmp && tar -czf "$OUT/trimmed.tgz" $(ls -d tm-* 2>/dev/null) warm.log)
echo "total $(el) s" | tee -a "$OUT/summary.txt"

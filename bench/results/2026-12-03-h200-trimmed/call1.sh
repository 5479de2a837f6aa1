# One call to an H200 (distribution in .device/, build 182963a): fresh kbench ab with `-- --center trimmed_mean`,
# the planted GELU (ab-fresh.sh's default kernel) at SIZE (2^24 unless given), cycling A/A at the default
# threshold (aa), +1 % against 0.5 % (plus1) and A/A against 0.5 % (aa05) until 530 s have passed.
set -u
mkdir -p "$OUT"
size=${SIZE:-24}
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc
  "$KBENCH" --version; } 2>&1 | tee "$OUT/summary.txt"
source bench/gpu/user-kernel.sh
"$KBENCH" --backend cuda run --forks 3 $(user $(( 1 << size ))) --repetitions 2 --rep-ms 5 -q > /dev/null 2>> /tmp/warm.log
echo "warm: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
t=0
while (( $(el) < ${STOP_S:-530} )); do
  for c in aa plus1 aa05; do
    (( $(el) > ${STOP_S:-530} )) && break
    CASES=$c SIZES=$size TRIES=1 SEED=$((1000 + t)) MAX_TIME_S=30 MAX_FORKS=200 COMPARE_ARGS="--center trimmed_mean" \
      FINAL=/tmp/tm$size-$t timeout $(( 585 - $(el) )) bash bench/gpu/ab-fresh.sh > /tmp/tm$size-$t.out 2> /tmp/tm$size-$t.err
    echo "ab trimmed $size $c try $t: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
    tail -n 1 /tmp/tm$size-$t.out >> "$OUT/summary.txt"; tail -n 1 /tmp/tm$size-$t.err >> "$OUT/summary.txt"
    t=$((t + 1))
  done
done
(cd /tmp && tar -cf - $(ls -d tm$size-* 2>/dev/null) warm.log | xz -T0 -6 > "$OUT/trimmed$size.txz")
ls -la "$OUT"
echo "total $(el) s" | tee -a "$OUT/summary.txt"

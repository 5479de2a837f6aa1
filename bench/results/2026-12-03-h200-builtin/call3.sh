# One call to an H200 (distribution in .device/ of build f71a5f8): fresh ab A/A over the built-in gelu, copy,
# triad at ONE size a run (so that a fork carries 3 benchmarks, not 9, and 45 s hold enough forks for alpha
# 0.001), `--center trimmed_mean --threshold 0.5%` (ab-builtin.sh case aa05), sizes 2^24, 2^20, 2^22 in turn,
# until STOP_S.
set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
t=0
while (( $(el) < ${STOP_S:-420} )); do
  for s in 24 20 22; do
    (( $(el) > ${STOP_S:-420} )) && break
    CASES=aa05 SIZES=$s TRIES=1 SEED=$((4000 + t)) MAX_TIME_S=45 COMPARE_ARGS="--center trimmed_mean" FINAL=/tmp/bk-$t \
      timeout 80 bash bench/gpu/ab-builtin.sh > /tmp/bk-$t.out 2> /tmp/bk-$t.err
    echo "ab builtin 2^$s aa05 try $t: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
    tail -n +2 /tmp/bk-$t/summary.csv >> "$OUT/summary.txt"; tail -n 1 /tmp/bk-$t.err >> "$OUT/summary.txt"
    t=$((t + 1))
  done
done
(cd /tmp && tar -cf - bk-* | xz -T0 -6 > "$OUT/call3.txz")
echo "total $(el) s" | tee -a "$OUT/summary.txt"

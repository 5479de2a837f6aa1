# Call 3 (2026-12-03, second session): the device passed on from fork to fork at each hand-over (this build)
# against e731f24's bench-forks (.device/alt, where go waited for the caller's next call), and a standby depth of
# 6 (newly allowed): fork-standby.sh with the user PTX GELU at 2^20 and 2^24 and the built-in gelu+copy+triad at
# 2^24; then fresh ab with this build: the user PTX planted +1 % at 2^20 (ab-fresh.sh, at most 120 s), the
# built-in suite at 2^24 (plus1, aa05, at most 30 s) and 2^22 (aa, at most 60 s), in turn until STOP_S.
set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
alt=/tmp/kbench-alt
rm -rf "$alt" && cp -r "$KBENCH_HOME" "$alt" && cp .device/alt/bench-forks-*.jar "$alt/lib/core/"
export KBENCH_ALT=$alt/bin/kbench
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc
  "$KBENCH" --version; "$KBENCH_ALT" --version; } 2>&1 | tee "$OUT/summary.txt"
for k in "$KBENCH" "$KBENCH_ALT"; do
  "$k" --backend cuda run --forks 3 --filter gelu -p n=2^20 --repetitions 2 --rep-ms 5 -q > /dev/null 2>> /tmp/warm.log
  echo "warm $k: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
done
for s in 20 24; do
  MODES="device/alt device device/d6" TRIES=3 FORKS=12 N=$((1 << s)) FINAL=/tmp/u$s \
    bash bench/gpu/fork-standby.sh > /tmp/u$s.out 2>&1
  echo "chain, user 2^$s: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/u$s.out >> "$OUT/summary.txt"
done
BENCHMARKS=3 MODES="device/alt device" TRIES=2 FORKS=8 ARGS="--filter gelu,copy,triad -p n=2^24" FINAL=/tmp/b24 \
  bash bench/gpu/fork-standby.sh > /tmp/b24.out 2>&1
echo "chain, built-in 2^24: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/b24.out >> "$OUT/summary.txt"
t=0
while (( $(el) < ${STOP_S:-450} )); do
  for run in "user 20 plus1 120" "builtin 24 plus1 30" "builtin 24 aa05 30" "builtin 22 aa 60"; do
    read -r what s c max <<< "$run"
    (( $(el) + max / 2 > ${STOP_S:-450} )) && continue
    if [[ $what == user ]]; then
      SIZES=$s CASES=$c TRIES=1 SEED=$((8000 + t)) MAX_TIME_S=$max FINAL=/tmp/ab-$t \
        timeout $(( 585 - $(el) )) bash bench/gpu/ab-fresh.sh > /tmp/ab-$t.out 2> /tmp/ab-$t.err
    else
      mkdir -p /tmp/ab-$t && cp -r .device/planted/plus10 .device/planted/plus20 /tmp/ab-$t/
      CASES=$c SIZES=$s TRIES=1 SEED=$((8000 + t)) MAX_TIME_S=$max FINAL=/tmp/ab-$t \
        timeout $(( 585 - $(el) )) bash bench/gpu/ab-builtin.sh > /tmp/ab-$t.out 2> /tmp/ab-$t.err
    fi
    echo "ab $what 2^$s $c try $t: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
    tail -n +2 /tmp/ab-$t/summary.csv >> "$OUT/summary.txt"; tail -n 1 /tmp/ab-$t.err >> "$OUT/summary.txt"
    t=$((t + 1))
  done
  (( $(el) + 30 > ${STOP_S:-450} )) && break
done
(cd /tmp && tar -cf - u20 u24 b24 u20.out u24.out b24.out $(ls -d ab-* 2>/dev/null) warm.log | xz -T0 -6 > "$OUT/call3.txz")
echo "total $(el) s" | tee -a "$OUT/summary.txt"

# Call 2 (2026-12-03, second session): (1) a user kernel's module built in standby (.device/alt2: bench-cli of
# the branch that does it, on e731f24) against this build (e731f24), fork-standby.sh's user PTX GELU at 2^20
# and 2^24; (2) fresh ab of the built-in suite: 2^22 plus1 (at most 60 s a run), 2^20 plus1 (at most 120 s),
# 2^22 aa and 2^20 aa (A/A at the default threshold, at most 60 s), in turn until STOP_S.
set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
alt=/tmp/kbench-alt
rm -rf "$alt" && cp -r "$KBENCH_HOME" "$alt" && cp .device/alt2/bench-cli-*.jar "$alt/lib/core/"
export KBENCH_ALT=$alt/bin/kbench
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc
  "$KBENCH" --version; "$KBENCH_ALT" --version; } 2>&1 | tee "$OUT/summary.txt"
for k in "$KBENCH" "$KBENCH_ALT"; do
  "$k" --backend cuda run --forks 3 --filter gelu -p n=2^20 --repetitions 2 --rep-ms 5 -q > /dev/null 2>> /tmp/warm.log
  echo "warm $k: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
done
for s in 20 24; do
  MODES="device device/alt" TRIES=3 FORKS=8 N=$((1 << s)) FINAL=/tmp/m$s \
    bash bench/gpu/fork-standby.sh > /tmp/m$s.out 2>&1
  echo "module ahead 2^$s: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/m$s.out >> "$OUT/summary.txt"
done
t=0
while (( $(el) < ${STOP_S:-480} )); do
  for run in "22 plus1 60" "20 plus1 120" "22 aa 60" "20 aa 60"; do
    read -r s c max <<< "$run"
    (( $(el) + max / 2 > ${STOP_S:-480} )) && continue
    mkdir -p /tmp/bp-$t && cp -r .device/planted/plus10 .device/planted/plus20 /tmp/bp-$t/
    CASES=$c SIZES=$s TRIES=1 SEED=$((7000 + t)) MAX_TIME_S=$max FINAL=/tmp/bp-$t \
      timeout $(( 585 - $(el) )) bash bench/gpu/ab-builtin.sh > /tmp/bp-$t.out 2> /tmp/bp-$t.err
    echo "ab builtin 2^$s $c try $t: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
    tail -n +2 /tmp/bp-$t/summary.csv >> "$OUT/summary.txt"; tail -n 1 /tmp/bp-$t.err >> "$OUT/summary.txt"
    t=$((t + 1))
  done
  (( $(el) + 30 > ${STOP_S:-480} )) && break
done
(cd /tmp && tar -cf - m20 m24 m20.out m24.out $(ls -d bp-* 2>/dev/null) warm.log | xz -T0 -6 > "$OUT/call2.txz")
echo "total $(el) s" | tee -a "$OUT/summary.txt"

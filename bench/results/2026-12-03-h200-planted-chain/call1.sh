# Call 1 (2026-12-03, second session): (1) the built-in suite's setup made in standby, this build (e731f24)
# against f71a5f8's bench-cli (.device/alt), fork-standby.sh at 2^24 and 2^20; (2) fresh ab of the built-in
# suite at 2^24, plus1 (planted +1 % against 0.5 %) and aa05 (A/A against 0.5 %) alternating, at most 30 s a run
# (15 s of device time a side), until STOP_S. The planted suites were written on the build host
# (planted-suite.sh 10 / 20, nvcc 13.0) into .device/planted/.
set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
alt=/tmp/kbench-alt
rm -rf "$alt" && cp -r "$KBENCH_HOME" "$alt" && cp .device/alt/bench-cli-*.jar "$alt/lib/core/"
export KBENCH_ALT=$alt/bin/kbench
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc
  "$KBENCH" --version; "$KBENCH_ALT" --version; } 2>&1 | tee "$OUT/summary.txt"
for k in "$KBENCH" "$KBENCH_ALT"; do
  "$k" --backend cuda run --forks 3 --filter gelu -p n=2^20 --repetitions 2 --rep-ms 5 -q > /dev/null 2>> /tmp/warm.log
  echo "warm $k: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
done
for s in 24 20; do
  MODES="device device/alt" TRIES=3 FORKS=8 ARGS="--filter gelu,copy,triad -p n=2^$s" FINAL=/tmp/s$s \
    bash bench/gpu/fork-standby.sh > /tmp/s$s.out 2>&1
  echo "forks 2^$s: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/s$s.out >> "$OUT/summary.txt"
done
t=0
while (( $(el) < ${STOP_S:-480} )); do
  for c in plus1 aa05; do
    (( $(el) > ${STOP_S:-480} )) && break
    mkdir -p /tmp/bp-$t && cp -r .device/planted/plus10 .device/planted/plus20 /tmp/bp-$t/
    CASES=$c SIZES=24 TRIES=1 SEED=$((6000 + t)) MAX_TIME_S=30 FINAL=/tmp/bp-$t \
      timeout $(( 585 - $(el) )) bash bench/gpu/ab-builtin.sh > /tmp/bp-$t.out 2> /tmp/bp-$t.err
    echo "ab builtin 2^24 $c try $t: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
    tail -n +2 /tmp/bp-$t/summary.csv >> "$OUT/summary.txt"; tail -n 1 /tmp/bp-$t.err >> "$OUT/summary.txt"
    t=$((t + 1))
  done
done
(cd /tmp && tar -cf - s24 s20 s24.out s20.out $(ls -d bp-* 2>/dev/null) warm.log | xz -T0 -6 > "$OUT/call1.txz")
echo "total $(el) s" | tee -a "$OUT/summary.txt"

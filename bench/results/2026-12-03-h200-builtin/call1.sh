# One call to an H200 (distribution in .device/ of build f71a5f8, kit of prepare-kit.sh, the jars of bench-api and
# backend-cuda of 182963a in .device/alt/): (1) forks of this build (energy counter learned at open) against
# 182963a's (read at the first reading), fork-standby.sh device against device/alt, 2^24 and 2^20; (2) the
# CUDA backend's CudaGpuTest; (3) fresh ab A/A over the built-in gelu, copy, triad at 2^20, 2^22, 2^24 with
# `--center trimmed_mean` (ab-builtin.sh), aa and aa05 alternating, until STOP_S.
set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
alt=/tmp/kbench-alt
rm -rf "$alt" && cp -r "$KBENCH_HOME" "$alt" && cp .device/alt/bench-api-*.jar "$alt/lib/core/" \
  && cp .device/alt/backend-cuda-*.jar "$alt/lib/backend-cuda/"
export KBENCH_ALT=$alt/bin/kbench
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc
  "$KBENCH" --version; "$KBENCH_ALT" --version; } 2>&1 | tee "$OUT/summary.txt"
source bench/gpu/user-kernel.sh
for k in "$KBENCH" "$KBENCH_ALT"; do
  "$k" --backend cuda run --forks 3 $(user 1048576) --repetitions 2 --rep-ms 5 -q > /dev/null 2>> /tmp/warm.log
  echo "warm $k: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
done
for n in 16777216 1048576; do
  MODES="device device/alt" TRIES=3 FORKS=12 N=$n FINAL=/tmp/s$n bash bench/gpu/fork-standby.sh > /tmp/s$n.out 2>&1
  echo "forks n=$n: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/s$n.out >> "$OUT/summary.txt"
done
STEPS=junit SELECT="--select-class dev.kbench.cuda.CudaGpuTest" OUT=/tmp/cudatest timeout 150 bash bench/gpu/run-cuda-tests.sh > /tmp/cudatest.out 2>&1
echo "CudaGpuTest: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; tail -n 30 /tmp/cudatest/junit.txt >> "$OUT/summary.txt" 2>&1
t=0
while (( $(el) < ${STOP_S:-470} )); do
  for c in aa aa05; do
    (( $(el) > ${STOP_S:-470} )) && break
    CASES=$c TRIES=1 SEED=$((2000 + t)) MAX_TIME_S=${MAX_TIME_S:-45} COMPARE_ARGS="--center trimmed_mean" FINAL=/tmp/bi-$t \
      timeout $(( 580 - $(el) )) bash bench/gpu/ab-builtin.sh > /tmp/bi-$t.out 2> /tmp/bi-$t.err
    echo "ab builtin $c try $t: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
    tail -n +2 /tmp/bi-$t/summary.csv >> "$OUT/summary.txt"; tail -n 1 /tmp/bi-$t.err >> "$OUT/summary.txt"
    t=$((t + 1))
  done
done
(cd /tmp && tar -cf - s16777216 s1048576 s16777216.out s1048576.out cudatest cudatest.out $(ls -d bi-* 2>/dev/null) warm.log \
  | xz -T0 -6 > "$OUT/call1.txz")
ls -la "$OUT"
echo "total $(el) s" | tee -a "$OUT/summary.txt"

# One call to an H200 (distribution and test kit in .device/, this build 7b1e34b: the violation counters read
# in one nvmlDeviceGetFieldValues call, rows put in CSV form once per repetition). (1) CudaGpuTest's check that
# the counters read together are the counters read one by one; (2) one hypothesis at a time, fork-standby.sh
# `device` (this build) against `device/alt`: alt = this build with 5357eab's bench-stats jar (rows formatted
# field by field), then alt = this build with 5357eab's backend-cuda jar (counters read one call each), at 2^20
# (3 tries of 24 forks) and 2^24 (2 tries); (3) fresh ab, the planted spin at 2^20, +1 % against 0.5 %,
# --place-every 2, 120 s at most, as time allows.
set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc
  "$KBENCH" --version; } 2>&1 | tee "$OUT/summary.txt"
for alt in S N; do
  rm -rf /tmp/kbench-alt$alt && cp -r "$KBENCH_HOME" /tmp/kbench-alt$alt
done
cp .device/altS/*.jar /tmp/kbench-altS/lib/core/
cp .device/altN/*.jar /tmp/kbench-altN/lib/backend-cuda/
source bench/gpu/user-kernel.sh
for k in "$KBENCH" /tmp/kbench-altS/bin/kbench /tmp/kbench-altN/bin/kbench; do
  "$k" --backend cuda run --forks 3 $(user 1048576) --repetitions 2 --rep-ms 5 -q > /dev/null 2>> /tmp/warm.log
  echo "warm $k: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
done
STEPS=junit SELECT="--select-method dev.kbench.cuda.CudaGpuTest#violationCountersReadTogetherAreTheOnesReadOneByOne" \
  OUT=/tmp/junit timeout 90 bash bench/gpu/run-cuda-tests.sh > /tmp/junit.out 2>&1
echo "junit: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
cat /tmp/junit.out >> "$OUT/summary.txt"
grep -E "policy|tests (successful|failed)|violation|Exception" /tmp/junit/junit.txt >> "$OUT/summary.txt"
for alt in S N; do
  for job in "1048576 3" "16777216 2"; do
    read -r n tries <<< "$job"
    (( $(el) > 330 )) && { echo "forks alt$alt n=$n skipped at $(el) s" | tee -a "$OUT/summary.txt"; continue; }
    KBENCH_ALT=/tmp/kbench-alt$alt/bin/kbench MODES="device device/alt" TRIES=$tries FORKS=24 N=$n \
      FINAL=/tmp/h$alt$n timeout 110 bash bench/gpu/fork-standby.sh > /tmp/h$alt$n.out 2>&1
    echo "forks alt$alt n=$n: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/h$alt$n.out >> "$OUT/summary.txt"
  done
done
for t in 0 1 2; do
  (( $(el) > 420 )) && break
  KERNEL=spin SIZES=20 CASES=plus1 TRIES=1 SEED=$((301 + t)) MAX_TIME_S=120 MAX_FORKS=400 RUN_ARGS="--place-every 2" \
    FINAL=/tmp/ab-spin-$t timeout $(( 570 - $(el) )) bash bench/gpu/ab-fresh.sh > /tmp/ab-spin-$t.out 2> /tmp/ab-spin-$t.err
  echo "ab spin try $t: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/ab-spin-$t.out /tmp/ab-spin-$t.err >> "$OUT/summary.txt"
done
(cd /tmp && tar -czf "$OUT/host.tgz" junit $(ls -d hS* hN* ab-spin-* 2>/dev/null) warm.log)
echo "total $(el) s" | tee -a "$OUT/summary.txt"

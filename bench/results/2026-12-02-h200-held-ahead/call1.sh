# One call to an H200 (distribution and test kit in .device/, this build: cold calls held ahead by default):
# (1) the CUDA backend's GPU tests of CudaGpuTest (the two holds in place among them); (2) where a fork's time
# goes: held ahead (the default) against held one at a time (-Dkbench.hold.ahead=false), not held
# (-Dkbench.hold=false) and no NVML telemetry (-Dkbench.cuda.telemetry=off), 2^20, 2 tries of 16 forks;
# (3) fork medians, held ahead against one at a time, 2^20, 2^22, 2^24, 4 tries of 30 forks each.
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
STEPS=junit SELECT="--select-class dev.kbench.cuda.CudaGpuTest" OUT=/tmp/junit timeout 150 bash bench/gpu/run-cuda-tests.sh \
  > /tmp/junit.out 2>&1
echo "junit: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
cat /tmp/junit.out >> "$OUT/summary.txt"
grep -E "held|hold|released|tests (successful|failed)" /tmp/junit/junit.txt >> "$OUT/summary.txt"
MODES="device device/-Dkbench.hold.ahead=false device/-Dkbench.hold=false device/-Dkbench.cuda.telemetry=off" \
  TRIES=2 FORKS=16 N=1048576 FINAL=/tmp/phases timeout 120 bash bench/gpu/fork-standby.sh > /tmp/phases.out 2>&1
echo "phases: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/phases.out >> "$OUT/summary.txt"
for n in 1048576 4194304 16777216; do
  (( $(el) > 470 )) && { echo "medians n=$n skipped at $(el) s" | tee -a "$OUT/summary.txt"; continue; }
  MODES="device device/-Dkbench.hold.ahead=false" TRIES=4 FORKS=30 N=$n FINAL=/tmp/m$n \
    timeout $(( 560 - $(el) )) bash bench/gpu/fork-standby.sh > /tmp/m$n.out 2>&1
  echo "medians n=$n: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/m$n.out >> "$OUT/summary.txt"
done
(cd /tmp && tar -czf "$OUT/ahead.tgz" junit phases phases.out $(ls -d m[0-9]* 2>/dev/null) warm.log)
echo "total $(el) s" | tee -a "$OUT/summary.txt"

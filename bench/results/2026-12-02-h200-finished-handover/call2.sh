set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; } | tee "$OUT/summary.txt"
# (1) this build (NVML handle at the device's opening, start telemetry without the energy counter, git asked
# before go): two standbys handing over once closed (default) against three, and three handing over once finished
MODES="device device/d3 device/finished/d3" TRIES=3 FORKS=12 N=1048576 FINAL=/tmp/m20 bash bench/gpu/fork-standby.sh > /tmp/m20.out 2>&1
echo "modes 2^20: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/m20.out >> "$OUT/summary.txt"
tar -C /tmp -czf "$OUT/modes20.tgz" m20 m20.out
# (2) the same at 2^24, where fork medians agree to 0.1 %: does a teardown beside the next fork's start move them
MODES="device device/finished/d3" TRIES=2 FORKS=12 N=16777216 FINAL=/tmp/m24 bash bench/gpu/fork-standby.sh > /tmp/m24.out 2>&1
echo "modes 2^24: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/m24.out >> "$OUT/summary.txt"
tar -C /tmp -czf "$OUT/modes24.tgz" m24 m24.out
# (3) fresh kbench ab at 2^20 with this build's defaults, as long as the call has time
for c in plus1 aa plus2; do
  (( $(el) > 440 )) && { echo "ab20 $c: no time left" | tee -a "$OUT/summary.txt"; continue; }
  SIZES=20 CASES=$c TRIES=1 MAX_TIME_S=100 SEED=41 FINAL=/tmp/ab20-$c bash bench/gpu/ab-fresh.sh > /tmp/ab20-$c.out 2> /tmp/ab20-$c.err
  echo "ab20 $c: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/ab20-$c.out /tmp/ab20-$c.err >> "$OUT/summary.txt"
done
tar -C /tmp -czf "$OUT/ab20.tgz" ab20-*
echo "total $(el) s" | tee -a "$OUT/summary.txt"

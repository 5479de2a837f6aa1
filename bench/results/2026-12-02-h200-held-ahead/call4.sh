# One call to an H200 (distribution in .device/, this build: held ahead, the standby warmup, the first reading
# shared; in .device/alt4/ the core jars of the build with held-ahead calls only): (1) forks, this build
# (device) against itself without the warmup (-Dkbench.forks.standby.warm=false) and against the build
# before (device/alt), 2^20 (4 tries of 24 forks) and 2^24 (3 tries); (2) fresh ab at 2^24, A/A and +1 %
# against 0.5 %, 4 tries; (3) fresh ab with the planted spin at 2^20, +1 % against 0.5 %, --place-every 2,
# 120 s at most, as time allows.
set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
alt=/tmp/kbench-alt
rm -rf "$alt" && cp -r "$KBENCH_HOME" "$alt" && cp .device/alt4/*.jar "$alt/lib/core/"
export KBENCH_ALT=$alt/bin/kbench
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc
  "$KBENCH" --version; "$KBENCH_ALT" --version; } 2>&1 | tee "$OUT/summary.txt"
source bench/gpu/user-kernel.sh
for k in "$KBENCH" "$KBENCH_ALT"; do
  "$k" --backend cuda run --forks 3 $(user 1048576) --repetitions 2 --rep-ms 5 -q > /dev/null 2>> /tmp/warm.log
  echo "warm $k: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
done
for job in "1048576 4" "16777216 3"; do
  read -r n tries <<< "$job"
  MODES="device device/-Dkbench.forks.standby.warm=false device/alt" TRIES=$tries FORKS=24 N=$n FINAL=/tmp/w$n \
    timeout 170 bash bench/gpu/fork-standby.sh > /tmp/w$n.out 2>&1
  echo "forks n=$n: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/w$n.out >> "$OUT/summary.txt"
done
for t in 0 1 2 3; do
  (( $(el) > 330 )) && break
  SIZES=24 CASES="aa plus1" TRIES=1 MAX_TIME_S=40 SEED=$((211 + t)) FINAL=/tmp/ab-$t timeout $(( 400 - $(el) )) \
    bash bench/gpu/ab-fresh.sh > /tmp/ab-$t.out 2> /tmp/ab-$t.err
  echo "ab try $t: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/ab-$t.out /tmp/ab-$t.err >> "$OUT/summary.txt"
done
for t in 0 1; do
  (( $(el) > 440 )) && break
  KERNEL=spin SIZES=20 CASES=plus1 TRIES=1 SEED=$((221 + t)) MAX_TIME_S=120 MAX_FORKS=400 RUN_ARGS="--place-every 2" \
    FINAL=/tmp/ab-spin-$t timeout $(( 575 - $(el) )) bash bench/gpu/ab-fresh.sh > /tmp/ab-spin-$t.out 2> /tmp/ab-spin-$t.err
  echo "ab spin try $t: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/ab-spin-$t.out /tmp/ab-spin-$t.err >> "$OUT/summary.txt"
done
(cd /tmp && tar -czf "$OUT/warm.tgz" w1048576 w16777216 w1048576.out w16777216.out $(ls -d ab-* 2>/dev/null) warm.log)
echo "total $(el) s" | tee -a "$OUT/summary.txt"

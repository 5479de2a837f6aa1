# One call to an H200 (run from the repository root, distribution in .device/ by bench/gpu/prepare-dist.sh,
# the previous build's bench-api, bench-forks and bench-cli jars and launcher.sh in .device/alt/): this
# build against the previous one (38ba7d2) in the same distribution, forks (fork-standby.sh) and fresh ab.
set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
alt=/tmp/kbench-alt
rm -rf "$alt" && cp -r "$KBENCH_HOME" "$alt" && cp .device/alt/*.jar "$alt/lib/core/" && cp .device/alt/launcher.sh "$alt/lib/launcher.sh"
export KBENCH_ALT=$alt/bin/kbench
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc
  "$KBENCH" --version; "$KBENCH_ALT" --version; } 2>&1 | tee "$OUT/summary.txt"
source bench/gpu/user-kernel.sh
# (0) each build's forks keep their AOT cache (this build's also its launcher link); the driver caches the PTX
for k in "$KBENCH" "$KBENCH_ALT"; do
  "$k" --backend cuda run --forks 3 $(user 1048576) --repetitions 2 --rep-ms 5 -q > /dev/null 2>> /tmp/warm.log
  echo "warm $k: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
done
ls -la ~/.cache/kbench/aot/ >> "$OUT/summary.txt" 2>&1
# (1) forks, this build (device) against the previous (device/alt), 2^24 and 2^20
for n in 16777216 1048576; do
  MODES="device device/alt" TRIES=3 FORKS=12 N=$n FINAL=/tmp/s$n bash bench/gpu/fork-standby.sh > /tmp/s$n.out 2>&1
  echo "forks n=$n: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/s$n.out >> "$OUT/summary.txt"
done
# (2) fresh kbench ab at 2^24, A/A and +1 % (threshold 0.5 %), the two builds alternating
for t in 0 1 2 3; do
  for v in new alt; do
    (( $(el) > 470 )) && break 2
    k=$KBENCH; [[ $v == alt ]] && k=$KBENCH_ALT
    KBENCH=$k SIZES=24 CASES="aa plus1" TRIES=1 MAX_TIME_S=60 SEED=$((71 + t)) FINAL=/tmp/ab-$v-$t \
      bash bench/gpu/ab-fresh.sh > /tmp/ab-$v-$t.out 2> /tmp/ab-$v-$t.err
    echo "ab $v try $t: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/ab-$v-$t.out /tmp/ab-$v-$t.err >> "$OUT/summary.txt"
  done
done
(cd /tmp && tar -czf "$OUT/lean.tgz" s16777216 s1048576 s16777216.out s1048576.out ab-new-* ab-alt-* warm.log)
echo "total $(el) s" | tee -a "$OUT/summary.txt"

# One call to an H200 (as call1.sh: distribution in .device/, the previous build's jars and launcher in
# .device/alt/): fresh ab at 2^24, this build against 38ba7d2, alternating; then this build's ab over the
# planted-spin kernel (an exact +1 % and +2 % in time) at 2^20 and 2^22.
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
for k in "$KBENCH" "$KBENCH_ALT"; do
  "$k" --backend cuda run --forks 3 $(user 1048576) --repetitions 2 --rep-ms 5 -q > /dev/null 2>> /tmp/warm.log
  echo "warm $k: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
done
# (1) fresh kbench ab at 2^24, A/A and +1 % (threshold 0.5 %), the two builds alternating
for t in 0 1 2; do
  for v in new alt; do
    (( $(el) > 250 )) && break 2
    k=$KBENCH; [[ $v == alt ]] && k=$KBENCH_ALT
    KBENCH=$k SIZES=24 CASES="aa plus1" TRIES=1 MAX_TIME_S=60 SEED=$((91 + t)) FINAL=/tmp/ab-$v-$t \
      bash bench/gpu/ab-fresh.sh > /tmp/ab-$v-$t.out 2> /tmp/ab-$v-$t.err
    echo "ab $v try $t: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/ab-$v-$t.out /tmp/ab-$v-$t.err >> "$OUT/summary.txt"
  done
done
# (2) this build over planted-spin.ptx: 2^20 A/A, +1 % (threshold 0.5 %), +2 %; then 2^22 A/A and +1 %
KERNEL=spin SIZES=20 CASES="aa plus1 plus2" TRIES=1 MAX_TIME_S=120 SEED=101 FINAL=/tmp/spin20 \
  timeout $(( 545 - $(el) )) bash bench/gpu/ab-fresh.sh > /tmp/spin20.out 2> /tmp/spin20.err
echo "ab spin 20: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/spin20.out /tmp/spin20.err >> "$OUT/summary.txt"
if (( $(el) < 440 )); then
  KERNEL=spin SIZES=22 CASES="aa plus1" TRIES=1 MAX_TIME_S=40 SEED=111 FINAL=/tmp/spin22 \
    timeout $(( 550 - $(el) )) bash bench/gpu/ab-fresh.sh > /tmp/spin22.out 2> /tmp/spin22.err
  echo "ab spin 22: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/spin22.out /tmp/spin22.err >> "$OUT/summary.txt"
fi
(cd /tmp && tar -czf "$OUT/lean2.tgz" ab-new-* ab-alt-* spin20* spin22* warm.log)
echo "total $(el) s" | tee -a "$OUT/summary.txt"

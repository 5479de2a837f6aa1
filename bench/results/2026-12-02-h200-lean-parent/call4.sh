# One call to an H200 (distribution in .device/, and in .device/alt2/ the bench-api jar of the build before
# the held call's new order, e56bddf): forks (fork-standby.sh) with the clear before the hold (device)
# against the hold before the clear (device/alt) at 2^20 and 2^24; then this build's fresh ab at 2^24.
set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
alt=/tmp/kbench-alt
rm -rf "$alt" && cp -r "$KBENCH_HOME" "$alt" && cp .device/alt2/*.jar "$alt/lib/core/"
export KBENCH_ALT=$alt/bin/kbench
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc
  "$KBENCH" --version; "$KBENCH_ALT" --version; } 2>&1 | tee "$OUT/summary.txt"
source bench/gpu/user-kernel.sh
for k in "$KBENCH" "$KBENCH_ALT"; do
  "$k" --backend cuda run --forks 3 $(user 1048576) --repetitions 2 --rep-ms 5 -q > /dev/null 2>> /tmp/warm.log
  echo "warm $k: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
done
for job in "1048576 3" "16777216 2"; do
  read -r n tries <<< "$job"
  MODES="device device/alt" TRIES=$tries FORKS=12 N=$n FINAL=/tmp/o$n timeout 150 bash bench/gpu/fork-standby.sh > /tmp/o$n.out 2>&1
  echo "forks n=$n: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/o$n.out >> "$OUT/summary.txt"
done
for t in 0 1; do
  (( $(el) > 200 )) && break
  SIZES=24 CASES="aa plus1" TRIES=1 MAX_TIME_S=40 SEED=$((141 + t)) FINAL=/tmp/ab-$t timeout $(( 290 - $(el) )) \
    bash bench/gpu/ab-fresh.sh > /tmp/ab-$t.out 2> /tmp/ab-$t.err
  echo "ab new try $t: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/ab-$t.out /tmp/ab-$t.err >> "$OUT/summary.txt"
done
(cd /tmp && tar -czf "$OUT/order.tgz" o1048576 o16777216 o1048576.out o16777216.out $(ls -d ab-* 2>/dev/null) warm.log)
echo "total $(el) s" | tee -a "$OUT/summary.txt"

# One call to an H200 (distribution in .device/): four standbys (the new default, device) against three
# (device/d3), forks of the user kernel at 2^20 and 2^24 (fork-standby.sh); then a fresh ab at 2^24.
set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; "$KBENCH" --version; } 2>&1 | tee "$OUT/summary.txt"
source bench/gpu/user-kernel.sh
"$KBENCH" --backend cuda run --forks 3 $(user 1048576) --repetitions 2 --rep-ms 5 -q > /dev/null 2>> /tmp/warm.log
echo "warm: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
for job in "1048576 3" "16777216 2"; do
  read -r n tries <<< "$job"
  MODES="device device/d3" TRIES=$tries FORKS=12 N=$n FINAL=/tmp/d$n timeout 80 bash bench/gpu/fork-standby.sh > /tmp/d$n.out 2>&1
  echo "forks n=$n: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/d$n.out >> "$OUT/summary.txt"
done
if (( $(el) < 110 )); then
  SIZES=24 CASES="aa plus1" TRIES=1 MAX_TIME_S=30 SEED=151 FINAL=/tmp/ab-0 timeout $(( 165 - $(el) )) \
    bash bench/gpu/ab-fresh.sh > /tmp/ab-0.out 2> /tmp/ab-0.err
  echo "ab new try 0: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/ab-0.out /tmp/ab-0.err >> "$OUT/summary.txt"
fi
(cd /tmp && tar -czf "$OUT/depth.tgz" d1048576 d16777216 d1048576.out d16777216.out $(ls -d ab-* 2>/dev/null) warm.log)
echo "total $(el) s" | tee -a "$OUT/summary.txt"

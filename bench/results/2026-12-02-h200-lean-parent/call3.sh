# One call to an H200 (distribution in .device/): this build's ab over planted-spin.ptx at 2^20 with fresh
# placements every 2 repetitions (--place-every 2), A/A and +1 % (threshold 0.5 %); then 2^22 with the defaults.
set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; "$KBENCH" --version; } 2>&1 | tee "$OUT/summary.txt"
source bench/gpu/user-kernel.sh
"$KBENCH" --backend cuda run --forks 3 $(user 1048576) --repetitions 2 --rep-ms 5 -q > /dev/null 2>> /tmp/warm.log
echo "warm: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
echo "ab spin 20 place-every 2:" | tee -a "$OUT/summary.txt"
KERNEL=spin SIZES=20 CASES="aa plus1" TRIES=1 MAX_TIME_S=120 SEED=121 RUN_ARGS="--place-every 2" FINAL=/tmp/spin20p \
  timeout $(( 520 - $(el) )) bash bench/gpu/ab-fresh.sh > /tmp/spin20p.out 2> /tmp/spin20p.err
echo "ab spin 20 place-every 2: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/spin20p.out /tmp/spin20p.err >> "$OUT/summary.txt"
if (( $(el) < 400 )); then
  KERNEL=spin SIZES=22 CASES="aa plus1" TRIES=1 MAX_TIME_S=50 SEED=131 FINAL=/tmp/spin22 \
    timeout $(( 520 - $(el) )) bash bench/gpu/ab-fresh.sh > /tmp/spin22.out 2> /tmp/spin22.err
  echo "ab spin 22: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/spin22.out /tmp/spin22.err >> "$OUT/summary.txt"
fi
(cd /tmp && tar -czf "$OUT/lean3.tgz" spin20p* $(ls -d spin22* 2>/dev/null) warm.log)
echo "total $(el) s" | tee -a "$OUT/summary.txt"

# One call to an H200 (distribution in .device/, the final build of this session, 86ee436): fresh ab with the
# planted spin at 2^20, --place-every 2, threshold 0.5 %, 120 s at most: +1 %, A/A, +1 %, +1 %, as time allows.
set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; "$KBENCH" --version; } 2>&1 \
  | tee "$OUT/summary.txt"
source bench/gpu/user-kernel.sh
"$KBENCH" --backend cuda run --forks 3 $(user 1048576) --repetitions 2 --rep-ms 5 -q > /dev/null 2>> /tmp/warm.log
echo "warm: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
t=0
for case in plus1 aa plus1 plus1; do
  (( $(el) > 400 )) && break
  KERNEL=spin SIZES=20 CASES=$case TRIES=1 SEED=$((231 + t)) MAX_TIME_S=120 MAX_FORKS=400 RUN_ARGS="--place-every 2" \
    FINAL=/tmp/ab-spin-$t timeout $(( 540 - $(el) )) bash bench/gpu/ab-fresh.sh > /tmp/ab-spin-$t.out 2> /tmp/ab-spin-$t.err
  echo "ab spin $case try $t: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/ab-spin-$t.out /tmp/ab-spin-$t.err >> "$OUT/summary.txt"
  t=$(( t + 1 ))
done
(cd /tmp && tar -czf "$OUT/spin20.tgz" $(ls -d ab-* 2>/dev/null) warm.log)
echo "total $(el) s" | tee -a "$OUT/summary.txt"

# Call 3 (2026-12-03, third session): fresh ab runs in turn until STOP_S (ab-campaign.sh): the built-in suite
# with +2 % of the work planted at the defaults (plus2, in the first threads, at 2^22+2^24 in one run; tail2, in
# the last threads, at 2^20), A/A at the defaults (2^22+2^24 in one run; 2^20), the user PTX A/A at 2^22 and 2^20.
# The planted suites were written on the build host (planted-suite.sh, nvcc 13.0) into .device/planted/.
set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh > /dev/null
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc
  "$KBENCH" --version; "$KBENCH" --backend cuda run --forks 3 --filter gelu -p n=2^20 --repetitions 2 --rep-ms 5 -q > /dev/null 2>&1
  echo "warm: exit $? at $(el) s"; } > "$OUT/summary.txt" 2>&1
RUNS="builtin:22,24:plus2:30 builtin:20:tail2:60 builtin:22,24:aa:30 builtin:20:aa:60 user:22:aa:60 user:20:aa:60" \
  PLANTED=.device/planted STOP_S=$(( ${STOP_S:-400} - $(el) )) HARD_S=$(( 480 - $(el) )) SEED=9200 FINAL=/tmp/camp3 \
  bash bench/gpu/ab-campaign.sh > /dev/null 2>&1
echo "campaign: exit $? at $(el) s" >> "$OUT/summary.txt"
cat /tmp/camp3/runs.txt /tmp/camp3/*.csv >> "$OUT/summary.txt"
(cd /tmp && tar -cf - camp3 | xz -T0 -6 > "$OUT/call3.txz")
echo "total $(el) s" >> "$OUT/summary.txt"

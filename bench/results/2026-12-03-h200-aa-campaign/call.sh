# One device call of the 2026-12-03 fourth-session A/A campaign, from the repository root:
#   NAME=call1 SEED=9400 STOP_S=480 HARD_S=570 RUNS="..." bash .device/call.sh
# fresh `kbench ab` runs in turn (bench/gpu/ab-campaign.sh) through the distribution; the planted suites
# were written on the build host (planted-suite.sh, nvcc 13.0) into .device/planted/.
set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh > /dev/null
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc
  "$KBENCH" --version; } > "$OUT/$NAME-summary.txt" 2>&1
echo "set up at $(el) s" >> "$OUT/$NAME-summary.txt"
PLANTED=.device/planted STOP_S=$(( STOP_S - $(el) )) HARD_S=$(( HARD_S - $(el) )) FINAL=/tmp/$NAME \
  bash bench/gpu/ab-campaign.sh > /dev/null 2>&1
echo "campaign: exit $? at $(el) s" >> "$OUT/$NAME-summary.txt"
cat /tmp/$NAME/runs.txt /tmp/$NAME/*.csv >> "$OUT/$NAME-summary.txt"
(cd /tmp && tar -cf - $NAME | xz -T0 -6 > "$OUT/$NAME.txz")
echo "total $(el) s" >> "$OUT/$NAME-summary.txt"
tail -3 "$OUT/$NAME-summary.txt"

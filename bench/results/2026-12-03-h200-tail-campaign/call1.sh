# Call 1 (2026-12-03, third session): (1) the standby that replaces the one going on launched at each hand-over
# (a319fea..c8345ef) against d57792c's bench-forks (.device/alt; launched at kbench's call for the next fork),
# and standby depths 4 (the default), 5 and 6: fork-standby.sh with the user PTX GELU at 2^20 (4 tries of 12
# forks) and 2^24 (3 tries), and the built-in gelu+copy+triad at 2^20 (2 tries of 8); (2) fresh ab runs in turn
# until STOP_S (ab-campaign.sh): the built-in suite with +1 % of the work planted in its last threads (tail1,
# against 0.5 %) at 2^20, A/A at the defaults at 2^22+2^24 in one run and at 2^20, the user PTX A/A at 2^20.
# The planted suites were written on the build host (planted-suite.sh, nvcc 13.0) into .device/planted/.
set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh > /dev/null
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem,temperature.gpu --format=csv; nproc
  source bench/gpu/with-alt.sh .device/alt; } > "$OUT/summary.txt" 2>&1
echo "set up at $(el) s" >> "$OUT/summary.txt"
MODES="device/alt device device/d5 device/d6" TRIES=4 FORKS=12 N=$((1 << 20)) FINAL=/tmp/u20 \
  bash bench/gpu/fork-standby.sh > /tmp/u20.out 2>&1
echo "standby, user 2^20: exit $? at $(el) s" >> "$OUT/summary.txt"; cat /tmp/u20.out >> "$OUT/summary.txt"
MODES="device device/d6" TRIES=3 FORKS=12 N=$((1 << 24)) FINAL=/tmp/u24 \
  bash bench/gpu/fork-standby.sh > /tmp/u24.out 2>&1
echo "standby, user 2^24: exit $? at $(el) s" >> "$OUT/summary.txt"; cat /tmp/u24.out >> "$OUT/summary.txt"
BENCHMARKS=3 MODES="device device/d6" TRIES=2 FORKS=8 ARGS="--filter gelu,copy,triad -p n=2^20" FINAL=/tmp/b20 \
  bash bench/gpu/fork-standby.sh > /tmp/b20.out 2>&1
echo "standby, built-in 2^20: exit $? at $(el) s" >> "$OUT/summary.txt"; cat /tmp/b20.out >> "$OUT/summary.txt"
RUNS="builtin:20:tail1:60 builtin:22,24:aa:30 builtin:20:aa:60 user:20:aa:60" PLANTED=.device/planted \
  STOP_S=$(( ${STOP_S:-480} - $(el) )) HARD_S=$(( 580 - $(el) )) SEED=9000 FINAL=/tmp/camp \
  bash bench/gpu/ab-campaign.sh > /dev/null 2>&1
echo "campaign: exit $? at $(el) s" >> "$OUT/summary.txt"
cat /tmp/camp/runs.txt /tmp/camp/*.csv >> "$OUT/summary.txt"
(cd /tmp && tar -cf - u20 u24 b20 u20.out u24.out b20.out camp | xz -T0 -6 > "$OUT/call1.txz")
echo "total $(el) s" >> "$OUT/summary.txt"

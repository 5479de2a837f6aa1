# One call to an H200 (this build's distribution in .device/): (1) fork-configs.sh: what a fork should carry
# (repetitions, --place-every) for the planted spin at 2^20, device time per unit of precision; (2) fresh ab
# with the planted spin at 2^20 in the best configuration: +1 % against a 0.5 % threshold, A/A, +1 % again,
# 120 s at most each.
set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; "$KBENCH" --version; } 2>&1 | tee "$OUT/summary.txt"
source bench/gpu/user-kernel.sh
"$KBENCH" --backend cuda run --forks 3 $(user 1048576) --repetitions 2 --rep-ms 5 -q > /dev/null 2>> /tmp/warm.log
echo "warm: exit $? at $(el) s" | tee -a "$OUT/summary.txt"
FINAL=/tmp/configs FORKS=24 ROUNDS=2 timeout 170 bash bench/gpu/fork-configs.sh > /tmp/configs.out 2>&1
echo "configs: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/configs.out >> "$OUT/summary.txt"
best=$(awk '/^best / { print $2 }' /tmp/configs.out); best=${best:-10/0}
reps=${best%/*} place=${best#*/}
echo "ab runs with --repetitions $reps --place-every $place" | tee -a "$OUT/summary.txt"
run_ab() {  # name, then env assignments for ab-fresh.sh
  local name=$1; shift
  (( $(el) > 470 )) && { echo "ab $name skipped at $(el) s" | tee -a "$OUT/summary.txt"; return; }
  env "$@" REPS=$reps RUN_ARGS="--place-every $place" FINAL=/tmp/ab-$name timeout $(( 540 - $(el) )) \
    bash bench/gpu/ab-fresh.sh > /tmp/ab-$name.out 2> /tmp/ab-$name.err
  echo "ab $name: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/ab-$name.out /tmp/ab-$name.err >> "$OUT/summary.txt"
}
run_ab spin-plus1-0 KERNEL=spin SIZES=20 CASES=plus1 SEED=181 MAX_TIME_S=120 MAX_FORKS=400
run_ab spin-aa-0 KERNEL=spin SIZES=20 CASES=aa SEED=182 MAX_TIME_S=120 MAX_FORKS=400
run_ab spin-plus1-1 KERNEL=spin SIZES=20 CASES=plus1 SEED=183 MAX_TIME_S=120 MAX_FORKS=400
(cd /tmp && tar -czf "$OUT/configs.tgz" configs configs.out $(ls -d ab-* 2>/dev/null) warm.log)
echo "total $(el) s" | tee -a "$OUT/summary.txt"

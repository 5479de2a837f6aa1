# One call to an H200 (distribution in .device/: four standbys by default, the replacing standby started at the
# hand-over; in .device/alt3/ the bench-forks jar of the build before, which starts it once the fork has
# ended): (1) forks, this build against the build before with four standbys (device/alt/d4), 2^20 and 2^24;
# (2) fresh ab with the planted spin at 2^20: +1 % against a 0.5 % threshold and A/A, --place-every 2,
# 120 s at most; (3) fresh ab at 2^24, A/A and +1 %.
set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
alt=/tmp/kbench-alt
rm -rf "$alt" && cp -r "$KBENCH_HOME" "$alt" && cp .device/alt3/*.jar "$alt/lib/core/"
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
  MODES="device device/alt/d4" TRIES=$tries FORKS=16 N=$n FINAL=/tmp/h$n timeout 160 bash bench/gpu/fork-standby.sh > /tmp/h$n.out 2>&1
  echo "forks n=$n: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/h$n.out >> "$OUT/summary.txt"
done
run_ab() {  # name, then env assignments for ab-fresh.sh
  local name=$1; shift
  (( $(el) > 540 )) && { echo "ab $name skipped at $(el) s" | tee -a "$OUT/summary.txt"; return; }
  env "$@" FINAL=/tmp/ab-$name timeout $(( 580 - $(el) )) bash bench/gpu/ab-fresh.sh > /tmp/ab-$name.out 2> /tmp/ab-$name.err
  echo "ab $name: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/ab-$name.out /tmp/ab-$name.err >> "$OUT/summary.txt"
}
run_ab spin-plus1-0 KERNEL=spin SIZES=20 CASES=plus1 SEED=171 MAX_TIME_S=120 MAX_FORKS=400 RUN_ARGS="--place-every 2"
run_ab spin-aa-0 KERNEL=spin SIZES=20 CASES=aa SEED=172 MAX_TIME_S=120 MAX_FORKS=400 RUN_ARGS="--place-every 2"
run_ab g24-0 SIZES=24 CASES="aa plus1" SEED=173 MAX_TIME_S=40
run_ab spin-plus1-1 KERNEL=spin SIZES=20 CASES=plus1 SEED=174 MAX_TIME_S=120 MAX_FORKS=400 RUN_ARGS="--place-every 2"
(cd /tmp && tar -czf "$OUT/handover.tgz" h1048576 h16777216 h1048576.out h16777216.out $(ls -d ab-* 2>/dev/null) warm.log)
echo "total $(el) s" | tee -a "$OUT/summary.txt"

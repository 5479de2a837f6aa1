set -u
mkdir -p "$OUT"
t0=$(date +%s)
el() { echo $(( $(date +%s) - t0 )); }
source bench/gpu/with-dist.sh
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; } | tee "$OUT/summary.txt"
# fresh kbench ab runs of the planted GELU with this build's defaults (device standby two deep, the AOT cache
# kept between runs: only the very first run trains), most important first; each size's results saved at once
run() {  # NAME SIZES CASES
  SIZES="$2" CASES="$3" TRIES=1 MAX_TIME_S=${MAX:-40} SEED=${SEED:-31} FINAL=/tmp/$1 bash bench/gpu/ab-fresh.sh > /tmp/$1.out 2> /tmp/$1.err
  echo "$1: exit $? at $(el) s" | tee -a "$OUT/summary.txt"; cat /tmp/$1.out /tmp/$1.err >> "$OUT/summary.txt"
  tar -C /tmp -czf "$OUT/$1.tgz" "$1" "$1.out" "$1.err"
}
run ab24 24 "aa plus1 plus2"
run ab22 22 "aa plus1 plus2"
(( $(el) < 130 )) && MAX=35 run ab20 20 "plus1 aa"
echo "total $(el) s" | tee -a "$OUT/summary.txt"

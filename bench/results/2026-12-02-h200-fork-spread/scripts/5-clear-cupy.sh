source bench/gpu/with-dist.sh >/dev/null 2>&1; d=$OUT/h2; mkdir -p $d
user() { echo --kernel kernels/cuda/gelu.ptx --entry gelu --name gelu_ptx --grid $(( ($1 + 255) / 256 )) --block 256 --arg "buf:f32:$1:fill=random" --arg "buf:f32:$1" --arg "i32:$1" --bytes $(( 8 * $1 )); }
for r in $(seq 1 8); do
  for c in base:"" clearoff:"--cache-clear off" cleardevice:"--cache-clear device"; do
    $KBENCH --backend cuda run $(user 4194304) --repetitions 10 --seed $r ${c#*:} -q --csv-samples $d/${c%%:*}-2p22-r$r.csv >/dev/null 2>>$d/log.txt
  done
  python3 bench/gpu/placement.py --n 4194304 --what none --placements 5 --rounds 2 --warmup-s 0.2 --seed 1 --reuse-events >> $d/cupy-reuse.jsonl 2>>$d/log.txt
  python3 bench/gpu/placement.py --n 4194304 --what none --placements 5 --rounds 2 --warmup-s 0.2 --seed 1 --clear-first --no-pad >> $d/cupy-clearfirst.jsonl 2>>$d/log.txt
  python3 bench/gpu/placement.py --n 4194304 --what none --placements 5 --rounds 2 --warmup-s 0.2 --seed 1 --clear-first --no-pad --reuse-events --blocking-stream >> $d/cupy-kbenchlike.jsonl 2>>$d/log.txt
done
tail -3 $d/log.txt; tar -C $OUT -czf $OUT/h2.tgz h2 && rm -rf $d

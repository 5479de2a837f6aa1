source bench/gpu/with-dist.sh >/dev/null 2>&1; d=$OUT/h; mkdir -p $d
user() { echo --kernel kernels/cuda/gelu.ptx --entry gelu --name gelu_ptx --grid $(( ($1 + 255) / 256 )) --block 256 --arg "buf:f32:$1:fill=random" --arg "buf:f32:$1" --arg "i32:$1" --bytes $(( 8 * $1 )); }
for r in $(seq 1 10); do
  for c in base:"" nonblocking:"-Dkbench.cuda.stream=non-blocking" nvmloff:"-Dkbench.cuda.telemetry=off" jcuda:"-Dkbench.cuda.launch=jcuda"; do
    KBENCH_JAVA_OPTS="${c#*:}" $KBENCH --backend cuda run $(user 4194304) --repetitions 10 --seed $r -q --csv-samples $d/${c%%:*}-2p22-r$r.csv >/dev/null 2>>$d/log.txt
  done
done
for r in $(seq 1 10); do python3 bench/gpu/placement.py --n 4194304 --what none --placements 5 --rounds 2 --warmup-s 0.2 --seed 1 --blocking-stream >> $d/cupy-blocking-2p22.jsonl 2>>$d/log.txt; done
tail -3 $d/log.txt; tar -C $OUT -czf $OUT/h.tgz h && rm -rf $d

source bench/gpu/with-dist.sh >/dev/null 2>&1; d=$OUT/h4; mkdir -p $d
user() { echo --kernel kernels/cuda/gelu.ptx --entry gelu --name gelu_ptx --grid $(( ($1 + 255) / 256 )) --block 256 --arg "buf:f32:$1:fill=random" --arg "buf:f32:$1" --arg "i32:$1" --bytes $(( 8 * $1 )); }
for r in $(seq 1 8); do
  for h in off rep 10 1; do
    for s in 20 22 24; do
      KBENCH_JAVA_OPTS="-Dkbench.cold.hold=$h" $KBENCH --backend cuda run $(user $((1<<s))) --repetitions 10 --seed $r -q --csv-samples $d/h$h-2p$s-r$r.csv >/dev/null 2>>$d/log.txt
    done
  done
done
tail -3 $d/log.txt; tar -C $OUT -czf $OUT/h4.tgz h4 && rm -rf $d

source bench/gpu/with-dist.sh >/dev/null 2>&1; d=$OUT/h3; mkdir -p $d
user() { echo --kernel kernels/cuda/gelu.ptx --entry gelu --name gelu_ptx --grid $(( ($1 + 255) / 256 )) --block 256 --arg "buf:f32:$1:fill=random" --arg "buf:f32:$1" --arg "i32:$1" --bytes $(( 8 * $1 )); }
for r in $(seq 1 10); do
  for c in base:"" held:"" max10:"--max-samples 10" ; do
    o=""; [[ ${c%%:*} == held ]] && o="-Dkbench.cold.hold=true"
    KBENCH_JAVA_OPTS="$o" $KBENCH --backend cuda run $(user 4194304) --repetitions 10 --seed $r ${c#*:} -q --csv-samples $d/${c%%:*}-2p22-r$r.csv >/dev/null 2>>$d/log.txt
    KBENCH_JAVA_OPTS="$o" $KBENCH --backend cuda run $(user 1048576) --repetitions 10 --seed $r ${c#*:} -q --csv-samples $d/${c%%:*}-2p20-r$r.csv >/dev/null 2>>$d/log.txt
  done
done
tail -3 $d/log.txt; tar -C $OUT -czf $OUT/h3.tgz h3 && rm -rf $d

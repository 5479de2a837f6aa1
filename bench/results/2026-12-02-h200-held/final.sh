source bench/gpu/with-dist.sh >/dev/null 2>&1
mkdir -p $OUT/f
{ export LD_LIBRARY_PATH=$PWD/.device/vk:$LD_LIBRARY_PATH
  S=backend-vulkan/src/test/resources/dev/kbench/vulkan/conformance.spv
  $KBENCH --backend vulkan info
  $KBENCH --backend vulkan run --kernel $S --entry copy --grid 65536 --block 256 --arg buf:f32:2^24:fill=1 --arg buf:f32:2^24 --arg i32:2^24 --bytes 134217728 --repetitions 5
  $KBENCH --backend vulkan run --kernel $S --entry copy --grid 65536 --block 256 --arg buf:f32:2^24:fill=1 --arg buf:f32:2^24 --arg i32:2^24 --bytes 134217728 --repetitions 5 --timing hot
} > $OUT/f/vulkan.txt 2>&1
FINAL=$OUT/f/spread ROUNDS=4 SECTIONS=hold bash bench/gpu/fork-spread.sh
FINAL=$OUT/f/verdicts AB_TIME_S=35 SECTIONS=verdicts bash bench/gpu/fork-phases.sh
tar -C $OUT -czf $OUT/final.tgz f && rm -rf $OUT/f

# One call to an H200 (this build): what each NVML reading costs while the GPU idles, while CuPy keeps it
# busy, and beside `kbench run --forks 40` of the user kernel at 2^20 (standbys starting, forks reading
# their telemetry): bench/gpu/nvml-cost.py, 200 tries, with a whole reading and the two violation
# counters read in one nvmlDeviceGetFieldValues call.
set -u
mkdir -p "$OUT"
source bench/gpu/with-dist.sh
source bench/gpu/user-kernel.sh
{ date -u; nvidia-smi --query-gpu=name,driver_version,clocks.sm,temperature.gpu --format=csv; nproc; "$KBENCH" --version; } 2>&1 \
  | tee "$OUT/summary.txt"
BESIDE="$KBENCH --backend cuda run --forks 40 $(user 1048576) -q" timeout 200 python3 bench/gpu/nvml-cost.py 200 2>&1 \
  | tee -a "$OUT/summary.txt"

#!/usr/bin/env bash
#
# Copyright 2026 The kbench authors
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#     http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.
#

# Throttling and energy on the H200 (docs/cuda.md, "Throttling and energy"), through kbench's distribution:
#   (c) the update period of NVML's energy counter, sampled in a tight loop by nvml-energy-period (C,
#       apart from kbench) for 3 s, idle; and as kbench measured it (the sidecar's energy_update_ms);
#   (a) energy per call of the built-in gelu at n = 2^24 and 2^28 in hot timing, repetitions long
#       enough for 20+ counter updates (REP_MS, default 40 x the measured period, at least 1000 ms),
#       beside nvidia-smi's power.draw sampled every 100 ms in the background during the same runs;
#       and the same gelu in cold timing, where kbench refuses energy and says why;
#   (b) an attempt to provoke throttling without changing any GPU setting: sgemm at size 4096 and gelu at
#       2^28, hot, back to back for HEAT_S seconds (default 90), every repetition's clock and throttle
#       flags in the samples, nvidia-smi's clocks, power, temperature and clock-event reasons every 500 ms
#       (HEAT_S=0 skips it).
# Needs the kit in KIT (default .device/telemetry), made on the development machine by
#   KIT=.device/telemetry bash bench/gpu/prepare-dist.sh     # or copy .device/kbench-*-linux-x86_64.tar.gz there
#   cc -O2 -o .device/telemetry/nvml-energy-period bench/gpu/nvml-energy-period.c -ldl
# (on the GPU host it is compiled from bench/gpu/ when cc is there and the kit has no binary), and runs from
# the repository root: bash bench/gpu/run-telemetry.sh. About 3 minutes of device time. Writes
# $OUT/telemetry.tgz (else bench/out/telemetry/telemetry.tgz) and prints the summary lines.
set -uo pipefail
kit=${KIT:-.device/telemetry}
out=${OUT:-bench/out/telemetry}
heat_s=${HEAT_S:-90}
work=$(mktemp -d /tmp/kbench-telemetry.XXXXXX)
mkdir -p "$out"
tarball=$(ls "$kit"/kbench-*-linux-x86_64.tar.* .device/kbench-*-linux-x86_64.tar.* 2>/dev/null | head -1)
[[ -n $tarball && -f $tarball ]] || { echo "run-telemetry: no distribution in $kit or .device" >&2; exit 2; }
tar -C "$work" -xaf "$tarball"
KBENCH_HOME=$(echo "$work"/kbench-*)
KBENCH=$KBENCH_HOME/bin/kbench
export KBENCH KBENCH_HOME LD_LIBRARY_PATH=/usr/local/nvidia/lib64:${LD_LIBRARY_PATH:-}
status=0
step() { echo "== $1 $(date -u +%T)" >&2; }
smi_fields=timestamp,clocks.sm,clocks.mem,power.draw,power.limit,temperature.gpu,clocks_event_reasons.active
smi() {  # FILE INTERVAL_MS FIELDS: nvidia-smi in the background; its pid in smi_pid
  nvidia-smi --query-gpu="$3" --format=csv -lms "$2" > "$1" 2>&1 &
  smi_pid=$!
}

step info
{ date -u; nvidia-smi --query-gpu=name,driver_version,power.limit,power.max_limit,clocks.max.sm,clocks.sm,temperature.gpu --format=csv
  nvidia-smi -q -d PERFORMANCE; "$KBENCH" --backend cuda info; } > "$work/info.txt" 2>&1

step "(c) the energy counter's update period, idle"
sampler=$kit/nvml-energy-period
if [[ ! -x $sampler ]] && command -v cc >/dev/null; then
  sampler=$work/nvml-energy-period
  cc -O2 -o "$sampler" bench/gpu/nvml-energy-period.c -ldl || status=1
fi
if [[ -x $sampler ]]; then
  "$sampler" 0 3 > "$work/energy-period.csv" 2>&1 || status=1
  grep '^#' "$work/energy-period.csv" >&2
else
  echo "run-telemetry: no nvml-energy-period binary and no cc; the period comes from kbench alone" >&2
fi
period=$(sed -n 's/^# update period: median \([0-9.]*\) ms.*/\1/p' "$work/energy-period.csv" 2>/dev/null)
# 40 periods: a hot repetition can end before --rep-ms (its batches are planned from the warmup's estimate)
rep_ms=${REP_MS:-$(awk -v p="${period:-100}" 'BEGIN { r = 40 * p; print (r < 1000 ? 1000 : int(r + 0.5)) }')}
echo "period ${period:-unknown} ms; repetitions of $rep_ms ms" >&2

step "(a) energy per call: gelu 2^24 and 2^28, hot, each in its own run beside nvidia-smi power.draw every 100 ms"
for size in 24 28; do
  smi "$work/power-hot-$size.csv" 100 timestamp,power.draw,clocks.sm,temperature.gpu
  "$KBENCH" --backend cuda run --filter gelu -p n=2^$size --timing hot --rep-ms "$rep_ms" --max-samples 100000 \
    --repetitions 5 --seed 1 --csv-samples "$work/energy-hot-$size.csv" --json "$work/energy-hot-$size.json" \
    > "$work/energy-hot-$size.txt" 2>&1 || status=1
  kill "$smi_pid"; wait "$smi_pid" 2>/dev/null
  cat "$work/energy-hot-$size.txt" >&2
  # kbench's mean power over its repetitions (energy per call x calls / time) beside nvidia-smi's readings taken
  # while the GPU was busy (power above twice the first, idle, reading), which are 1 s averages sampled every 100 ms
  python3 - "$work/energy-hot-$size.json" "$work/power-hot-$size.csv" <<'PY' | tee "$work/power-hot-$size.summary" >&2
import csv, json, statistics, sys
r = json.load(open(sys.argv[1]))["results"][0]
j, ms = r.get("joules_per_call"), r["median_ms"]
w = [float(x[" power.draw [W]"].split()[0]) for x in csv.DictReader(open(sys.argv[2])) if "W" in x.get(" power.draw [W]", "")]
busy = [p for p in w if w and p > 2 * w[0]]
print(f"gelu {r['params']}: kbench {j * 1e3 if j else float('nan'):.1f} mJ/call over {ms:.4f} ms = "
      f"{j / ms * 1e3 if j else float('nan'):.0f} W; nvidia-smi power.draw while busy: median "
      f"{statistics.median(busy) if busy else float('nan'):.0f} W, max {max(w) if w else float('nan'):.0f} W "
      f"({len(busy)} of {len(w)} readings)")
PY
done
echo "kbench's own measure of the period (sidecar): $(grep -o '"energy_update_ms" *: *[0-9.e+-]*' "$work/energy-hot-28.csv.env.json" | tail -1)" >&2
step "(a) the same in cold timing: energy refused"
"$KBENCH" --backend cuda run --filter gelu -p n=2^24 --rep-ms "$rep_ms" --max-samples 100000 --repetitions 2 --seed 1 \
  --csv-samples "$work/energy-cold.csv" --json "$work/energy-cold.json" > "$work/energy-cold.txt" 2>&1 || status=1
cat "$work/energy-cold.txt" >&2
step "(a) hot with the default repetitions (10 ms): energy refused as too short"
"$KBENCH" --backend cuda run --filter gelu -p n=2^24 --timing hot --repetitions 2 --seed 1 \
  --json "$work/energy-short.json" > "$work/energy-short.txt" 2>&1 || status=1
cat "$work/energy-short.txt" >&2

if ((heat_s > 0)); then   # HEAT_S=0 skips (b)
step "(b) heat: sgemm 4096 and gelu 2^28, hot, ${heat_s} s, flags per repetition"
smi "$work/heat-smi.csv" 500 "$smi_fields"
end=$((SECONDS + heat_s))
round=0
while ((SECONDS < end)); do
  round=$((round + 1))
  "$KBENCH" --backend cuda run --filter sgemm,gelu -p size=4096 -p n=2^28 --timing hot --rep-ms 1000 --max-samples 100000 --repetitions 10 \
    --seed "$round" --csv-samples "$work/heat.csv" --append > "$work/heat-r$round.txt" 2>&1 || status=1
done
kill "$smi_pid"; wait "$smi_pid" 2>/dev/null
"$KBENCH" summary "$work/heat.csv" > "$work/heat-summary.txt" 2>&1 || status=1
cat "$work/heat-summary.txt" >&2
# every repetition: benchmark, repetition, clock, throttle (one row per repetition of the samples file)
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
  { key = $c["run_id"] " " $c["benchmark"] " " $c["repetition"]; if (!(key in seen)) { seen[key] = 1;
    print $c["run_id"], $c["benchmark"], $c["params"], $c["repetition"], $c["sm_clock_mhz"], $c["throttle"], $c["joules_per_call"] } }' \
  "$work/heat.csv" > "$work/heat-repetitions.txt"
echo "repetitions: $(wc -l < "$work/heat-repetitions.txt"), throttled: $(awk '$6 != "none" && $6 != ""' "$work/heat-repetitions.txt" | wc -l); clocks seen: $(awk '{ print $5 }' "$work/heat-repetitions.txt" | sort -n | uniq -c | tr '\n' ' ')" >&2
echo "nvidia-smi clock-event reasons seen: $(awk -F', ' 'NR > 1 { print $7 }' "$work/heat-smi.csv" | sort | uniq -c | tr '\n' ' ')" >&2

fi
step "done (status $status)"
rm -rf "$work/$(basename "$KBENCH_HOME")"
tar -C "$work" -czf "$out/telemetry.tgz" .
exit $status

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

# One A/B of what the first process of a fresh `kbench ab` run reads (docs/performance.md section 29: the user
# kernel at 2^22, about 1 % slow in a run's first fork only). Fresh bench/gpu/ab-fresh.sh runs (one size, one
# case, the user kernel), two a round, variants a and b, which of them goes first alternating, until STOP_S; a
# runs as ab-fresh.sh does by default, b by MODE:
#   place    every fork with --place-every 2 (its buffers and the clear buffer allocated afresh behind a random pad
#            every two repetitions): does the first process's excess follow its buffers' placement?
#   context  a second process (Python with CuPy) holds a context on the device, with 1 MiB of its memory, from
#            before b's run starts to after it ends: is it the first process on a device with no other context?
#   load     half the host's processors kept busy (shell loops) from before b's run starts to after it ends: is
#            it the host's load while the first fork measures (its standbys' JVMs start beside it)? Then every
#            fork of b would read slow, which the spread table's median of fork medians shows beside a's.
#   closed   every fork with -Dkbench.forks.handover=closed (it closes its buffers, kernels and context before
#            the next fork goes): does a later fork escape the first's placement because the fork before it
#            still holds its buffers when it allocates its own? Then every fork of b would read slow, the first
#            no more than the rest (docs/performance.md section 30; it did not: section 31).
#   warmup   every run of b with ab's --warmup-forks 1: does the first measured fork then read as the later ones
#            do? (ab's log names warm-up forks apart, so the place table's first fork is the first measured one;
#            it did: section 31.)
# Run R of variant V goes to OUT/first-fork/MODE-V/run-R (ab-fresh.sh's files: the sides' samples, ab's log, the
# forks' trace); OUT/MODE-V/first-fork.txz packs each variant's runs, so that
#   python3 bench/results/summarize_ab_builtin.py --forks DIR/MODE-a/first-fork.txz DIR/MODE-b/first-fork.txz
# prints each variant as a campaign of its own (the fork medians by their place in the run among them), and
# OUT/first-fork-summary.txt holds the GPU's state, kbench's version and one line per run. On the GPU host, from
# the repository root, after bench/gpu/prepare-dist.sh:
#   MODE=place SIZE=22 SEED=13000 STOP_S=520 bash bench/gpu/first-fork-ab.sh
# SIZE (default 22) and CASE (default aa) are ab-fresh.sh's SIZES and CASES, MAX_TIME_S (default 30) its budget;
# a run still going at HARD_S (default STOP_S + 40) is stopped, so that the runs made are packed within the call.
set -uo pipefail
: "${OUT:?first-fork-ab: set OUT, the folder the device tool brings back}"
mode=${MODE:-place}
[[ $mode =~ ^(place|context|load|closed|warmup)$ ]] \
  || { echo "first-fork-ab: MODE '$mode': use place, context, load, closed or warmup" >&2; exit 2; }
size=${SIZE:-22}; case=${CASE:-aa}; seed=${SEED:-13000}; stop=${STOP_S:-520}; hard=${HARD_S:-}; budget=${MAX_TIME_S:-30}
[[ $size =~ ^[0-9]+$ && $seed =~ ^[0-9]+$ && $stop =~ ^[0-9]+$ && $hard =~ ^[0-9]*$ && $budget =~ ^[0-9]+$ ]] \
  || { echo "first-fork-ab: SIZE '$size', SEED '$seed', STOP_S '$stop', HARD_S '$hard' and MAX_TIME_S '$budget'" \
            "must be whole numbers" >&2; exit 2; }
hard=${hard:-$((stop + 40))}
t0=$(date +%s)
elapsed() { echo $(( $(date +%s) - t0 )); }
[[ -n ${KBENCH:-} ]] || source bench/gpu/with-dist.sh > /dev/null
summary=$OUT/first-fork-summary.txt
mkdir -p "$OUT"
{ date -u; nvidia-smi --query-gpu=index,name,driver_version,persistence_mode,clocks.sm,clocks.mem,temperature.gpu \
    --format=csv; nproc; "$KBENCH" --version; echo "MODE=$mode SIZE=$size CASE=$case SEED=$seed STOP_S=$stop"; } \
  > "$summary" 2>&1
work=/tmp/first-fork
rm -rf "$work"
r=0; runs=0; status=0
# a run is started only while it can end before STOP_S (ab's budget plus 15 s for its JVMs and the script)
while (( $(elapsed) + budget + 15 <= stop )); do
  for v in $( (( (seed + r) % 2 )) && echo "b a" || echo "a b"); do
    dir=$work/$mode-$v/run-$r
    mkdir -p "$dir"
    extra=()
    [[ $mode == place && $v == b ]] && extra=(RUN_ARGS="--place-every 2")
    [[ $mode == warmup && $v == b ]] && extra=(RUN_ARGS="--warmup-forks 1")
    [[ $mode == closed && $v == b ]] && extra=(KBENCH_JAVA_OPTS="${KBENCH_JAVA_OPTS:-} -Dkbench.forks.handover=closed")
    held=0
    if [[ $mode == context && $v == b ]]; then
      # a context with 1 MiB of device memory, held until its stdin closes
      coproc HOLD { python3 -c 'import sys, cupy; x = cupy.zeros(1 << 18, dtype=cupy.float32)
cupy.cuda.Device().synchronize(); print("held", flush=True); sys.stdin.read()' 2> "$dir/holder-err.txt"; }
      if ! { read -r -t 60 line <&"${HOLD[0]}" && [[ $line == held ]]; }; then
        # the runs made so far are still packed below
        echo "first-fork-ab: the context holder did not start ($dir/holder-err.txt)" | tee -a "$summary" >&2
        status=2
        break 2
      fi
      held=1
    fi
    busy=()
    if [[ $mode == load && $v == b ]]; then
      for _ in $(seq $(( $(nproc) / 2 ))); do (while :; do :; done) & busy+=($!); done
    fi
    env "${extra[@]}" KERNEL=gelu SIZES=$size CASES=$case TRIES=1 SEED=$(( seed + r )) MAX_TIME_S=$budget \
      FINAL=$dir timeout $(( hard - $(elapsed) )) bash bench/gpu/ab-fresh.sh > "$dir/out.txt" 2> "$dir/err.txt"
    rc=$?
    if (( held )); then
      pid=$HOLD_PID; fd=${HOLD[1]}
      exec {fd}>&-
      wait "$pid"  # its context gone before the next run
    fi
    if (( ${#busy[@]} )); then
      kill "${busy[@]}"
      wait "${busy[@]}" 2> /dev/null
    fi
    echo "run $r: $mode-$v 2^{$size} $case: script exit $rc, ended at $(elapsed) s; $(tail -n +2 "$dir/summary.csv")" \
      >> "$summary"
    runs=$((runs + 1))
  done
  r=$((r + 1))
done
for v in a b; do
  [[ -d $work/$mode-$v ]] || continue
  mkdir -p "$OUT/$mode-$v"
  (cd "$work" && tar -cf - "$mode-$v" | xz -T0 -6 > "$OUT/$mode-$v/first-fork.txz")
done
echo "first-fork-ab: $runs runs in $(elapsed) s" >> "$summary"
tail -3 "$summary"
exit "$status"

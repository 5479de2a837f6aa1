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

# The robustness sweep: hostile inputs a careful user tries, each run with the real CLI on the active
# driver (PoCL on a CPU-only machine), each compared with the behaviour docs/cli.md and docs/formats.md
# promise. Prints one table row per case (id, class, case, expected, actual, ok/BROKEN) and a count
# per class; exit 0 when every case behaves, 1 otherwise. docs/robustness.md has the last table.
#
#   bench/sweep/sweep.sh              every case (about 10 minutes on 2 cores)
#   bench/sweep/sweep.sh 'W|C5'       the cases whose id matches this extended regular expression
#
# Environment: KBENCH (the launcher to test; ./kbench of this tree by default), KBENCH_BACKEND (opencl by
# default: the cases' kernels are OpenCL C), KBENCH_DIST (a distribution tarball: the non-ASCII directory
# case runs only with one), SWEEP_KEEP=1 keeps the work directory (it is printed). Needs root for the
# read-only tmpfs case (otherwise that case is skipped).
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
KB=${KBENCH:-$root/kbench}
ONLY=${1:-.}
W=$(mktemp -d "${TMPDIR:-/tmp}/kbench-sweep.XXXXXX")
export KBENCH_JAVA_OPTS=${KBENCH_JAVA_OPTS:-}
# the cases' kernels are OpenCL C: PoCL, also where another driver (lavapipe's Vulkan) is installed beside it
export KBENCH_BACKEND=${KBENCH_BACKEND:-opencl}
[[ ${SWEEP_KEEP:-0} == 1 ]] && echo "sweep: work directory $W" >&2

# quick measurement options: one tiny benchmark, two short repetitions
T=(--filter copy -p n=2^10 --rep-ms 1 --warmup-ms 1)   # tiny: add --repetitions and --cache-clear
Q=("${T[@]}" --repetitions 2 --cache-clear 64KiB --quiet)
# a user kernel (docs/cli.md's saxpy) and its arguments
cat > "$W/saxpy.cl" <<'EOF'
__kernel void saxpy(int n, float a, __global const float *x, __global float *y) {
    size_t i = get_global_id(0);
    if (i < (size_t) n) y[i] = a * x[i] + y[i];
}
EOF
SAXPY=(--entry saxpy --grid 16 --block 256 --arg i32:4096 --arg f32:2 --arg buf:f32:4096:fill=1 --arg buf:f32:4096
  --repetitions 3 --rep-ms 1 --warmup-ms 1 --cache-clear 64KiB)
# starts a command in a session of its own with SIGINT at its default (a background job of a script
# inherits SIGINT ignored), so that Ctrl-C can be sent to its process group
LEADER='import os, signal, sys
signal.signal(signal.SIGINT, signal.SIG_DFL)
os.setsid()
os.execvp(sys.argv[1], sys.argv[1:])'

ROWS=()
FAILS=0
declare -A TOTAL BAD

# row ID CLASS CASE EXPECTED ACTUAL OK(0|1|skip)
row() {
  local status=ok
  [[ $6 == 1 ]] && status=BROKEN
  [[ $6 == skip ]] && status=skipped
  ROWS+=("$1|$2|$3|$4|$5|$status")
  TOTAL[$2]=$(( ${TOTAL[$2]:-0} + 1 ))
  if [[ $status == BROKEN ]]; then BAD[$2]=$(( ${BAD[$2]:-0} + 1 )); FAILS=$((FAILS + 1)); fi
  printf '%-4s %-6s %-7s %s\n' "$1" "$2" "$status" "$5" >&2
}

# kb DIR ARGS...: runs kbench in DIR (created), stdout to DIR/out, stderr to DIR/err; sets RC
kb() {
  local d=$1; shift
  mkdir -p "$d"
  (cd "$d" && "$KB" "$@" >"$d/out" 2>"$d/err" </dev/null)
  RC=$?
}
first_line() { grep -m1 -v '^ *$' "$1" | cut -c1-150; }
data_rows() { [[ -f $1 ]] && grep -c -v '^benchmark,' "$1" || echo 0; }
col() { # col FILE NAME: the values of column NAME, one a line
  awk -F, -v name="$2" 'NR==1 { for (i = 1; i <= NF; i++) if ($i == name) c = i; next } c { print $c }' "$1"
}
# waits up to $2 seconds for a command to succeed
wait_for() { local cmd=$1 limit=$2 i; for ((i = 0; i < limit * 10; i++)); do eval "$cmd" && return 0; sleep 0.1; done; return 1; }
selected() { [[ $1 =~ ^($ONLY)$ || $1 =~ $ONLY ]]; }

# ---------------------------------------------------------------- data lost

case_D1() { # --force against a file another run appends to
  local d=$W/D1 pid before after
  kb "$d" run "${Q[@]}" --csv-samples "$d/s.csv"
  before=$(data_rows "$d/s.csv")
  (cd "$d" && exec "$KB" run --filter copy -p n=2^10 --repetitions 100000 --rep-ms 1 --warmup-ms 1 --cache-clear 64KiB \
      --quiet --csv-samples "$d/s.csv" --append >"$d/app.out" 2>"$d/app.err") &
  pid=$!
  wait_for "[[ \$(data_rows $d/s.csv) -gt $before ]]" 120
  head -c "$(stat -c %s "$d/s.csv")" "$d/s.csv" > "$d/prefix"
  kb "$d/f" run "${Q[@]}" --csv-samples "$d/s.csv" --force
  local force=$RC
  kill -TERM "$pid"; wait "$pid"
  cmp -s "$d/prefix" <(head -c "$(stat -c %s "$d/prefix")" "$d/s.csv"); local kept=$?
  kb "$d/s" summary "$d/s.csv"
  row D1 lost "run --csv-samples s.csv --append & run --csv-samples s.csv --force" \
    "force refused (2), appended rows kept, file readable" \
    "force exit $force, prefix kept: $([[ $kept == 0 ]] && echo yes || echo no), summary exit $RC" \
    "$([[ $force == 2 && $kept == 0 && $RC == 0 ]] && echo 0 || echo 1)"
}

case_D2() { # a hard link to the kernel as output
  local d=$W/D2; mkdir -p "$d"; cp "$W/saxpy.cl" "$d/k.cl"; ln "$d/k.cl" "$d/h.csv"
  kb "$d" run --kernel "$d/k.cl" "${SAXPY[@]}" --quiet --csv-samples "$d/h.csv" --force
  cmp -s "$W/saxpy.cl" "$d/k.cl"; local same=$?
  row D2 lost "ln k.cl h.csv; run --kernel k.cl --csv-samples h.csv --force" "exit 2, kernel untouched" \
    "exit $RC, kernel $([[ $same == 0 ]] && echo untouched || echo OVERWRITTEN): $(first_line "$d/err")" \
    "$([[ $RC == 2 && $same == 0 ]] && echo 0 || echo 1)"
}

case_D9() { # a size limit (as a full disk, without root) cuts a samples file short; a later --append
  local d=$W/D9; mkdir -p "$d"
  # a small user kernel (the built-in suite's compiled kernels are larger than the limit); 1 MiB: room for the
  # files PoCL writes as it compiles it
  (cd "$d" && ulimit -f 1024 && exec "$KB" run --kernel "$W/saxpy.cl" "${SAXPY[@]:0:14}" --repetitions 1000000 \
      --rep-ms 1 --warmup-ms 1 --cache-clear 64KiB --quiet --csv-samples "$d/s.csv" >"$d/out" 2>"$d/err" </dev/null)
  local limited=$?
  local whole=no; [[ -s $d/s.csv && $(tail -c1 "$d/s.csv" | od -An -c | tr -d ' ') == '\n' ]] && whole=yes
  local before; before=$(data_rows "$d/s.csv")
  kb "$d/a" run "${Q[@]}" --csv-samples "$d/s.csv" --append
  local appended=$RC
  row D9 lost "ulimit -f 1024; run --kernel saxpy.cl --csv-samples s.csv; then run --csv-samples s.csv --append" \
    "exit 5, s.csv ends at a whole row and takes the append" \
    "exit $limited ($(first_line "$d/err" | cut -c1-60)), ends whole: $whole, $before rows, append exit $appended, $(data_rows "$d/s.csv") rows" \
    "$([[ $limited == 5 && $whole == yes && $appended == 0 && $(data_rows "$d/s.csv") -gt $before ]] && echo 0 || echo 1)"
}

case_D10() { # a history database that cannot take a run
  local d=$W/D10; mkdir -p "$d"
  kb "$d/a" run "${T[@]}" --cache-clear 64KiB --repetitions 50 --quiet --csv-samples "$d/a.csv"
  # 5000 repetitions of exactly 100 calls: 500,000 rows, however slow the calls (a loaded machine's 1 ms held fewer,
  # and b.csv then fitted under the limit: exit 0)
  kb "$d/b" run "${T[@]}" --cache-clear 64KiB --repetitions 5000 --min-samples 100 --max-samples 100 --quiet \
    --csv-samples "$d/b.csv"
  kb "$d/h1" history add --db "$d/h.db" "$d/a.csv"
  local size=$(( $(stat -c %s "$d/h.db") / 1024 + 16 ))
  (( size < 2048 )) && size=2048   # the SQLite driver writes its native library (about 1 MiB) to /tmp first
  (cd "$d" && ulimit -f "$size" && exec "$KB" history add --db "$d/h.db" "$d/b.csv" >"$d/out" 2>"$d/err" </dev/null)
  local limited=$?
  kb "$d/l" history list --db "$d/h.db"
  local runs; runs=$(grep -c '^2' "$d/l/out")
  row D10 lost "history add a.csv; ulimit -f (room for little more); history add b.csv; history list" \
    "exit 5 naming the database, a.csv's run kept, nothing of b.csv" \
    "exit $limited ($(first_line "$d/err" | cut -c1-70)), list exit $RC, $runs run(s)" \
    "$([[ $limited == 5 && $RC == 0 && $runs == 1 ]] && echo 0 || echo 1)"
}

case_D11() { # --force whose first rows a size limit refuses: the file it was to replace stays as it was
  local d=$W/D11; mkdir -p "$d"
  kb "$d/a" run "${Q[@]}" --csv-samples "$d/s.csv"
  local sum; sum=$(sha256sum < "$d/s.csv")
  # one repetition of 20,000 calls (however fast) of a small user kernel: its rows, about 2.4 MB, the run's first
  # write, are more than the 1 MiB limit (room for the files PoCL writes as it compiles the kernel)
  (cd "$d" && ulimit -f 1024 && exec "$KB" run --kernel "$W/saxpy.cl" "${SAXPY[@]:0:14}" --repetitions 1 \
      --min-samples 20000 --max-samples 20000 --rep-ms 1 --warmup-ms 1 --cache-clear 64KiB --quiet --force \
      --csv-samples "$d/s.csv" >"$d/out" 2>"$d/err" </dev/null)
  local limited=$?
  local kept=no; [[ $(sha256sum < "$d/s.csv") == "$sum" ]] && kept=yes
  local temps; temps=$(compgen -G "$d/.s.csv.*" | wc -l)
  row D11 lost "run --csv-samples s.csv; ulimit -f 1024; run --kernel saxpy.cl --force --csv-samples s.csv (rows > 1 MiB)" \
    "exit 5, s.csv as it was, no temporary file" \
    "exit $limited ($(first_line "$d/err" | cut -c1-60)), s.csv as it was: $kept, temporary files $temps" \
    "$([[ $limited == 5 && $kept == yes && $temps == 0 ]] && echo 0 || echo 1)"
}

case_D12() { # a forked run whose forks all fail before they measure: an existing --json FILE (--force) stays as it was
  local d=$W/D12; mkdir -p "$d"
  printf '__kernel void f(__global float *x) { x[0] = nosuch; }\n' > "$d/bad.cl"
  printf '{"mine": 1}\n' > "$d/out.json"
  local sum; sum=$(sha256sum < "$d/out.json")
  (cd "$d" && exec "$KB" run --kernel "$d/bad.cl" --entry f --grid 1 --block 1 --arg buf:f32:16 --forks 2 \
      --json "$d/out.json" --force >"$d/out" 2>"$d/err" </dev/null)
  local status=$?
  local kept=no; [[ $(sha256sum < "$d/out.json") == "$sum" ]] && kept=yes
  local said=no; grep -q "out.json is left as it was" "$d/err" && said=yes
  local why=no; grep -q "FAILED: building" "$d/out" && why=yes
  local dead; dead=$(grep -c " died" "$d/err")
  row D12 lost "run --kernel bad.cl --forks 2 --json out.json --force (no fork builds the kernel)" \
    "exit 1, out.json as it was and said so, the table's FAILED row as one process, no fork called dead" \
    "exit $status, out.json as it was: $kept, said: $said, FAILED row: $why, dead forks named: $dead" \
    "$([[ $status == 1 && $kept == yes && $said == yes && $why == yes && $dead == 0 ]] && echo 0 || echo 1)"
}

# signal_case ID run|ab TERM|INT|KILL: kills the parent while the second fork runs
signal_case() {
  local id=$1 kind=$2 sig=$3 d=$W/$1 pid marker csv args=()
  mkdir -p "$d/tmp"
  if [[ $kind == run ]]; then
    csv=$d/forks.csv; marker="kbench: fork 1 of 4"
    # forks of seconds with few rows: the parent names fork 1 as it goes on, when fork 0 releases the device, and
    # appends fork 0's rows once fork 0 has ended; with 100 rows a repetition fork 1 could end before those rows
    # were in, and the signal came after the run (3 and 1000 repetitions: the forks too short); with 3 forks of 3000
    # repetitions a loaded machine (a build beside) took as long to end fork 0 as forks 1 and 2 took to run
    args=(run --forks 4 --seed 11 --csv-samples "$csv" "${T[@]}" --repetitions 6000 --max-samples 3 --cache-clear 64KiB)
  else
    csv=$d/b.csv; marker="kbench ab: base fork 1"   # seed 7: base base new new
    args=(ab --base-kernel "$W/saxpy.cl" --new-kernel "$W/saxpy.cl" "${SAXPY[@]}" --forks 2 --seed 7
      --base-csv "$csv" --new-csv "$d/n.csv")
  fi
  (cd "$d" && KBENCH_JAVA_OPTS="$KBENCH_JAVA_OPTS -Djava.io.tmpdir=$d/tmp" exec python3 -c "$LEADER" "$KB" "${args[@]}" \
      >"$d/out" 2>"$d/err") &
  pid=$!
  # the second fork went on, fork 0's rows are in, and the second fork's JVM exists: two JVMs with this run's
  # temporary directory
  wait_for "grep -q '$marker' $d/err && has_fork0 $csv && [[ \$(pgrep -f -- '-Djava.io.tmpdir=$d/tmp' | wc -l) -ge 2 ]]" 180
  case $sig in
    INT) kill -INT -- "-$pid" ;;
    *) kill "-$sig" "$pid" ;;
  esac
  wait_for "! kill -0 $pid 2>/dev/null" 90; wait "$pid" 2>/dev/null; local rc=$?
  wait_for "! pgrep -f -- '-Djava.io.tmpdir=$d/tmp' >/dev/null && ! compgen -G '$d/tmp/kbench-forks-*' >/dev/null" 30
  local survivors leftover have0 named=no p
  survivors=$(pgrep -f -- "-Djava.io.tmpdir=$d/tmp" | wc -l)
  for p in $(pgrep -f -- "-Djava.io.tmpdir=$d/tmp"); do kill -KILL "$p"; done
  leftover=$(compgen -G "$d/tmp/kbench-forks-*" | wc -l)
  have0=$(has_fork0 "$csv" && echo yes || echo no)
  grep -q -- "$csv" "$d/err" && named=yes
  row "$id" lost "$kind --forks: SIG$sig to the parent during the second fork" \
    "exit $(signal_status "$sig"), no child survives, no temporary directory, fork 0's samples in $(basename "$csv")" \
    "exit $rc, survivors $survivors, leftover dirs $leftover, fork 0 kept: $have0, file named on stderr: $named" \
    "$([[ $rc == "$(signal_status "$sig")" && $survivors == 0 && $leftover == 0 && $have0 == yes ]] && echo 0 || echo 1)"
}
# whether a samples file holds rows of fork 0 (grep -c reads to the end: grep -q would stop at the first match and,
# under pipefail, fail the pipe by SIGPIPE)
has_fork0() { [[ -f $1 && $(col "$1" fork | grep -cx 0) -gt 0 ]]; }
# the exit status of a command the signal ended (a run that had ended before it exits 0: the case did not happen)
signal_status() { case $1 in TERM) echo 143 ;; INT) echo 130 ;; KILL) echo 137 ;; esac; }
case_D3() { signal_case D3 run TERM; }
case_D4() { signal_case D4 run INT; }
case_D5() { signal_case D5 run KILL; }
case_D6() { signal_case D6 ab TERM; }
case_D7() { signal_case D7 ab INT; }
case_D8() { signal_case D8 ab KILL; }

# ---------------------------------------------------------------- wrong success

case_W1() { # append then read
  local d=$W/W1
  kb "$d" run "${Q[@]}" --csv-samples "$d/a.csv"
  kb "$d" run "${Q[@]}" --csv-samples "$d/a.csv" --append; local app=$RC
  kb "$d/s" summary "$d/a.csv"
  row W1 wrong "run a.csv; run a.csv --append; summary a.csv" "exit 0, 2 runs" \
    "append exit $app, summary exit $RC, $(col "$d/a.csv" run_id | sort -u | wc -l) run ids" \
    "$([[ $app == 0 && $RC == 0 && $(col "$d/a.csv" run_id | sort -u | wc -l) == 2 ]] && echo 0 || echo 1)"
}

case_W2() { # two concurrent --append writers
  local d=$W/W2 p1 p2 r1 r2
  kb "$d" run "${Q[@]}" --csv-samples "$d/a.csv"
  local more=(run --filter copy -p n=2^10 --repetitions 20 --rep-ms 1 --warmup-ms 1 --cache-clear 64KiB --quiet
    --csv-samples "$d/a.csv" --append)
  (cd "$d" && exec "$KB" "${more[@]}" >"$d/1.out" 2>"$d/1.err") & p1=$!
  (cd "$d" && exec "$KB" "${more[@]}" >"$d/2.out" 2>"$d/2.err") & p2=$!
  wait "$p1"; r1=$?; wait "$p2"; r2=$?
  kb "$d/s" summary "$d/a.csv"
  local refused=0
  grep -q "being written by another kbench run" "$d/1.err" "$d/2.err" && refused=1
  row W2 wrong "two run --append at once on one file" "one refused (2) or both whole runs; file readable" \
    "exits $r1 and $r2, refusal named: $refused, summary exit $RC" \
    "$([[ $RC == 0 && ( ( $r1 == 0 && $r2 == 0 ) || ( $((r1 + r2)) == 2 && $refused == 1 ) ) ]] && echo 0 || echo 1)"
}

case_W3() { # outputs to /dev/stdout reach stdout
  local d=$W/W3 a b c
  kb "$d" run "${Q[@]}" --csv-samples "$d/a.csv"
  (cd "$d" && "$KB" report "$d/a.csv" -o /dev/stdout > "$d/r.html" 2>"$d/r.err"); a=$?
  (cd "$d" && "$KB" run "${Q[@]}" --csv-samples /dev/stdout > "$d/s.csv" 2>"$d/s.err"); b=$?
  (cd "$d" && "$KB" run "${Q[@]}" --format csv --json /dev/stdout > "$d/j.txt" 2>"$d/j.err"); c=$?
  local html csv json
  html=$(grep -c '</html>' "$d/r.html"); csv=$(grep -c '^benchmark,params' "$d/s.csv"); json=$(grep -c '"format" : "kbench-run/' "$d/j.txt")
  row W3 wrong "report -o /dev/stdout, --csv-samples /dev/stdout, --json /dev/stdout, stdout to a file" \
    "each reaches the file, exit 0" "exits $a/$b/$c; html $html, csv header $csv, json $json" \
    "$([[ $a$b$c == 000 && $html -ge 1 && $csv -ge 1 && $json -ge 1 ]] && echo 0 || echo 1)"
}

case_W4() {
  local d=$W/W4; mkdir -p "$d"
  (cd "$d" && KBENCH_BACKEND=nosuch "$KB" run "${Q[@]}" >"$d/out" 2>"$d/err"); RC=$?
  row W4 wrong "KBENCH_BACKEND=nosuch run" "non-zero, names KBENCH_BACKEND" "exit $RC: $(first_line "$d/err")" \
    "$([[ $RC != 0 ]] && grep -q KBENCH_BACKEND "$d/err" && echo 0 || echo 1)"
}

# other_device CSV OUT: the same samples as if measured on another device, sidecar included
other_device() {
  sed -e 's/,opencl,[^,]*,/,cuda,NVIDIA H200,/' -e 's/,cl:0:0,/,GPU-8f3c0000-0000-0000-0000-000000000000,/' "$1" > "$2"
  [[ -f $1.env.json ]] && sed -e 's/"opencl"/"cuda"/g' -e 's/pthread-[^"]*/NVIDIA H200/g' -e 's/cl:0:0/GPU-8f3c0000-0000-0000-0000-000000000000/g' \
    "$1.env.json" > "$2.env.json"
}

case_W5() { # report --base across devices
  local d=$W/W5 cmp
  kb "$d" run "${Q[@]}" --csv-samples "$d/a.csv"
  other_device "$d/a.csv" "$d/h200.csv"
  kb "$d/c" compare "$d/h200.csv" "$d/a.csv"; cmp=$RC
  kb "$d/r" report --base "$d/h200.csv" "$d/a.csv" -o "$d/r.html"
  row W5 wrong "report --base h200.csv pocl.csv (other device)" "refused (2) as compare is" \
    "compare exit $cmp, report exit $RC: $(first_line "$d/r/err")" \
    "$([[ $cmp == 2 && $RC == 2 && ! -f $d/r.html ]] && echo 0 || echo 1)"
}

case_W6() { # report --base with no shared benchmark
  local d=$W/W6
  kb "$d" run "${Q[@]}" --csv-samples "$d/a.csv"
  kb "$d" run --filter triad -p n=2^10 --rep-ms 1 --warmup-ms 1 --repetitions 2 --cache-clear 64KiB --quiet --csv-samples "$d/b.csv"
  kb "$d/r" report --base "$d/a.csv" "$d/b.csv" -o "$d/r.html"
  row W6 wrong "report --base copy.csv triad.csv (no shared benchmark)" "refused (2)" \
    "exit $RC: $(first_line "$d/r/err")" "$([[ $RC == 2 && ! -f $d/r.html ]] && echo 0 || echo 1)"
}

case_W7() { # corrupt and foreign sidecars, compare
  local d=$W/W7 a b
  kb "$d" run "${Q[@]}" --csv-samples "$d/a.csv"
  cp "$d/a.csv" "$d/b.csv"; cp "$d/a.csv.env.json" "$d/b.csv.env.json"
  echo '{ not json' > "$d/a.csv.env.json"
  echo '{"name": "some other tool", "version": 3}' > "$d/b.csv.env.json"
  kb "$d/c" compare "$d/a.csv" "$d/b.csv" --fail-on never
  a=$(grep -c "a.csv.env.json" "$d/c/err"); b=$(grep -c "b.csv.env.json" "$d/c/err")
  row W7 wrong "compare with a corrupt a.csv.env.json and a foreign b.csv.env.json" "both named on stderr" \
    "exit $RC; corrupt named $a, foreign named $b" "$([[ $a -ge 1 && $b -ge 1 ]] && echo 0 || echo 1)"
}

case_W8() { # corrupt and foreign sidecars, merge
  local d=$W/W8 a b
  kb "$d" run "${Q[@]}" --csv-samples "$d/a.csv"
  kb "$d" run "${Q[@]}" --csv-samples "$d/b.csv"
  echo '{ not json' > "$d/a.csv.env.json"
  echo '[1, 2, 3]' > "$d/b.csv.env.json"
  kb "$d/m" merge "$d/m.csv" "$d/a.csv" "$d/b.csv"
  a=$(grep -c "a.csv.env.json" "$d/m/err"); b=$(grep -c "b.csv.env.json" "$d/m/err")
  row W8 wrong "merge with a corrupt and a foreign sidecar" "both named on stderr" \
    "exit $RC; corrupt named $a, foreign named $b" "$([[ $a -ge 1 && $b -ge 1 ]] && echo 0 || echo 1)"
}

case_W9() { # a new file holding two hosts' samples
  local d=$W/W9
  kb "$d" run "${Q[@]}" --csv-samples "$d/base.csv"
  kb "$d" run "${Q[@]}" --csv-samples "$d/n1.csv"
  # n1.csv's rows twice: once as host-a, once as other-host under another run id (columns found by name)
  awk -F, -v OFS=, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
    { $c["host"] = "host-a"; rows[NR] = $0; print }
    END { for (r = 2; r <= NR; r++) { $0 = rows[r]; $c["host"] = "other-host"; $c["run_id"] = "20261201T000000Z-0000beef"; print } }' \
    "$d/n1.csv" > "$d/new.csv"
  kb "$d/c" compare "$d/base.csv" "$d/new.csv" --fail-on never
  local said=no
  grep -qi -e 'host' -e 'devices' "$d/c/err" "$d/c/out" && said=yes
  row W9 wrong "compare base.csv new.csv where new.csv holds two hosts' samples" \
    "refused or the two hosts named, never pooled silently" "exit $RC, hosts mentioned: $said: $(first_line "$d/c/err")" \
    "$([[ $RC == 2 || $said == yes ]] && echo 0 || echo 1)"
}

case_W10() {
  local d=$W/W10
  kb "$d" run --filter copy -p n=2^10 -p n=2^11 --repetitions 1 --rep-ms 1 --warmup-ms 1 --cache-clear 64KiB --quiet --format csv
  local n=$(grep -c -e 'n=1024' -e 'n=2048' "$d/out")
  row W10 wrong "run -p n=2^10 -p n=2^11" "both sizes measured" "exit $RC, $n of 2 sizes" \
    "$([[ $RC == 0 && $n == 2 ]] && echo 0 || echo 1)"
}

case_W11() {
  local d=$W/W11
  kb "$d" run "${Q[@]}" --quantiles ,
  row W11 wrong "run --quantiles ," "refused (2) naming --quantiles" "exit $RC: $(first_line "$d/err")" \
    "$([[ $RC == 2 ]] && grep -q -- --quantiles "$d/err" && echo 0 || echo 1)"
}

# library cases: bench/sweep/LibraryCases.java against the built classes
lib_case() {
  local id=$1 name=$2 what=$3 expected=$4 d=$W/$1 cp m
  mkdir -p "$d"
  cp="$root/bench-api/target/classes:$root/bench-stats/target/classes:$(find "$root/bench-cli/target/lib" -name '*.jar' | sort | tr '\n' ':')"
  (cd "$d" && "${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java" -cp "$cp" "$root/bench/sweep/LibraryCases.java" "$name" "$d" >"$d/out" 2>"$d/err"); RC=$?
  row "$id" wrong "$what" "$expected" "$(grep -m1 BROKEN "$d/out" || first_line "$d/out") $(first_line "$d/err")" "$([[ $RC == 0 ]] && echo 0 || echo 1)"
}
case_W12() { lib_case W12 duplicated "library: SamplesCsv.read of a file whose rows appear twice" "SamplesFormatException naming both lines"; }
case_W13() { lib_case W13 cacheclear "library: SuiteOptions/BenchOptions.withCacheClearBytes(3) and (-4)" "IllegalArgumentException as the CLI refuses"; }

# ---------------------------------------------------------------- hangs

case_H1() {
  local d=$W/H1 t0; mkdir -p "$d"; mkfifo "$d/s.fifo"; t0=$SECONDS
  kb "$d" run "${Q[@]}" --csv-samples "$d/s.fifo"
  row H1 hang "run --csv-samples FIFO with no reader" "exit 5 within ~10 s naming the FIFO" \
    "exit $RC after $((SECONDS - t0)) s: $(first_line "$d/err")" \
    "$([[ $RC == 5 && $((SECONDS - t0)) -lt 60 ]] && grep -q s.fifo "$d/err" && echo 0 || echo 1)"
}

case_H2() { # a kernel writing just past its buffer corrupts the C heap and crashes the JVM (PoCL runs kernels
  # in-process); the JVM's crash report then hung in malloc until its 120 s timeout in 2 of 3 tries
  local d=$W/H2 i t0 worst=0 rcs=""; mkdir -p "$d"
  cat > "$d/oob.cl" <<'EOF'
__kernel void oob(__global int *x, long offset) {
    x[offset + get_global_id(0)] = 1;
}
EOF
  for i in 1 2 3; do
    t0=$SECONDS
    (cd "$d" && TMPDIR=$d timeout 300 "$KB" run --kernel "$d/oob.cl" --entry oob --grid 64 --block 256 \
        --arg buf:i32:1024 --arg i64:1024 --repetitions 2 --quiet --cache-clear 0 >"$d/out$i" 2>"$d/err$i"); rcs+="$? "
    (( SECONDS - t0 > worst )) && worst=$((SECONDS - t0))
  done
  row H2 hang "run --kernel writing 64 KiB just past its 4 KiB buffer (3 tries)" "each exits within 60 s" \
    "exits ${rcs% }, slowest $worst s" "$([[ $worst -lt 60 ]] && echo 0 || echo 1)"
}

# ---------------------------------------------------------------- confusing

case_C1() {
  local d=$W/C1; mkdir -p "$d"
  (cd "$d" && ulimit -v 4000000 && "$KB" info >"$d/out" 2>"$d/err"); RC=$?
  row C1 confuse "ulimit -v 4000000; kbench info" "works, or names the limit and the fix" "exit $RC: $(first_line "$d/err")" \
    "$([[ $RC == 0 ]] || { ! grep -q 'no JDK' "$d/err" && grep -q 'ulimit' "$d/err"; } && echo 0 || echo 1)"
}

case_C2() {
  local d=$W/C2
  kb "$d" run "${Q[@]}" --csv-samples /dev/full
  row C2 confuse "run --csv-samples /dev/full" "exit 5 naming /dev/full" "exit $RC: $(first_line "$d/err")" \
    "$([[ $RC == 5 ]] && grep -q /dev/full "$d/err" && echo 0 || echo 1)"
}

case_C3() { # a read-only --jmh-json directory: refused before measuring
  local d=$W/C3; mkdir -p "$d/ro"
  if ! mount -t tmpfs -o ro tmpfs "$d/ro" 2>/dev/null; then
    row C3 confuse "run --jmh-json on a read-only file system" "exit 2 before measuring" "not run: needs root to mount" skip
    return
  fi
  kb "$d" run "${Q[@]}" --csv-samples "$d/s.csv" --jmh-json "$d/ro/j.json"
  umount "$d/ro"
  row C3 confuse "run --csv-samples s.csv --jmh-json ro/j.json (read-only tmpfs)" "exit 2 before measuring (no s.csv)" \
    "exit $RC, s.csv $([[ -f $d/s.csv ]] && echo written || echo 'not written'): $(first_line "$d/err")" \
    "$([[ $RC == 2 && ! -f $d/s.csv ]] && echo 0 || echo 1)"
}

case_C4() {
  local d=$W/C4 long; long=$(printf 'x%.0s' {1..300})
  kb "$d" run "${Q[@]}" --csv-samples "$d/s.csv" --jmh-json "$d/$long.json"
  row C4 confuse "run --jmh-json NAME-of-300-bytes.json" "exit 2 before measuring" \
    "exit $RC, s.csv $([[ -f $d/s.csv ]] && echo written || echo 'not written'): $(first_line "$d/err" | cut -c1-90)" \
    "$([[ $RC == 2 && ! -f $d/s.csv ]] && echo 0 || echo 1)"
}

case_C5() {
  # one MiB more than one buffer of the device may hold (kbench info's maxMemAllocBytes): a fixed size was
  # within PoCL's limit on a host of more memory (PoCL allows a quarter of it or more)
  local d=$W/C5 max size
  kb "$d" info
  max=$(awk '/maxMemAllocBytes:/ { print $2; exit }' "$d/out" "$d/err")
  size=$(( ${max:-4294967296} / 1048576 + 1 ))MiB
  kb "$d" run "${T[@]}" --repetitions 2 --quiet --cache-clear "$size"
  row C5 confuse "run --cache-clear $size (one MiB more than a buffer of the device may hold)" "exit 2 naming --cache-clear" \
    "exit $RC: $(first_line "$d/err")" "$([[ $RC == 2 ]] && grep -q -- --cache-clear "$d/err" && echo 0 || echo 1)"
}

case_C6() {
  local d=$W/C6 name=$'\xc3\xa9chantillons.csv'
  mkdir -p "$d"
  (cd "$d" && LC_ALL=C LANG=C "$KB" run "${Q[@]}" --csv-samples "$d/$name" >"$d/out" 2>"$d/err"); RC=$?
  local internals=no; grep -q -e 'java\.' -e 'Exception' "$d/err" && internals=yes
  row C6 confuse "LC_ALL=C run --csv-samples échantillons.csv" "the file written, or one message naming the path" \
    "exit $RC, file $([[ -f $d/$name ]] && echo written || echo missing), Java internals: $internals" \
    "$([[ ( $RC == 0 && -f $d/$name ) || ( $RC == 2 && $internals == no ) ]] && echo 0 || echo 1)"
}

case_C7() {
  local d=$W/C7/$'r\xc3\xa9pertoire'
  if [[ -z ${KBENCH_DIST:-} ]]; then
    row C7 confuse "the distribution unpacked under a non-ASCII directory" "kbench info works" "not run: set KBENCH_DIST" skip
    return
  fi
  mkdir -p "$d" && tar -xzf "$KBENCH_DIST" -C "$d"
  local bin; bin=$(find "$d" -path '*/bin/kbench' -print -quit)
  (cd "$d" && "$bin" info >"$d/out" 2>"$d/err"); RC=$?
  (cd "$d" && LC_ALL=C "$bin" info >"$d/out.c" 2>"$d/err.c"); local rc_c=$?
  row C7 confuse "the distribution unpacked under a non-ASCII directory; info, then LC_ALL=C info" "both work" \
    "exits $RC and $rc_c $(cat "$d/err" "$d/err.c" | grep -m1 -e Unsatisfied -e 'kbench:' | cut -c1-100)" \
    "$([[ $RC == 0 && $rc_c == 0 ]] && echo 0 || echo 1)"
}

case_C8() {
  local d=$W/C8
  kb "$d" ab --base-command "exit 3" --new-command "exit 3" --forks 1 --base-csv "$d/b.csv" --new-csv "$d/n.csv"
  local blamed=no; grep -qi -e 'driver' "$d/err" && blamed=yes
  row C8 confuse "ab --base-command 'exit 3'" "the command's exit named, not blamed on driver choice" \
    "exit $RC, driver blamed: $blamed: $(grep -m1 'exit' "$d/err" | cut -c1-100)" \
    "$([[ $RC != 0 && $blamed == no ]] && echo 0 || echo 1)"
}

case_C9() {
  local d=$W/C9
  kb "$d" ab --base-kernel "$W/saxpy.cl" --new-kernel "$W/saxpy.cl" "${SAXPY[@]}" --forks 2 --base-csv "$d/b.csv" \
    --new-csv "$d/n.csv" -- --alpha 5
  local forks; forks=$(grep -c 'fork' "$d/err")
  row C9 confuse "ab ... -- --alpha 5" "exit 2 before any fork" "exit $RC, fork lines $forks: $(first_line "$d/err")" \
    "$([[ $RC == 2 && $forks == 0 && ! -f $d/b.csv ]] && echo 0 || echo 1)"
}

case_C10() {
  local d=$W/C10
  kb "$d" run "${T[@]}" --cache-clear 64KiB --repetitions 100000 --forks 2 --fork-timeout-s 1 --csv-samples "$d/fk02.csv"
  local claim; claim=$(grep -m1 -o "samples of [0-9]* forks* in [^ ]*" "$d/err")
  local broken=0 dir
  [[ -n $claim && ! -f $d/fk02.csv ]] && broken=1
  dir=$(grep -m1 -o '/[^ ]*kbench-forks-[0-9]*' "$d/err")   # a directory named must exist
  [[ -n $dir && ! -d $dir ]] && broken=1
  row C10 confuse "run --forks 2 --fork-timeout-s 1 --csv-samples fk02.csv" "no claim of a file that does not exist" \
    "exit $RC, claim '${claim:-none}', file $([[ -f $d/fk02.csv ]] && echo exists || echo absent), directory named ${dir:-none} $([[ -d $dir ]] && echo exists || echo absent)" "$broken"
}

case_C11() { # a directory as an output
  local d=$W/C11; mkdir -p "$d/folder"
  kb "$d" run "${Q[@]}" --csv-samples "$d/s.csv" --json "$d/folder" --force
  row C11 confuse "run --csv-samples s.csv --json DIR --force" "exit 2 before measuring (no s.csv)" \
    "exit $RC, s.csv $([[ -f $d/s.csv ]] && echo written || echo 'not written'): $(first_line "$d/err")" \
    "$([[ $RC == 2 && ! -f $d/s.csv && -d $d/folder ]] && echo 0 || echo 1)"
}

# ---------------------------------------------------------------- memory

case_M1() { # merge of two 3M-row files in a 1 GB heap
  local d=$W/M1; mkdir -p "$d"
  local header="benchmark,params,repetition,sample,time_ms,backend,device,bytes,flops,fork,host,device_id,sm_clock_mhz,run_id"
  for h in a b; do
    awk -v h="$h" -v header="$header" 'BEGIN { print header;
      for (i = 0; i < 3000000; i++) printf "copy,n=1024,%d,%d,%.6f,opencl,cpu,8192,,0,host-%s,cl:0:0,,20261201T000000Z-0000000%s\n",
        i / 1000, i % 1000, 0.05 + (i % 997) / 1e5, h, (h == "a" ? "a" : "b") }' > "$d/$h.csv"
  done
  local t0=$SECONDS
  (cd "$d" && KBENCH_JAVA_OPTS="-Xmx1g" "$KB" merge "$d/m.csv" "$d/a.csv" "$d/b.csv" >"$d/out" 2>"$d/err"); RC=$?
  local rows; rows=$(data_rows "$d/m.csv")
  row M1 memory "KBENCH_JAVA_OPTS=-Xmx1g merge m.csv a.csv b.csv (3M rows each)" "exit 0, 6M rows" \
    "exit $RC after $((SECONDS - t0)) s, $rows rows: $(first_line "$d/err" | cut -c1-80)" \
    "$([[ $RC == 0 && $rows == 6000000 ]] && echo 0 || echo 1)"
  rm -f "$d"/*.csv
}

CASES=(D1 D2 D3 D4 D5 D6 D7 D8 D9 D10 D11 D12 W1 W2 W3 W4 W5 W6 W7 W8 W9 W10 W11 W12 W13 H1 H2 C1 C2 C3 C4 C5 C6 C7 C8 C9 C10 C11 M1)
for c in "${CASES[@]}"; do
  selected "$c" && "case_$c"
done

echo "| id | class | case | expected | actual | result |"
echo "| --- | --- | --- | --- | --- | --- |"
for r in "${ROWS[@]}"; do
  IFS='|' read -r id cls what expected actual status <<<"$r"
  printf '| %s | %s | %s | %s | %s | %s |\n' "$id" "$cls" "\`${what//|/\\|}\`" "$expected" "${actual//|/\\|}" "$status"
done
echo
for cls in lost wrong hang confuse memory; do
  [[ -n ${TOTAL[$cls]:-} ]] && echo "$cls: ${TOTAL[$cls]} cases, ${BAD[$cls]:-0} broken"
done
[[ ${SWEEP_KEEP:-0} == 1 ]] || rm -rf "$W"
[[ $FAILS == 0 ]]

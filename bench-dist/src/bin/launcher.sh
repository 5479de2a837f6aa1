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

# kbench's launcher logic, shared by ./kbench (in the source tree) and bin/kbench (in the distribution,
# where this file is lib/launcher.sh). Sourced, not run. The caller defines
#   kbench_die MESSAGE      prints "kbench: MESSAGE" to stderr and exits 2
#   kbench_module_path      prints the module path for the modules in KBENCH_MODULES (see below)

# The CLI's modules, then the backend modules chosen by --backend NAME / --backend=NAME among the
# arguments (all of them without --backend). Sets KBENCH_SELECTED (the name, or empty) and KBENCH_MODULES.
# The environment variable KBENCH_BACKEND is left as the user set it: the CLI reads it (and names it when
# its value is no backend).
kbench_select_modules() {
  local prev="" a
  KBENCH_SELECTED=""
  for a in "$@"; do
    [[ $prev == --backend ]] && KBENCH_SELECTED=$a
    [[ $a == --backend=* ]] && KBENCH_SELECTED=${a#--backend=}
    prev=$a
  done
  KBENCH_MODULES=(bench-api bench-stats bench-forks bench-cli)
  case $KBENCH_SELECTED in
    "") KBENCH_MODULES+=(backend-cuda backend-opencl backend-levelzero) ;;
    cuda|opencl|levelzero) KBENCH_MODULES+=("backend-$KBENCH_SELECTED") ;;
    *) kbench_die "unknown backend '$KBENCH_SELECTED' (from --backend); choose cuda, opencl or levelzero" ;;
  esac
}

# Keeps a crash of the JVM (PoCL runs kernels in-process: an out-of-bounds write in a kernel can crash it)
# off standard output and out of the user's directory. Sets KBENCH_SAFETY_FLAGS, the JVM options to use:
#  - hs_err_pid*.log goes to a private temporary directory, which the crash message on stderr names;
#  - the JVM prints its crash banner on file descriptor 1 whatever its flags say, so kbench's results leave
#    the JVM on another descriptor, a duplicate of standard output whose number -Dkbench.stdout.fd gives,
#    and descriptor 1 becomes stderr: stdout holds only kbench's results (a table, JSON, CSV), even when
#    the JVM or a native library prints. The JVM writes to that descriptor itself, never to a reopened
#    /proc/self/fd path: a duplicate shares the caller's file position, so results and messages redirected
#    to one file (> log 2>&1) follow each other instead of overwriting each other.
kbench_safe_jvm() {
  local dir=${TMPDIR:-/tmp}/kbench-crash-$(id -u)
  mkdir -p -m 700 "$dir" 2>/dev/null || dir=${TMPDIR:-/tmp}
  KBENCH_SAFETY_FLAGS=(-XX:+DisplayVMOutputToStderr "-XX:ErrorFile=$dir/hs_err_pid%p.log")
  if { : >&1; } 2>/dev/null; then   # standard output is open (a closed one stays closed: exit status 5)
    local results
    exec {results}>&1 1>&2
    KBENCH_SAFETY_FLAGS+=("-Dkbench.stdout.fd=$results")
  fi
}

# Under a virtual memory limit (ulimit -v) the JVM may not be able to reserve its heap and class space:
# then says so, with the limit and the fix, instead of the JVM's crash report. Without a limit, checks nothing.
kbench_jvm_starts() {
  local limit out
  limit=$(ulimit -v)
  [[ $limit == unlimited ]] && return 0
  # shellcheck disable=SC2086
  out=$("$1" -XX:ErrorFile=/dev/null ${KBENCH_JAVA_OPTS:-} -version 2>&1) && return 0
  out=$(grep -m1 -e 'Native memory allocation' -e 'Could not reserve' -e 'Error' <<<"$out" || head -1 <<<"$out")
  kbench_die "the Java runtime cannot start under this shell's virtual memory limit (ulimit -v $limit KiB): ${out#\# }; raise the limit (ulimit -v unlimited) or give Java a smaller heap, e.g. KBENCH_JAVA_OPTS=-Xmx1g"
}

# Runs the CLI with JAVA (the java executable) on the module path of kbench_module_path, with the
# arguments given. KBENCH_CLASSPATH=1 puts the same jars on the class path instead; KBENCH_JAVA_OPTS
# adds JVM options.
kbench_exec() {
  local java=$1; shift
  kbench_select_modules "$@"
  local path; path=$(kbench_module_path)
  # JNI (JOCL, JCuda) and FFM (Level Zero) are restricted methods: grant them to the modules that use them.
  # (dev.kbench.opencl calls clCreateProgramWithIL through FFM; dev.kbench.cuda launches kernels through FFM;
  # dev.kbench.api writes results to the descriptor of -Dkbench.stdout.fd through FFM.)
  local native="dev.kbench.api,dev.kbench.levelzero,dev.kbench.opencl,jocl,dev.kbench.cuda,jcuda"
  case $KBENCH_SELECTED in
    cuda) native=dev.kbench.api,dev.kbench.cuda,jcuda ;;
    opencl) native=dev.kbench.api,dev.kbench.opencl,jocl ;;
    levelzero) native=dev.kbench.api,dev.kbench.levelzero ;;
  esac
  kbench_jvm_starts "$java"
  kbench_safe_jvm
  # shellcheck disable=SC2086
  if [[ ${KBENCH_CLASSPATH:-0} == 1 ]]; then
    exec "$java" "${KBENCH_SAFETY_FLAGS[@]}" --enable-native-access=ALL-UNNAMED ${KBENCH_JAVA_OPTS:-} -cp "$path" dev.kbench.cli.Main "$@"
  fi
  # shellcheck disable=SC2086
  exec "$java" "${KBENCH_SAFETY_FLAGS[@]}" --enable-native-access=$native ${KBENCH_JAVA_OPTS:-} -p "$path" -m dev.kbench.cli/dev.kbench.cli.Main "$@"
}

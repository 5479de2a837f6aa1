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
#   kbench_backend_modules  prints the backend modules there are, one a line (backend-NAME, whatever NAME)
#   kbench_native_modules M prints the JPMS modules of backend module M that call native code, one a line

# The CLI's modules, then the backend modules: with --backend NAME / --backend=NAME among the arguments,
# backend-NAME alone when there is such a module, else every backend module there is (the CLI then finds
# the backend by its service name, and an unknown name is its error, listing the backends found). No list
# of backends is kept here: a backend module is used by being there. Sets KBENCH_SELECTED (the name, or
# empty) and KBENCH_MODULES. The environment variable KBENCH_BACKEND is left as the user set it: the CLI
# reads it (and names it when its value is no backend).
kbench_select_modules() {
  local prev="" a m
  KBENCH_SELECTED=""
  for a in "$@"; do
    [[ $prev == --backend ]] && KBENCH_SELECTED=$a
    [[ $a == --backend=* ]] && KBENCH_SELECTED=${a#--backend=}
    prev=$a
  done
  local wanted=${KBENCH_SELECTED,,} # a name in any case, as the CLI's own lookup takes it
  if [[ -n $wanted && ! $wanted =~ ^[a-z][a-z0-9_-]*$ ]]; then
    kbench_die "--backend '$KBENCH_SELECTED' is not a backend name (letters, digits, '_' and '-'); kbench info lists the backends found"
  fi
  KBENCH_MODULES=(bench-api bench-stats bench-forks bench-history bench-cli)
  local backends=()
  while IFS= read -r m; do [[ -n $m ]] && backends+=("$m"); done < <(kbench_backend_modules)
  for m in "${backends[@]}"; do
    if [[ $m == "backend-$wanted" ]]; then
      KBENCH_MODULES+=("$m")
      return
    fi
  done
  KBENCH_MODULES+=("${backends[@]}")
}

# The modules to grant native access (JNI and FFM are restricted methods): those the chosen backend
# modules declare, comma-separated.
kbench_native_access() {
  local m n list=()
  for m in "${KBENCH_MODULES[@]}"; do
    [[ $m == backend-* ]] || continue
    while IFS= read -r n; do [[ -n $n ]] && list+=("$n"); done < <(kbench_native_modules "$m")
  done
  local IFS=,
  echo "${list[*]}"
}

# Keeps a crash of the JVM (PoCL runs kernels in-process: an out-of-bounds write in a kernel can crash it)
# off standard output and out of the user's directory. Sets KBENCH_SAFETY_FLAGS, the JVM options to use:
#  - hs_err_pid*.log goes to a private temporary directory, which the crash message on stderr names;
#  - writing it takes at most 20 s (ErrorLogTimeout, 5 s a step; the JVM's default is 120 s): a kernel that
#    writes just past its buffer corrupts the C heap, and the report then hangs in malloc until the timeout;
#  - the JVM prints its crash banner on file descriptor 1 whatever its flags say, so kbench's results leave
#    the JVM on another descriptor, a duplicate of standard output whose number -Dkbench.stdout.fd gives,
#    and descriptor 1 becomes stderr: stdout holds only kbench's results (a table, JSON, CSV), even when
#    the JVM or a native library prints. The JVM writes to that descriptor itself, never to a reopened
#    /proc/self/fd path: a duplicate shares the caller's file position, so results and messages redirected
#    to one file (> log 2>&1) follow each other instead of overwriting each other.
# It also names the command as the user typed it (-Dkbench.command: ./kbench, bin/kbench, or kbench when
# found on the PATH), so that hints on stderr ("compare two runs with: ./kbench compare ...") can be pasted.
kbench_safe_jvm() {
  # a TMPDIR that is not a directory is not created (nor its parents): the JVM itself uses /tmp then
  local base=${TMPDIR:-/tmp}
  [[ -d $base ]] || base=/tmp
  local dir=$base/kbench-crash-$EUID
  mkdir -m 700 "$dir" 2>/dev/null || [[ -d $dir && -O $dir ]] || dir=$base
  local typed=$0
  [[ $typed == */* && $(command -v -- "${typed##*/}" 2>/dev/null) == "$typed" ]] && typed=${typed##*/}
  KBENCH_SAFETY_FLAGS=(-XX:+DisplayVMOutputToStderr "-XX:ErrorFile=$dir/hs_err_pid%p.log" -XX:ErrorLogTimeout=20
    "-Dkbench.command=$typed")
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
  local line pick=
  while IFS= read -r line; do   # bash alone: the distribution may run where only bash is on PATH
    case $line in *'Native memory allocation'*|*'Could not reserve'*|*Error*) pick=$line; break ;; esac
  done <<<"$out"
  out=${pick:-${out%%$'\n'*}}
  kbench_die "the Java runtime cannot start under this shell's virtual memory limit (ulimit -v $limit KiB): ${out#\# }; raise the limit (ulimit -v unlimited) or give Java a smaller heap, e.g. KBENCH_JAVA_OPTS=-Xmx1g"
}

# The JVM decodes file names (its arguments, the path of its own runtime) with the locale's character
# set. Under the C or POSIX locale that is ASCII, so a path with a non-ASCII byte cannot be represented:
# an option's file is "Malformed input or input contains unmappable characters", and a runtime unpacked
# under such a directory cannot start (UnsatisfiedLinkError). There the JVM runs with the character set
# of C.UTF-8 (in LC_ALL when LC_ALL chose C, else in LC_CTYPE): every other category stays as it was, and
# processes the run starts (ab's --base-command) inherit it. A locale of another character set is kept.
kbench_utf8_names() {
  local ctype=${LC_ALL:-${LC_CTYPE:-${LANG:-}}}
  [[ -z $ctype || $ctype == C || $ctype == POSIX ]] || return 0
  if [[ -n ${LC_ALL:-} ]]; then export LC_ALL=C.UTF-8; else export LC_CTYPE=C.UTF-8; fi
}

# The JVM of a command maps the AOT cache that the forks of an earlier run of this installation and backend
# kept (JEP 483/514/515: its classes loaded and linked, not read from the jars), found through a link that
# those runs keep at ${XDG_CACHE_HOME:-~/.cache}/kbench/aot/launcher-NAME.aot, NAME this installation's
# directory and modules with every character other than letters, digits, '.', '_' and '-' made '_'. The
# JVM is told that path (-Dkbench.forks.aot.launcher) and maps the cache only where the link leads to a
# file; a cache that does not match this JVM is not used, silently (-Xlog:aot*=off,cds*=off). Sets
# KBENCH_AOT_FLAGS. Nothing where -Dkbench.forks.aot=false is among KBENCH_JAVA_OPTS, no cache directory
# can be named, or the name would be too long for a file.
kbench_aot_cache() {
  KBENCH_AOT_FLAGS=()
  [[ " ${KBENCH_JAVA_OPTS:-} " == *" -Dkbench.forks.aot=false "* ]] && return 0
  local dir
  if [[ -n ${XDG_CACHE_HOME:-} ]]; then dir=$XDG_CACHE_HOME/kbench/aot
  elif [[ -n ${HOME:-} && $HOME != / ]]; then dir=$HOME/.cache/kbench/aot
  else return 0; fi
  local IFS=+
  local name="launcher-$1+${KBENCH_MODULES[*]}"
  name=${name//[^A-Za-z0-9._-]/_}.aot
  (( ${#name} <= 240 )) || return 0
  KBENCH_AOT_FLAGS=("-Dkbench.forks.aot.launcher=$dir/$name")
  [[ -f $dir/$name ]] && KBENCH_AOT_FLAGS+=("-XX:AOTCache=$dir/$name" "-Xlog:aot*=off,cds*=off")
  return 0
}

# Runs the CLI with JAVA (the java executable) on the module path of kbench_module_path, with the
# arguments given. KBENCH_CLASSPATH=1 puts the same jars on the class path instead; KBENCH_JAVA_OPTS
# adds JVM options.
kbench_exec() {
  local java=$1; shift
  kbench_select_modules "$@"
  local path; path=$(kbench_module_path)
  # JNI (JOCL, JCuda) and FFM are restricted methods: grant them to the backends' modules, to
  # dev.kbench.api, which writes results to the descriptor of -Dkbench.stdout.fd through FFM, and to
  # org.xerial.sqlitejdbc, which loads SQLite's native library for kbench history.
  local native; native=$(kbench_native_access)
  native=dev.kbench.api,org.xerial.sqlitejdbc${native:+,$native}
  kbench_utf8_names
  kbench_jvm_starts "$java"
  kbench_safe_jvm
  # shellcheck disable=SC2086
  if [[ ${KBENCH_CLASSPATH:-0} == 1 ]]; then
    kbench_aot_cache "$java-classpath"
    exec "$java" "${KBENCH_SAFETY_FLAGS[@]}" "${KBENCH_AOT_FLAGS[@]}" --enable-native-access=ALL-UNNAMED ${KBENCH_JAVA_OPTS:-} -cp "$path" dev.kbench.cli.Main "$@"
  fi
  kbench_aot_cache "$java"
  # shellcheck disable=SC2086
  exec "$java" "${KBENCH_SAFETY_FLAGS[@]}" "${KBENCH_AOT_FLAGS[@]}" ${native:+--enable-native-access=$native} ${KBENCH_JAVA_OPTS:-} -p "$path" -m dev.kbench.cli/dev.kbench.cli.Main "$@"
}

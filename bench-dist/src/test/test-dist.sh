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

# Tests kbench's distribution as a user without a JDK gets it: unpacks TARBALL in a clean temporary
# directory and runs bin/kbench there with JAVA_HOME unset and no java on PATH (PATH holds only bash, and ld for PoCL),
# on the first OpenCL device (PoCL in CI). Also checks that the runtime has every JDK module jdeps finds
# the jars need (JDK_HOME: the JDK whose jdeps to use) and that the tarball stays small.
#
#   test-dist.sh TARBALL JDK_HOME
set -euo pipefail
tarball=$1 jdk=$2
max_mib=44 # it travels with a working tree to GPU machines that take 64 MiB in all
fail() { echo "test-dist: FAILED: $*" >&2; exit 1; }

size=$(stat -c %s "$tarball")
(( size <= max_mib * 1024 * 1024 )) || fail "$tarball is $size bytes, more than $max_mib MiB"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tar -C "$tmp" -xzf "$tarball"
home=$(echo "$tmp"/kbench-*)
[[ -x $home/bin/kbench ]] || fail "no executable bin/kbench in $tarball"

# The README's links into docs/ resolve in the distribution, and formats.md, which the --help texts cite, is there
for f in $(grep -o '](docs/[A-Za-z0-9_-]*\.md' "$home/README.md" | sed 's/^](//' | sort -u) docs/formats.md; do
  [[ -f $home/$f ]] || fail "the distribution lacks $f, which its README links or the --help texts cite"
done
echo "test-dist: the README's links into docs/ resolve in the distribution"

# Every JDK module the jars need is in the runtime: the modules' descriptors resolve against it, and
# jdeps finds nothing else used by the automatic modules (JCuda, JOCL), which have no descriptor.
jars=$(find "$home/lib" -name '*.jar' | sort | tr '\n' ':')
out=$("$home/runtime/bin/java" --dry-run -p "${jars%:}" --add-modules ALL-MODULE-PATH \
  -m dev.kbench.cli/dev.kbench.cli.Main 2>&1) || fail "the modules in lib/ do not resolve on runtime/: $out"
have=$(sed -n 's/^MODULES="\(.*\)"$/\1/p' "$home/runtime/release")
for jar in $(find "$home/lib" -name '*.jar' | sort); do
  "$jdk/bin/jar" --describe-module --file "$jar" 2>/dev/null | grep -q 'automatic' || continue
  needed=$("$jdk/bin/jdeps" --ignore-missing-deps --multi-release 25 --print-module-deps "$jar" 2>/dev/null)
  for m in ${needed//,/ }; do
    # the PostgreSQL driver's only use of java.desktop is PGpoint's conversion to java.awt.Point, a
    # geometric type kbench history never reads: the runtime leaves out java.desktop (12 MB)
    [[ $m == java.desktop && ${jar##*/} == postgresql-*.jar ]] && continue
    [[ " $have " == *" $m "* ]] || fail "the runtime lacks $m, which $(basename "$jar") needs (runtime: $have)"
  done
done
echo "test-dist: the runtime ($have) has every JDK module the jars need"

# The runtime maps its own default CDS archive (-Xshare:on fails where it is missing or does not match)
out=$("$home/runtime/bin/java" -Xshare:on -version 2>&1) || fail "runtime/ cannot map its CDS archive: $out"
[[ $out == *sharing* ]] || fail "runtime/ runs without class data sharing: $out"
echo "test-dist: the runtime maps its default CDS archive"

mkdir "$tmp/path"
ln -s "$(command -v bash)" "$tmp/path/bash"
# PoCL, the CPU OpenCL driver of CI, links each kernel with the system's ld
if command -v ld >/dev/null; then ln -s "$(command -v ld)" "$tmp/path/ld"; fi
clean=(env -i HOME="$tmp" PATH="$tmp/path" LANG=C.UTF-8)
"${clean[@]}" bash -c 'command -v java' >/dev/null && fail "java is on the clean PATH"

out=$(cd "$tmp" && "${clean[@]}" "$home/bin/kbench" info 2>&1) || fail "bin/kbench info exited $?: $out"
[[ $out == *opencl* ]] || fail "bin/kbench info does not list opencl: $out"
echo "test-dist: bin/kbench info: ok"

out=$(cd "$tmp" && "${clean[@]}" "$home/bin/kbench" --backend opencl run --filter copy -p n=2^10 --repetitions 2 \
  --csv-samples run.csv 2>&1) || fail "bin/kbench --backend opencl run exited $?: $out"
[[ $out == *copy* ]] || fail "the run's table has no copy row: $out"
[[ $(head -1 "$tmp/run.csv") == *benchmark* ]] || fail "run.csv has no samples header"
echo "test-dist: bin/kbench --backend opencl run --filter copy: ok"

# results and messages redirected to one file, or piped through tee, follow each other: no line is cut or
# overwritten, the table's title comes once and whole, and the shell's own line comes after the run's
whole_log() { # FILE WHAT: every line is a message, the table's title, its header or a copy row
  local line
  while IFS= read -r line; do
    case $line in "kbench: "* | "# kbench run: opencl on "* | "benchmark "* | "copy "* | "exit=0") ;;
      *) fail "a line cut or overwritten with $2: '$line' in: $(cat "$1")" ;; esac
  done <"$1"
  [[ $(grep -c '^# kbench run: ' "$1") -eq 1 ]] || fail "the table's title is not there once with $2: $(cat "$1")"
}
run_copy=(--backend opencl run --filter copy -p n=2^10 --repetitions 2 --csv-samples)
(cd "$tmp" && { "${clean[@]}" "$home/bin/kbench" "${run_copy[@]}" log1.csv; echo "exit=$?"; } > log.txt 2>&1)
whole_log "$tmp/log.txt" "'> log.txt 2>&1'"
[[ $(tail -1 "$tmp/log.txt") == exit=0 ]] || fail "the shell's line is not last: $(cat "$tmp/log.txt")"
(cd "$tmp" && set -o pipefail && "${clean[@]}" "$home/bin/kbench" "${run_copy[@]}" log2.csv 2>&1 | tee tee.txt >/dev/null) \
  || fail "kbench ... 2>&1 | tee exited $?: $(cat "$tmp/tee.txt")"
whole_log "$tmp/tee.txt" "'2>&1 | tee'"
echo "test-dist: > log.txt 2>&1 and 2>&1 | tee: whole lines, in order"

# through a symbolic link (readlink resolves it), on the class path
mkdir "$tmp/link"
ln -s "$home/bin/kbench" "$tmp/link/kbench"
ln -s "$(command -v readlink)" "$tmp/path/readlink"
out=$(cd "$tmp" && "${clean[@]}" KBENCH_CLASSPATH=1 "$tmp/link/kbench" --backend opencl info 2>&1) \
  || fail "KBENCH_CLASSPATH=1 kbench --backend opencl info through a link exited $?: $out"
[[ $out == *opencl* ]] || fail "kbench info through a link, on the class path: $out"
echo "test-dist: through a symbolic link, on the class path: ok"

# the forks of a run keep their AOT cache and point the launcher's link at it; a later command's JVM maps it,
# and a link to something that is no cache changes nothing the user sees
cached=("${clean[@]}" XDG_CACHE_HOME="$tmp/cache")
out=$(cd "$tmp" && "${cached[@]}" "$home/bin/kbench" --backend opencl run --filter copy -p n=2^10 --repetitions 2 \
  --forks 3 --csv-samples forks.csv 2>&1) || fail "bin/kbench --backend opencl run --forks 3 exited $?: $out"
links=("$tmp"/cache/kbench/aot/launcher-*.aot)
[[ -L ${links[0]} && -f ${links[0]} ]] || fail "no launcher link to a kept AOT cache after run --forks 3: $(ls -la "$tmp/cache/kbench/aot" 2>&1)"
version=$(cd "$tmp" && "${cached[@]}" KBENCH_JAVA_OPTS="-Xlog:class+load:file=$tmp/classes.log" "$home/bin/kbench" \
  --backend opencl --version 2>&1) || fail "bin/kbench --version with the kept cache exited $?: $version"
grep -q "dev.kbench.cli.Main source: shared objects file" "$tmp/classes.log" \
  || fail "a command after run --forks does not map the kept AOT cache ${links[0]}"
echo "not a cache" > "$tmp/cache/junk.aot"
ln -sfn "$tmp/cache/junk.aot" "${links[0]}"
out=$(cd "$tmp" && "${cached[@]}" "$home/bin/kbench" --backend opencl --version 2>&1) \
  || fail "bin/kbench --version with a link to a file that is no cache exited $?: $out"
[[ $out == "$version" ]] || fail "a link to a file that is no cache changed --version's output: '$out' against '$version'"
rm "${links[0]}" && echo "a file of the user's" > "${links[0]}"
out=$(cd "$tmp" && "${cached[@]}" "$home/bin/kbench" --backend opencl run --filter copy -p n=2^10 --repetitions 2 \
  --forks 3 --csv-samples forks2.csv 2>&1) || fail "run --forks 3 with a file where the link goes exited $?: $out"
[[ ! -L ${links[0]} && $(<"${links[0]}") == "a file of the user's" ]] || fail "the forks replaced a file that was not their link"
echo "test-dist: a command after run --forks maps the forks' kept AOT cache; a bad one is ignored: ok"

out=$(cd "$tmp" && "${clean[@]}" "$home/bin/kbench" --backend nosuch info 2>&1) && fail "--backend nosuch exited 0"
[[ $out == *"unknown backend 'nosuch'"* ]] || fail "--backend nosuch: $out"
out=$(cd "$tmp" && "${clean[@]}" "$home/bin/kbench" --backend OpenCL info 2>&1) || fail "--backend OpenCL exited $?: $out"
[[ $out == *"opencl: active"* ]] || fail "--backend OpenCL is the opencl backend, as the CLI's lookup takes a name: $out"
echo "test-dist: $(basename "$tarball") ($((size / 1024 / 1024)) MiB) works without a JDK"

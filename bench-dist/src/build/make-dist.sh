#!/usr/bin/env bash
# Lays out and packs kbench's distribution (run by the bench-dist module's build, phase package):
#
#   make-dist.sh JDK_HOME MODULES VERSION STAGING TARGET
#
#   JDK_HOME  the JDK whose jlink makes the runtime (the one running Maven)
#   MODULES   the JDK modules of the runtime, comma-separated
#   STAGING   holds lib/core, lib/backend-NAME (the jars, laid out by the build)
#   TARGET    where kbench-VERSION/ and kbench-VERSION-linux-x86_64.tar.gz are written
#
# The tarball unpacks to kbench-VERSION/ with bin/kbench, lib/ and runtime/ (a jlink'ed Java runtime).
set -euo pipefail
jdk=$1 modules=$2 version=$3 staging=$4 target=$5
src=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
name=kbench-$version
dir=$target/$name
rm -rf "$dir" "$target/$name-linux-x86_64.tar.gz"
mkdir -p "$dir/bin" "$dir/lib"
# The modules image is left uncompressed: gzip over the whole tarball packs it far tighter than jlink's
# per-class zip (12 MB instead of 17 MB here), and classes load from it without inflating.
"$jdk/bin/jlink" --add-modules "$modules" --strip-debug --no-man-pages --no-header-files --compress zip-0 \
  --output "$dir/runtime"
# The JVM's native debug symbols are most of its size; jlink's --strip-debug leaves them.
if command -v strip >/dev/null; then strip --strip-unneeded "$dir/runtime/lib/server/libjvm.so"; fi
# The JDK's default CDS archive (lib/server/classes.jsa), which jlink leaves out: without it every kbench
# JVM loads and links the JDK's classes from the modules image, about 50 ms more for `java -version` alone.
# Dumped by the runtime itself, after the strip, so that the archive matches the JVM that maps it.
"$dir/runtime/bin/java" -Xshare:dump > /dev/null
cp -R "$staging/lib/." "$dir/lib/"
# sqlite-jdbc carries SQLite for 20 platforms (12 MB); this distribution is linux-x86_64: keep glibc's and
# musl's x86_64 libraries only, so the tarball stays small enough to travel to a GPU host.
for j in "$dir"/lib/core/sqlite-jdbc-*.jar; do
  [[ -f $j ]] || continue
  unpacked=$(mktemp -d)
  (cd "$unpacked" && "$jdk/bin/jar" -xf "$j")
  mv "$unpacked/META-INF/MANIFEST.MF" "$unpacked.MF"
  find "$unpacked/org/sqlite/native" -mindepth 2 -maxdepth 2 -type d ! -path '*/Linux/x86_64' \
    ! -path '*/Linux-Musl/x86_64' -exec rm -rf {} +
  rm "$j"
  "$jdk/bin/jar" --create --file "$j" --manifest "$unpacked.MF" -C "$unpacked" .
  rm -rf "$unpacked" "$unpacked.MF"
done
# Each backend directory says which of its modules call native code (all of them: the backend and the
# JNI or FFM libraries it brings), read from the jars themselves, so that the launcher keeps no list.
for b in "$dir"/lib/backend-*/; do
  for j in "$b"*.jar; do
    "$jdk/bin/jar" --describe-module --file "$j" | sed -n 's/^\([A-Za-z0-9_.]*\)@.*/\1/p;s/^\([A-Za-z0-9_.]*\) .*automatic$/\1/p' | head -1
  done > "$b/native-access"
done
cp "$src/bin/launcher.sh" "$dir/lib/launcher.sh"
cp "$src/bin/kbench" "$dir/bin/kbench"
chmod 755 "$dir/bin/kbench"
for f in LICENSE NOTICE README.md; do [[ -f $src/../../$f ]] && cp "$src/../../$f" "$dir/"; done
# the documents the README links and the --help texts cite (docs/formats.md §N): a node has no source tree
mkdir -p "$dir/docs"
cp "$src/../../docs/"*.md "$dir/docs/"
tar --sort=name --owner=0 --group=0 --numeric-owner -C "$target" -czf "$target/$name-linux-x86_64.tar.gz" "$name"
echo "kbench distribution: $target/$name-linux-x86_64.tar.gz"

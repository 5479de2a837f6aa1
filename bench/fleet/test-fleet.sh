#!/usr/bin/env bash
# The fleet recipes' tests, run by `./kbench test` after the Maven build: the Slurm job array for real
# (slurm/test-slurm.sh) and the Kubernetes and CI-matrix recipes against their schemas.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
/usr/bin/python3 "$here/validate-recipes.py"
"$here/slurm/test-slurm.sh" "$@"

#!/usr/bin/env bash
# The device and fleet tests that need the built CLI, run by `./kbench test` after the Maven build:
# `run --devices all` on two Level Zero devices through the loader (test-levelzero-devices.sh), the Slurm
# job array for real (slurm/test-slurm.sh), and the Kubernetes and CI-matrix recipes against their schemas.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
"$here/test-levelzero-devices.sh" "$@"
/usr/bin/python3 "$here/validate-recipes.py"
"$here/slurm/test-slurm.sh" "$@"

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

# The device and fleet tests that need the built CLI, run by `./kbench test` after the Maven build:
# `run --devices all` on two Level Zero devices through the loader (test-levelzero-devices.sh), the Slurm
# job array for real (slurm/test-slurm.sh), and the Kubernetes and CI-matrix recipes against their schemas.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
"$here/test-levelzero-devices.sh" "$@"
/usr/bin/python3 "$here/validate-recipes.py"
"$here/slurm/test-slurm.sh" "$@"

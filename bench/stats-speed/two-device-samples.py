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

# A samples file of 3,000,000 rows from DEVICES devices of one host (as `kbench merge` writes):
# 3 benchmarks x 2 sizes x DEVICES devices x 10 repetitions (forks 0 and 1) x 50,000/DEVICES samples,
# seeded log-normal times (sigma 0.05). Usage: python3 two-device-samples.py OUT.csv SEED DEVICES
import sys, random
path, seed, devices = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
r = random.Random(seed)
with open(path, "w") as f:
    f.write("benchmark,params,repetition,sample,time_ms,backend,device,bytes,flops,fork,host,device_id\n")
    per = 50000 // devices
    for b in ("copy", "scale", "triad"):
        for n in ("n=2^20", "n=2^24"):
            for d in range(devices):
                for rep in range(10):
                    lines = []
                    for s in range(per):
                        lines.append(f"{b},{n},{rep},{s},{0.1*r.lognormvariate(0,0.05):.6f},cuda,NVIDIA H200,4096,1024,{rep%2},node1,0000:{18+d:02x}:00.0\n")
                    f.write("".join(lines))

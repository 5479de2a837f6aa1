#version 450
// Copyright 2026 The kbench authors
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//     http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.

// The conformance kit's block_sum(const float* in, float* out, local float* scratch, uint n): out[g] =
// the sum of work-group g's elements below n. The local argument's size in bytes is specialization
// constant 3 (the first local argument takes the first constant_id after the work-group size's 0, 1, 2).
layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;
layout(constant_id = 3) const uint SCRATCH_BYTES = 4;
layout(set = 0, binding = 0) readonly buffer In { float data[]; } in_;
layout(set = 0, binding = 1) writeonly buffer Out { float data[]; } out_;
layout(push_constant) uniform Args { uint n; } args;
shared float scratch[SCRATCH_BYTES / 4];

void main() {
    uint lid = gl_LocalInvocationID.x;
    uint gid = gl_GlobalInvocationID.x;
    scratch[lid] = gid < args.n ? in_.data[gid] : 0.0;
    barrier();
    for (uint stride = gl_WorkGroupSize.x / 2; stride > 0; stride /= 2) {
        if (lid < stride) {
            scratch[lid] += scratch[lid + stride];
        }
        barrier();
    }
    if (lid == 0) {
        out_.data[gl_WorkGroupID.x] = scratch[0];
    }
}

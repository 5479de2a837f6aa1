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

// The conformance kit's copy(const float* in, float* out, uint n): out[i] = in[i] for i < n.
layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;
layout(set = 0, binding = 0) readonly buffer In { float data[]; } in_;
layout(set = 0, binding = 1) writeonly buffer Out { float data[]; } out_;
layout(push_constant) uniform Args { uint n; } args;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < args.n) {
        out_.data[i] = in_.data[i];
    }
}

#version 450
#extension GL_ARB_gpu_shader_int64 : require
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

// The conformance kit's kinds(double* out, int a, long b, float c, double d): work item 0 writes
// out = {a, b, c, d} as doubles. The scalars are push constants at their std430 offsets.
layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;
layout(set = 0, binding = 0) writeonly buffer Out { double data[]; } out_;
layout(push_constant) uniform Args { int a; int64_t b; float c; double d; } args;

void main() {
    if (gl_GlobalInvocationID.x == 0) {
        out_.data[0] = double(args.a);
        out_.data[1] = double(args.b);
        out_.data[2] = double(args.c);
        out_.data[3] = args.d;
    }
}

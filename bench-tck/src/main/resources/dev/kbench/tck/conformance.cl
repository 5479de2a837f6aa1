/*
 * Copyright 2026 The kbench authors
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
// The kernels of kbench's conformance kit (DriverConformance), in OpenCL C 1.2. A backend hands the kit
// these kernels in a source kind it accepts: OpenCL C as is, SPIR-V compiled from this file, or PTX of
// CUDA kernels with the same names and semantics (C linkage). Each work item handles one index.

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

// out[i] = value for i < n.
__kernel void fill(__global float* out, float value, uint n) {
    size_t i = get_global_id(0);
    if (i < n) {
        out[i] = value;
    }
}

// out[i] = in[i] for i < n.
__kernel void copy(__global const float* in, __global float* out, uint n) {
    size_t i = get_global_id(0);
    if (i < n) {
        out[i] = in[i];
    }
}

// out[g] = the sum of the elements in[g * s .. g * s + s - 1] below n, where g is the work-group and
// s the work-group size (a power of two), using work-group local memory of s floats.
__kernel void block_sum(__global const float* in, __global float* out, __local float* scratch, uint n) {
    size_t lid = get_local_id(0);
    size_t gid = get_global_id(0);
    scratch[lid] = gid < n ? in[gid] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (size_t stride = get_local_size(0) / 2; stride > 0; stride /= 2) {
        if (lid < stride) {
            scratch[lid] += scratch[lid + stride];
        }
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (lid == 0) {
        out[get_group_id(0)] = scratch[0];
    }
}

// Every scalar argument kind, written back as doubles by work item 0: out = {a, b, c, d}.
__kernel void kinds(__global double* out, int a, long b, float c, double d) {
    if (get_global_id(0) == 0) {
        out[0] = (double) a;
        out[1] = (double) b;
        out[2] = (double) c;
        out[3] = d;
    }
}

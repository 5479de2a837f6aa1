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
// Two implementations of z = a * x + y: one float per work-item, and four (float4) per work-item.
__kernel void saxpy(__global const float *x, __global const float *y, __global float *z, float a, int n) {
    size_t i = get_global_id(0);
    if (i < (size_t) n) {
        z[i] = a * x[i] + y[i];
    }
}

// n must be a multiple of 4; work-item i handles elements 4i .. 4i + 3.
__kernel void saxpy4(__global const float4 *x, __global const float4 *y, __global float4 *z, float a, int n) {
    size_t i = get_global_id(0);
    if (i < (size_t) n / 4) {
        z[i] = a * x[i] + y[i];
    }
}

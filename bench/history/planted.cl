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
// A kernel whose work the planted series changes by commits: WORK iterations of a dependent
// multiply-add per element (no fast math, so the compiler cannot fold the loop; not unrolled, so the
// time grows with WORK and not with how WORK divides by an unroll factor).
#define WORK 100
__kernel void planted(__global float *x) {
    size_t i = get_global_id(0);
    float v = x[i];
    #pragma unroll 1
    for (int k = 0; k < WORK; k++) {
        v = v * 0.999f + 0.001f;
    }
    x[i] = v;
}

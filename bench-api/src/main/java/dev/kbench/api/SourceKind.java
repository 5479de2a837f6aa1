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
package dev.kbench.api;

/** The form a kernel module is given in; each backend accepts some of them. */
public enum SourceKind {
    /** NVIDIA PTX assembly (text), JIT-compiled by the CUDA driver. */
    PTX,
    /** NVIDIA cubin or fatbin (binary). */
    CUBIN,
    /** OpenCL C source (text), built by the OpenCL driver. */
    OPENCL_C,
    /** SPIR-V (binary), for OpenCL 2.1+ and Level Zero. */
    SPIRV
}

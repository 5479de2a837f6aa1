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
/**
 * kbench's conformance kit for backend authors: {@link dev.kbench.tck.DriverConformance}, the JUnit tests
 * every backend runs against its real driver (discovery, events, buffers, clears, kernels with every
 * argument kind, error messages, idempotent closing), and {@link dev.kbench.tck.ConformanceKernels}, the
 * kernels those tests launch, as OpenCL C to compile for the backend's own source kind.
 */
module dev.kbench.tck {
    requires transitive dev.kbench.api;
    requires transitive org.junit.jupiter.api;

    exports dev.kbench.tck;
    opens dev.kbench.tck to org.junit.platform.commons;
}

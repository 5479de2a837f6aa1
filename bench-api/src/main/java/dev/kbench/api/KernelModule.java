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

/** A built kernel module (CUDA module, OpenCL program, Level Zero module). */
public interface KernelModule extends AutoCloseable {

    /**
     * Looks up an entry point.
     *
     * @param entry the kernel's name
     * @return the kernel
     * @throws KernelException if the module has no such kernel, naming the ones it has where the
     *     backend can list them
     */
    Kernel kernel(String entry);

    /** Releases the module and its kernels. Idempotent. */
    @Override
    void close();
}

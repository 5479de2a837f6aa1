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

import java.util.List;

/** One entry point of a loaded {@link KernelModule}. */
public interface Kernel {

    /**
     * The entry point's name.
     *
     * @return the name
     */
    String name();

    /**
     * Enqueues one launch on the device's work stream and returns at once.
     *
     * <p>{@code grid} is the number of work-groups (CUDA blocks) per dimension and {@code block} the
     * work-group size; an OpenCL backend launches an NDRange of {@code grid * block} work items.
     *
     * @param grid work-groups per dimension
     * @param block work items per work-group
     * @param args the arguments, in parameter order
     * @throws KernelException if the arguments do not match the kernel or the launch is refused,
     *     naming the kernel and the argument
     */
    void launch(Dim3 grid, Dim3 block, List<KernelArg> args);

    /**
     * Varargs form of {@link #launch(Dim3, Dim3, List)}.
     *
     * @param grid work-groups per dimension
     * @param block work items per work-group
     * @param args the arguments
     */
    default void launch(Dim3 grid, Dim3 block, KernelArg... args) {
        launch(grid, block, List.of(args));
    }
}

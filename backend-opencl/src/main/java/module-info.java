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
 * kbench's OpenCL backend, on JOCL 2.0.6: provides the {@code opencl} {@link dev.kbench.spi.Driver}.
 *
 * <p>Tunables:
 * <ul>
 *   <li>{@systemProperty kbench.opencl.device}: the device to run on, by its index in {@code kbench info}'s
 *       list or by part of its (or its platform's) name, case-insensitive; default: the first GPU, else
 *       accelerator, else CPU.</li>
 * </ul>
 *
 * <p>JOCL loads native code: run with {@code --enable-native-access=jocl} (module path) or
 * {@code --enable-native-access=ALL-UNNAMED} (class path). Loading SPIR-V also calls
 * {@code clCreateProgramWithIL} through FFM, which needs {@code --enable-native-access=dev.kbench.opencl}.
 *
 * @provides dev.kbench.spi.Driver
 */
module dev.kbench.opencl {
    requires dev.kbench.api;
    requires jocl;

    provides dev.kbench.spi.Driver with dev.kbench.opencl.OpenClDriver;
}

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
 * kbench's core: the backend SPI ({@link dev.kbench.api.Driver}, {@link dev.kbench.api.DeviceInterface},
 * {@link dev.kbench.api.Event}, {@link dev.kbench.api.CacheClearer}), the driver lookup
 * ({@link dev.kbench.api.Drivers}) and Triton-exact timing ({@link dev.kbench.api.Bench}).
 *
 * <p>Tunables:
 * <ul>
 *   <li>{@systemProperty kbench.backend} (or the environment variable {@code KBENCH_BACKEND}): the
 *       name of the driver to use ({@code cuda}, {@code opencl}, {@code levelzero}); an explicit choice
 *       wins over the "exactly one active driver" rule.</li>
 * </ul>
 *
 * @uses dev.kbench.api.Driver
 */
module dev.kbench.api {
    exports dev.kbench.api;
    // For backend authors only; to become a qualified export (exports ... to the backend modules).
    exports dev.kbench.api.support;

    uses dev.kbench.api.Driver;
}

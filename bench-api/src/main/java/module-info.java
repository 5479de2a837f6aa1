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
 * kbench's core, in packages by who they are for (docs/api.md):
 * <ul>
 *   <li>{@link dev.kbench.api}: for users: the driver lookup ({@link dev.kbench.api.Drivers}),
 *       Triton-exact timing ({@link dev.kbench.api.Bench}), kernels, buffers, suites, options and
 *       results.</li>
 *   <li>{@link dev.kbench.api.spi}: for backend authors: what a backend implements
 *       ({@link dev.kbench.api.spi.Driver}, {@link dev.kbench.api.spi.DeviceInterface},
 *       {@link dev.kbench.api.spi.Event}, {@link dev.kbench.api.spi.CacheClearer}); users reach a driver
 *       through {@link dev.kbench.api.Drivers}.</li>
 *   <li>{@code dev.kbench.api.support}: code the three backends share, exported to them only.</li>
 *   <li>{@code dev.kbench.api.internal}: helpers shared with bench-stats, bench-forks and bench-cli, exported to them
 *       only.</li>
 * </ul>
 *
 * <p>Tunables:
 * <ul>
 *   <li>{@systemProperty kbench.backend} (or the environment variable {@code KBENCH_BACKEND}): the
 *       name of the driver to use ({@code cuda}, {@code opencl}, {@code levelzero}); an explicit choice
 *       wins over the "exactly one active driver" rule.</li>
 * </ul>
 *
 * @uses dev.kbench.api.spi.Driver
 */
module dev.kbench.api {
    exports dev.kbench.api;
    exports dev.kbench.api.spi;
    exports dev.kbench.api.support to dev.kbench.cuda, dev.kbench.opencl, dev.kbench.levelzero;
    exports dev.kbench.api.internal to dev.kbench.stats, dev.kbench.forks, dev.kbench.cli;

    uses dev.kbench.api.spi.Driver;
}

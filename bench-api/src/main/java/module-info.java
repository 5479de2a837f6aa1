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
 * kbench's core, with one door per audience (docs/api.md):
 * <ul>
 *   <li>{@link dev.kbench.api}: for users: the backend lookup ({@link dev.kbench.api.Drivers}), the
 *       backend and its device ({@link dev.kbench.api.Backend}, {@link dev.kbench.api.Device}),
 *       Triton-exact timing ({@link dev.kbench.api.Bench}), kernels, buffers, suites, options and
 *       results. No type of the other packages appears in its signatures.</li>
 *   <li>{@link dev.kbench.spi}: for backend authors: what a backend implements
 *       ({@link dev.kbench.spi.Driver}, {@link dev.kbench.spi.DeviceInterface},
 *       {@link dev.kbench.spi.Event}, {@link dev.kbench.spi.CacheClearer},
 *       {@link dev.kbench.spi.CapturedGraph}).</li>
 *   <li>{@link dev.kbench.spi.kit}: for backend authors: what a backend reuses
 *       ({@link dev.kbench.spi.kit.DriverBase}, {@link dev.kbench.spi.kit.NativeBuffer},
 *       {@link dev.kbench.spi.kit.BufferChecks}, discovery, cache clearers); see docs/backends.md.</li>
 *   <li>{@code dev.kbench.api.internal}: helpers shared with bench-stats and bench-cli, exported to them only.</li>
 * </ul>
 *
 * <p>Tunables:
 * <ul>
 *   <li>{@systemProperty kbench.backend} (or the environment variable {@code KBENCH_BACKEND}): the
 *       name of the backend to use, one of those {@code kbench info} lists; an explicit choice wins over
 *       the "exactly one active backend" rule.</li>
 * </ul>
 *
 * @uses dev.kbench.spi.Driver
 */
module dev.kbench.api {
    exports dev.kbench.api;
    exports dev.kbench.spi;
    exports dev.kbench.spi.kit;
    exports dev.kbench.api.internal to dev.kbench.stats, dev.kbench.cli;

    uses dev.kbench.spi.Driver;
}

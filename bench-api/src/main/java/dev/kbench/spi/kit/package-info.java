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
 * For backend authors: the kit a backend reuses, exported to every module. {@link dev.kbench.spi.kit.DriverBase}
 * is a whole {@link dev.kbench.spi.Driver} but for native probing and opening: it keeps what device
 * discovery found ({@link dev.kbench.spi.kit.Discovery}, {@link dev.kbench.spi.kit.DiscoveryCache}) and
 * opens, reopens and closes the chosen device ({@link dev.kbench.spi.kit.OpenableDevice}).
 * {@link dev.kbench.spi.kit.NativeBuffer} is the skeleton of a native device buffer,
 * {@link dev.kbench.spi.kit.BufferCacheClearer} a cache clearer that overwrites one, and
 * {@link dev.kbench.spi.kit.BufferChecks} the argument checks every
 * {@link dev.kbench.spi.DeviceInterface} makes, with one wording. Users of kbench never need it; the
 * layering test in bench/architecture keeps bench-stats and bench-cli off it. docs/backends.md shows a
 * backend written with it.
 */
package dev.kbench.spi.kit;

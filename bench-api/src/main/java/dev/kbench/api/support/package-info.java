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
 * What the three backends share, for backend authors only: the core every driver delegates to
 * ({@link dev.kbench.api.support.DriverCore}) that keeps what device discovery found
 * ({@link dev.kbench.api.support.Discovery}, {@link dev.kbench.api.support.DiscoveryCache}) and opens the
 * chosen device ({@link dev.kbench.api.support.OpenableDevice}), so that each backend supplies only its
 * native probing; the skeleton of a native device buffer
 * ({@link dev.kbench.api.support.NativeBuffer}); and the argument checks every
 * {@link dev.kbench.api.spi.DeviceInterface} makes the same way ({@link dev.kbench.api.support.BufferChecks}),
 * with one wording. Users of kbench never need it; it is exported only so that backend modules can
 * reach it (the layering test in bench/architecture keeps bench-stats and bench-cli off it).
 */
package dev.kbench.api.support;

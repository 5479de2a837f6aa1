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
 * For backend authors: what a kbench backend implements. A backend provides a {@link dev.kbench.spi.Driver}
 * as a {@link java.util.ServiceLoader} service ({@code provides dev.kbench.spi.Driver with ...} in its
 * module descriptor, or {@code META-INF/services/dev.kbench.spi.Driver} on the class path); the driver
 * says whether it can run ({@link dev.kbench.api.Availability}) and hands out its device
 * ({@link dev.kbench.spi.DeviceInterface}), timing events ({@link dev.kbench.spi.Event}), cache
 * clearers ({@link dev.kbench.spi.CacheClearer}) and captured graphs
 * ({@link dev.kbench.spi.CapturedGraph}).
 *
 * <p>Users never see these types: they find a backend with {@link dev.kbench.api.Drivers} and use it
 * through {@link dev.kbench.api.Backend} and {@link dev.kbench.api.Device}, which {@code Driver} and
 * {@code DeviceInterface} extend. {@link dev.kbench.spi.kit} holds what a backend reuses; docs/backends.md
 * is the guide.
 */
package dev.kbench.spi;

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

import java.util.Objects;

/**
 * Which device a measurement ran on, stably enough to tell two identical GPUs of one host apart and to
 * find the same GPU again in the next run.
 *
 * @param backend the backend's {@link Backend#name()}
 * @param index the device's 0-based index in {@link Backend#devices()}, in the backend's own order (e.g.
 *        the CUDA ordinal, the OpenCL device's position among all devices of all platforms)
 * @param name the device's name as the API reports it
 * @param id a stable identity where the API has one, as each backend documents it: preferably the PCI bus
 *        id ({@code 0000:18:00.0}), else the device UUID as 32 hex digits, else a position stable while the
 *        installed drivers stay the same; empty when the backend knows nothing better
 */
public record DeviceIdentity(String backend, int index, String name, String id) {

    /** Validates the fields. */
    public DeviceIdentity {
        Objects.requireNonNull(backend, "backend");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(id, "id");
        if (index < 0) {
            throw new IllegalArgumentException("device index must be >= 0, got " + index);
        }
    }

    /**
     * One line for listings, e.g. {@code 1: NVIDIA H200 [0000:18:00.0]}.
     *
     * @return the index, the name and, if known, the id
     */
    public String describe() {
        return index + ": " + name + (id.isEmpty() ? "" : " [" + id + "]");
    }

    /**
     * The device with the given index, for {@link Backend#withDevice(int)}.
     *
     * @param devices a backend's {@link Backend#devices()}
     * @param index the index asked for
     * @param backend the driver's name, for the message
     * @return the device
     * @throws IllegalArgumentException if none has that index, listing those there are
     */
    public static DeviceIdentity find(java.util.List<DeviceIdentity> devices, int index, String backend) {
        for (DeviceIdentity device : devices) {
            if (device.index() == index) {
                return device;
            }
        }
        throw new IllegalArgumentException("device " + index + " does not exist: " + backend + " has "
                + devices.size() + " device(s)" + (devices.isEmpty() ? "" : ": " + String.join("; ",
                devices.stream().map(DeviceIdentity::describe).toList())));
    }

    /**
     * Bytes as lower-case hex digits, for UUIDs.
     *
     * @param bytes the bytes
     * @return two hex digits per byte
     */
    public static String hex(byte[] bytes) {
        StringBuilder text = new StringBuilder(2 * bytes.length);
        for (byte b : bytes) {
            text.append(Character.forDigit((b >> 4) & 0xf, 16)).append(Character.forDigit(b & 0xf, 16));
        }
        return text.toString();
    }
}

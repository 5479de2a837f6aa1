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
package dev.kbench.api.internal;

import dev.kbench.api.Backend;
import dev.kbench.api.Device;
import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.DeviceException;
import dev.kbench.api.Kernel;
import dev.kbench.api.KernelModule;
import dev.kbench.api.KernelSource;

/**
 * What a backend answers where kbench needs a value, refused when it is null: a backend's fault, said as one, rather
 * than a {@code NullPointerException} later in kbench's code that reads as kbench's own bug.
 */
public final class BackendAnswers {

    private BackendAnswers() {
    }

    /**
     * A backend's answer to a question kbench asked it.
     *
     * @param answer what the backend returned
     * @param from the backend's object that was asked (its driver, device, module)
     * @param question the method asked, e.g. {@code Device.facts()}
     * @param <T> the answer's type
     * @return the answer, not null
     * @throws DeviceException if the answer is null, naming the method, the backend's class and its module
     */
    public static <T> T nonNull(T answer, Object from, String question) {
        if (answer == null) {
            Class<?> type = from.getClass();
            String module = type.getModule().isNamed() ? ", module " + type.getModule().getName() : "";
            throw new DeviceException("the backend answered " + question + " with null (" + type.getName() + module
                    + "), where kbench needs a value: a fault of that backend's; its authors can find it with "
                    + "kbench's conformance kit (DriverConformance)");
        }
        return answer;
    }

    /**
     * The device of a backend about to be used, with what kbench reads of it first: the device itself, its facts,
     * the kinds of kernel code it accepts and its identity.
     *
     * @param driver the backend
     * @return its device
     * @throws DeviceException if any of them is null
     */
    public static Device opened(Backend driver) {
        Device device = nonNull(driver.device(), driver, "device()");
        nonNull(device.facts(), device, "Device.facts()");
        nonNull(device.acceptedSources(), device, "Device.acceptedSources()");
        nonNull(driver.identity(), driver, "identity()");
        return device;
    }

    /**
     * A buffer of the device's, refused when null.
     *
     * @param device the device
     * @param bytes its size
     * @return the buffer, the caller's to close
     * @throws DeviceException if the backend answers null
     */
    public static DeviceBuffer allocate(Device device, long bytes) {
        return nonNull(device.allocate(bytes), device, "Device.allocate(" + bytes + ")");
    }

    /**
     * A module the device built, refused when null.
     *
     * @param device the device
     * @param source the module's code
     * @return the module, the caller's to close
     * @throws DeviceException if the backend answers null
     */
    public static KernelModule loadModule(Device device, KernelSource source) {
        return nonNull(device.loadModule(source), device, "Device.loadModule(" + source.name() + ")");
    }

    /**
     * An entry point of a module, refused when null.
     *
     * @param module the module
     * @param entry the kernel's name
     * @return the kernel
     * @throws DeviceException if the backend answers null
     */
    public static Kernel kernel(KernelModule module, String entry) {
        return nonNull(module.kernel(entry), module, "KernelModule.kernel(\"" + entry + "\")");
    }
}

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
package dev.kbench.vulkan;

import dev.kbench.api.DeviceException;

/** A Vulkan call that failed, with its result code: a device failure (exit status 1 in the CLI). */
final class VulkanException extends DeviceException {

    private static final long serialVersionUID = 1L;

    private final int result;

    VulkanException(String message, int result) {
        super(message);
        this.result = result;
    }

    /**
     * The {@code VkResult} of the failed call.
     *
     * @return the result code
     */
    int result() {
        return result;
    }
}

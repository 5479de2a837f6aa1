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

import dev.kbench.vulkan.vk.VkApi;

/** Vulkan result codes: checking a call and naming its result. */
final class Vk {

    private Vk() {
    }

    /**
     * Throws if a call did not return {@code VK_SUCCESS}.
     *
     * @param result the call's result
     * @param call the call, for the message
     * @throws VulkanException naming the call and the result
     */
    static void check(int result, String call) {
        if (result != VkApi.VK_SUCCESS()) {
            throw new VulkanException(call + " returned " + describe(result), result);
        }
    }

    /**
     * The name of a result code, with its number.
     *
     * @param result a {@code VkResult}
     * @return e.g. {@code VK_ERROR_DEVICE_LOST (-4)}
     */
    static String describe(int result) {
        String name;
        if (result == VkApi.VK_SUCCESS()) {
            name = "VK_SUCCESS";
        } else if (result == VkApi.VK_NOT_READY()) {
            name = "VK_NOT_READY";
        } else if (result == VkApi.VK_TIMEOUT()) {
            name = "VK_TIMEOUT";
        } else if (result == VkApi.VK_INCOMPLETE()) {
            name = "VK_INCOMPLETE";
        } else if (result == VkApi.VK_ERROR_OUT_OF_HOST_MEMORY()) {
            name = "VK_ERROR_OUT_OF_HOST_MEMORY";
        } else if (result == VkApi.VK_ERROR_OUT_OF_DEVICE_MEMORY()) {
            name = "VK_ERROR_OUT_OF_DEVICE_MEMORY";
        } else if (result == VkApi.VK_ERROR_INITIALIZATION_FAILED()) {
            name = "VK_ERROR_INITIALIZATION_FAILED";
        } else if (result == VkApi.VK_ERROR_DEVICE_LOST()) {
            name = "VK_ERROR_DEVICE_LOST";
        } else if (result == VkApi.VK_ERROR_MEMORY_MAP_FAILED()) {
            name = "VK_ERROR_MEMORY_MAP_FAILED";
        } else if (result == VkApi.VK_ERROR_LAYER_NOT_PRESENT()) {
            name = "VK_ERROR_LAYER_NOT_PRESENT";
        } else if (result == VkApi.VK_ERROR_EXTENSION_NOT_PRESENT()) {
            name = "VK_ERROR_EXTENSION_NOT_PRESENT";
        } else if (result == VkApi.VK_ERROR_FEATURE_NOT_PRESENT()) {
            name = "VK_ERROR_FEATURE_NOT_PRESENT";
        } else if (result == VkApi.VK_ERROR_INCOMPATIBLE_DRIVER()) {
            name = "VK_ERROR_INCOMPATIBLE_DRIVER";
        } else if (result == VkApi.VK_ERROR_TOO_MANY_OBJECTS()) {
            name = "VK_ERROR_TOO_MANY_OBJECTS";
        } else if (result == VkApi.VK_ERROR_FORMAT_NOT_SUPPORTED()) {
            name = "VK_ERROR_FORMAT_NOT_SUPPORTED";
        } else if (result == VkApi.VK_ERROR_FRAGMENTED_POOL()) {
            name = "VK_ERROR_FRAGMENTED_POOL";
        } else if (result == VkApi.VK_ERROR_UNKNOWN()) {
            name = "VK_ERROR_UNKNOWN";
        } else if (result == VkApi.VK_ERROR_OUT_OF_POOL_MEMORY()) {
            name = "VK_ERROR_OUT_OF_POOL_MEMORY";
        } else if (result == VkApi.VK_ERROR_INVALID_SHADER_NV()) {
            name = "VK_ERROR_INVALID_SHADER_NV";
        } else {
            name = "VkResult";
        }
        return name + " (" + result + ")";
    }
}

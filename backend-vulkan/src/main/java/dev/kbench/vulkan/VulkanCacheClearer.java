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

import dev.kbench.spi.kit.BufferCacheClearer;
import dev.kbench.vulkan.vk.VkApi;

/**
 * The cache clear before a timed call: {@code vkCmdFillBuffer} of zeros over the whole of its buffer
 * (every byte: the buffer is a whole number of words), on the device's work stream.
 */
final class VulkanCacheClearer extends BufferCacheClearer<VulkanBuffer> {

    VulkanCacheClearer(VulkanBuffer buffer) {
        super(buffer);
    }

    @Override
    protected void overwrite(VulkanBuffer buffer) {
        buffer.device().stream().submit(cmd -> VkApi.vkCmdFillBuffer(cmd, buffer.handle(), 0, buffer.size(), 0), null);
    }

    @Override
    public void close() {
        buffer().device().disown(this);
        super.close();
    }
}

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

import dev.kbench.api.Dim3;
import dev.kbench.api.Kernel;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelException;
import dev.kbench.vulkan.vk.VkApi;
import dev.kbench.vulkan.vk.VkComputePipelineCreateInfo;
import dev.kbench.vulkan.vk.VkDescriptorBufferInfo;
import dev.kbench.vulkan.vk.VkDescriptorPoolCreateInfo;
import dev.kbench.vulkan.vk.VkDescriptorPoolSize;
import dev.kbench.vulkan.vk.VkDescriptorSetAllocateInfo;
import dev.kbench.vulkan.vk.VkDescriptorSetLayoutBinding;
import dev.kbench.vulkan.vk.VkDescriptorSetLayoutCreateInfo;
import dev.kbench.vulkan.vk.VkPipelineLayoutCreateInfo;
import dev.kbench.vulkan.vk.VkPipelineShaderStageCreateInfo;
import dev.kbench.vulkan.vk.VkPushConstantRange;
import dev.kbench.vulkan.vk.VkSpecializationInfo;
import dev.kbench.vulkan.vk.VkSpecializationMapEntry;
import dev.kbench.vulkan.vk.VkWriteDescriptorSet;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A compute entry point of a {@link VulkanModule}, launched with kbench's arguments:
 *
 * <ul>
 *   <li>buffers, in argument order, bind to the entry point's storage buffers of descriptor set 0 in
 *       ascending binding order;</li>
 *   <li>scalars ({@code i32}, {@code i64}, {@code f32}, {@code f64}), in argument order, fill the members of
 *       its push-constant block in member order, each at its offset, and must match the member's type;</li>
 *   <li>{@code local} sizes, in argument order, set the specialization constants that size its
 *       {@code Workgroup} arrays, in ascending constant id, to the size in bytes;</li>
 *   <li>the launch's block sets the work-group size where the shader takes it from specialization
 *       constants ({@code layout(local_size_x_id = 0, local_size_y_id = 1, local_size_z_id = 2) in;}); a
 *       fixed work-group size must equal the block.</li>
 * </ul>
 *
 * A pipeline is made for each distinct set of specialization values and kept; each launch takes a
 * descriptor set from the kernel's pool, freed when the launch completed.
 */
final class VulkanKernel implements Kernel {

    private final VulkanModule module;
    private final VulkanDevice device;
    private final Spirv.Entry entry;
    private final int pushBytes;
    private final MemorySegment setLayout;
    private final MemorySegment pipelineLayout;
    private final MemorySegment descriptorPool;
    private final Map<List<Long>, MemorySegment> pipelines = new HashMap<>();

    VulkanKernel(VulkanModule module, Spirv.Entry entry) {
        this.module = module;
        this.device = module.device();
        this.entry = entry;
        this.pushBytes = (entry.pushConstantBytes() + 3) & ~3;
        if (pushBytes > device.maxPushConstantsBytes()) {
            throw new KernelException("kernel '" + entry.name() + "' of '" + module.name() + "' has " + pushBytes
                    + " bytes of push constants; " + device.describe() + " takes at most " + device.maxPushConstantsBytes());
        }
        MemorySegment d = device.handle();
        int bindings = entry.bindings().size();
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment layoutBindings = VkDescriptorSetLayoutBinding.allocateArray(Math.max(1, bindings), arena);
            for (int i = 0; i < bindings; i++) {
                MemorySegment b = VkDescriptorSetLayoutBinding.asSlice(layoutBindings, i);
                VkDescriptorSetLayoutBinding.binding(b, entry.bindings().get(i));
                VkDescriptorSetLayoutBinding.descriptorType(b, VkApi.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER());
                VkDescriptorSetLayoutBinding.descriptorCount(b, 1);
                VkDescriptorSetLayoutBinding.stageFlags(b, VkApi.VK_SHADER_STAGE_COMPUTE_BIT());
            }
            MemorySegment setInfo = VkDescriptorSetLayoutCreateInfo.allocate(arena);
            VkDescriptorSetLayoutCreateInfo.sType(setInfo, VkApi.VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO());
            VkDescriptorSetLayoutCreateInfo.bindingCount(setInfo, bindings);
            VkDescriptorSetLayoutCreateInfo.pBindings(setInfo, layoutBindings);
            MemorySegment handle = arena.allocate(ValueLayout.ADDRESS);
            Vk.check(VkApi.vkCreateDescriptorSetLayout(d, setInfo, MemorySegment.NULL, handle),
                    "vkCreateDescriptorSetLayout");
            setLayout = handle.get(ValueLayout.ADDRESS, 0);

            MemorySegment layouts = arena.allocateFrom(ValueLayout.ADDRESS, setLayout);
            MemorySegment range = VkPushConstantRange.allocate(arena);
            VkPushConstantRange.stageFlags(range, VkApi.VK_SHADER_STAGE_COMPUTE_BIT());
            VkPushConstantRange.offset(range, 0);
            VkPushConstantRange.size(range, pushBytes);
            MemorySegment layoutInfo = VkPipelineLayoutCreateInfo.allocate(arena);
            VkPipelineLayoutCreateInfo.sType(layoutInfo, VkApi.VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO());
            VkPipelineLayoutCreateInfo.setLayoutCount(layoutInfo, 1);
            VkPipelineLayoutCreateInfo.pSetLayouts(layoutInfo, layouts);
            if (pushBytes > 0) {
                VkPipelineLayoutCreateInfo.pushConstantRangeCount(layoutInfo, 1);
                VkPipelineLayoutCreateInfo.pPushConstantRanges(layoutInfo, range);
            }
            Vk.check(VkApi.vkCreatePipelineLayout(d, layoutInfo, MemorySegment.NULL, handle), "vkCreatePipelineLayout");
            pipelineLayout = handle.get(ValueLayout.ADDRESS, 0);

            if (bindings > 0) {
                MemorySegment size = VkDescriptorPoolSize.allocate(arena);
                VkDescriptorPoolSize.type(size, VkApi.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER());
                VkDescriptorPoolSize.descriptorCount(size, bindings * VkStream.MAX_PENDING);
                MemorySegment poolInfo = VkDescriptorPoolCreateInfo.allocate(arena);
                VkDescriptorPoolCreateInfo.sType(poolInfo, VkApi.VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO());
                VkDescriptorPoolCreateInfo.flags(poolInfo, VkApi.VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT());
                VkDescriptorPoolCreateInfo.maxSets(poolInfo, VkStream.MAX_PENDING);
                VkDescriptorPoolCreateInfo.poolSizeCount(poolInfo, 1);
                VkDescriptorPoolCreateInfo.pPoolSizes(poolInfo, size);
                Vk.check(VkApi.vkCreateDescriptorPool(d, poolInfo, MemorySegment.NULL, handle), "vkCreateDescriptorPool");
                descriptorPool = handle.get(ValueLayout.ADDRESS, 0);
            } else {
                descriptorPool = MemorySegment.NULL;
            }
        }
    }

    @Override
    public String name() {
        return entry.name();
    }

    @Override
    public void launch(Dim3 grid, Dim3 block, List<KernelArg> args) {
        List<VulkanBuffer> buffers = new ArrayList<>();
        List<KernelArg> scalars = new ArrayList<>();
        List<Long> locals = new ArrayList<>();
        module.ensureOpen();
        checkGrid(grid);
        for (int i = 0; i < args.size(); i++) {
            KernelArg arg = args.get(i);
            switch (arg) {
                case KernelArg.Buffer b -> buffers.add(device.own(b.buffer(), "'" + entry.name() + "' argument " + i));
                case KernelArg.Local l -> locals.add(l.bytes());
                default -> scalars.add(arg);
            }
        }
        if (buffers.size() != entry.bindings().size() || scalars.size() != entry.pushConstants().size()
                || locals.size() != entry.localSpecIds().size()) {
            throw new KernelException("kernel '" + entry.name() + "' of '" + module.name() + "' takes "
                    + counts(entry.bindings().size(), entry.pushConstants().size(), entry.localSpecIds().size())
                    + ", got " + counts(buffers.size(), scalars.size(), locals.size()));
        }
        MemorySegment pipeline = pipeline(specialization(block, locals));
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment push = arena.allocate(Math.max(4, pushBytes), 8);
            for (int j = 0; j < scalars.size(); j++) {
                Spirv.PushConstant member = entry.pushConstants().get(j);
                KernelArg arg = scalars.get(j);
                String kind = switch (arg) {
                    case KernelArg.I32 v -> { push.set(ValueLayout.JAVA_INT_UNALIGNED, member.offset(), v.value()); yield "i32"; }
                    case KernelArg.I64 v -> { push.set(ValueLayout.JAVA_LONG_UNALIGNED, member.offset(), v.value()); yield "i64"; }
                    case KernelArg.F32 v -> { push.set(ValueLayout.JAVA_FLOAT_UNALIGNED, member.offset(), v.value()); yield "f32"; }
                    case KernelArg.F64 v -> { push.set(ValueLayout.JAVA_DOUBLE_UNALIGNED, member.offset(), v.value()); yield "f64"; }
                    default -> throw new IllegalStateException("not a scalar: " + arg);
                };
                if (!kind.equals(member.type().argument())) {
                    throw new KernelException("kernel '" + entry.name() + "': scalar argument " + j + " is " + kind
                            + ", but push constant '" + member.name() + "' is " + member.type().description() + " ("
                            + member.type().argument() + ")");
                }
            }
            MemorySegment set = descriptorSet(arena, buffers);
            MemorySegment sets = arena.allocateFrom(ValueLayout.ADDRESS, set);
            int pushSize = pushBytes;
            long gx = grid.x();
            long gy = grid.y();
            long gz = grid.z();
            device.stream().submit(cmd -> {
                VkApi.vkCmdBindPipeline(cmd, VkApi.VK_PIPELINE_BIND_POINT_COMPUTE(), pipeline);
                if (!buffers.isEmpty()) {
                    VkApi.vkCmdBindDescriptorSets(cmd, VkApi.VK_PIPELINE_BIND_POINT_COMPUTE(), pipelineLayout, 0, 1, sets,
                            0, MemorySegment.NULL);
                }
                if (pushSize > 0) {
                    VkApi.vkCmdPushConstants(cmd, pipelineLayout, VkApi.VK_SHADER_STAGE_COMPUTE_BIT(), 0, pushSize, push);
                }
                VkApi.vkCmdDispatch(cmd, (int) gx, (int) gy, (int) gz);
            }, buffers.isEmpty() ? null : () -> freeSet(set));
        }
    }

    private static String counts(int buffers, int scalars, int locals) {
        return (buffers + scalars + locals) + " arguments (" + buffers + " buffer(s), " + scalars + " scalar(s), "
                + locals + " local size(s))";
    }

    private void checkGrid(Dim3 grid) {
        long[] g = {grid.x(), grid.y(), grid.z()};
        for (int d = 0; d < 3; d++) {
            if (g[d] > device.maxWorkGroupCount(d)) {
                throw new KernelException("kernel '" + entry.name() + "': grid " + grid + " exceeds "
                        + device.describe() + "'s maxComputeWorkGroupCount[" + d + "] = " + device.maxWorkGroupCount(d));
            }
        }
    }

    /** The specialization values: the block's specialized dimensions, then the local sizes in bytes. */
    private List<Long> specialization(Dim3 block, List<Long> locals) {
        long[] b = {block.x(), block.y(), block.z()};
        if (block.total() > device.maxWorkGroupInvocations()) {
            throw new KernelException("kernel '" + entry.name() + "': block " + block + " has " + block.total()
                    + " work items; " + device.describe() + " takes at most " + device.maxWorkGroupInvocations());
        }
        List<Long> values = new ArrayList<>();
        for (int d = 0; d < 3; d++) {
            Spirv.Dimension dim = entry.workGroupSize().get(d);
            if (b[d] > device.maxWorkGroupSize(d)) {
                throw new KernelException("kernel '" + entry.name() + "': block " + block + " exceeds "
                        + device.describe() + "'s maxComputeWorkGroupSize[" + d + "] = " + device.maxWorkGroupSize(d));
            }
            if (dim.specialized()) {
                values.add(b[d]);
            } else if (dim.fixed() != b[d]) {
                throw new KernelException("kernel '" + entry.name() + "' has a fixed work-group size of "
                        + entry.workGroupSize().stream().map(x -> x.specialized() ? "N" : Long.toString(x.fixed()))
                        .reduce((x, y) -> x + "x" + y).orElseThrow() + " in '" + module.name() + "', not block " + block
                        + "; launch it with that block, or let the launch set it with layout(local_size_x_id = 0, "
                        + "local_size_y_id = 1, local_size_z_id = 2) in;");
            }
        }
        for (long bytes : locals) {
            if (bytes > 0xffffffffL) {
                throw new KernelException("kernel '" + entry.name() + "': a local size of " + bytes
                        + " bytes does not fit its 32-bit specialization constant");
            }
            values.add(bytes);
        }
        return List.copyOf(values);
    }

    private MemorySegment pipeline(List<Long> values) {
        MemorySegment existing = pipelines.get(values);
        if (existing != null) {
            return existing;
        }
        List<Integer> ids = new ArrayList<>();
        entry.workGroupSize().stream().filter(Spirv.Dimension::specialized).forEach(d -> ids.add(d.specId()));
        ids.addAll(entry.localSpecIds());
        try (Arena arena = Arena.ofConfined()) {
            int n = ids.size();
            MemorySegment map = VkSpecializationMapEntry.allocateArray(Math.max(1, n), arena);
            MemorySegment data = arena.allocate(4L * Math.max(1, n), 4);
            for (int i = 0; i < n; i++) {
                MemorySegment e = VkSpecializationMapEntry.asSlice(map, i);
                VkSpecializationMapEntry.constantID(e, ids.get(i));
                VkSpecializationMapEntry.offset(e, 4 * i);
                VkSpecializationMapEntry.size(e, 4);
                data.setAtIndex(ValueLayout.JAVA_INT, i, (int) (long) values.get(i));
            }
            MemorySegment specialization = VkSpecializationInfo.allocate(arena);
            VkSpecializationInfo.mapEntryCount(specialization, n);
            VkSpecializationInfo.pMapEntries(specialization, map);
            VkSpecializationInfo.dataSize(specialization, 4L * n);
            VkSpecializationInfo.pData(specialization, data);
            MemorySegment info = VkComputePipelineCreateInfo.allocate(arena);
            VkComputePipelineCreateInfo.sType(info, VkApi.VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO());
            MemorySegment stage = VkComputePipelineCreateInfo.stage(info);
            VkPipelineShaderStageCreateInfo.sType(stage, VkApi.VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO());
            VkPipelineShaderStageCreateInfo.stage(stage, VkApi.VK_SHADER_STAGE_COMPUTE_BIT());
            VkPipelineShaderStageCreateInfo.module(stage, module.handle());
            VkPipelineShaderStageCreateInfo.pName(stage, arena.allocateFrom(entry.name()));
            if (n > 0) {
                VkPipelineShaderStageCreateInfo.pSpecializationInfo(stage, specialization);
            }
            VkComputePipelineCreateInfo.layout(info, pipelineLayout);
            MemorySegment handle = arena.allocate(ValueLayout.ADDRESS);
            int result = VkApi.vkCreateComputePipelines(device.handle(), MemorySegment.NULL, 1, info, MemorySegment.NULL,
                    handle);
            if (result != VkApi.VK_SUCCESS()) {
                throw new KernelException("vkCreateComputePipelines of kernel '" + entry.name() + "' of '" + module.name()
                        + "' returned " + Vk.describe(result));
            }
            MemorySegment pipeline = handle.get(ValueLayout.ADDRESS, 0);
            pipelines.put(values, pipeline);
            return pipeline;
        }
    }

    private MemorySegment descriptorSet(Arena arena, List<VulkanBuffer> buffers) {
        if (buffers.isEmpty()) {
            return MemorySegment.NULL;
        }
        MemorySegment info = VkDescriptorSetAllocateInfo.allocate(arena);
        VkDescriptorSetAllocateInfo.sType(info, VkApi.VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO());
        VkDescriptorSetAllocateInfo.descriptorPool(info, descriptorPool);
        VkDescriptorSetAllocateInfo.descriptorSetCount(info, 1);
        VkDescriptorSetAllocateInfo.pSetLayouts(info, arena.allocateFrom(ValueLayout.ADDRESS, setLayout));
        MemorySegment handle = arena.allocate(ValueLayout.ADDRESS);
        int result = VkApi.vkAllocateDescriptorSets(device.handle(), info, handle);
        if (result == VkApi.VK_ERROR_OUT_OF_POOL_MEMORY() || result == VkApi.VK_ERROR_FRAGMENTED_POOL()) {
            device.stream().synchronize();
            result = VkApi.vkAllocateDescriptorSets(device.handle(), info, handle);
        }
        Vk.check(result, "vkAllocateDescriptorSets");
        MemorySegment set = handle.get(ValueLayout.ADDRESS, 0);
        int n = buffers.size();
        MemorySegment infos = VkDescriptorBufferInfo.allocateArray(n, arena);
        MemorySegment writes = VkWriteDescriptorSet.allocateArray(n, arena);
        for (int i = 0; i < n; i++) {
            MemorySegment b = VkDescriptorBufferInfo.asSlice(infos, i);
            VkDescriptorBufferInfo.buffer(b, buffers.get(i).handle());
            VkDescriptorBufferInfo.offset(b, 0);
            VkDescriptorBufferInfo.range(b, buffers.get(i).size());
            MemorySegment w = VkWriteDescriptorSet.asSlice(writes, i);
            VkWriteDescriptorSet.sType(w, VkApi.VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET());
            VkWriteDescriptorSet.dstSet(w, set);
            VkWriteDescriptorSet.dstBinding(w, entry.bindings().get(i));
            VkWriteDescriptorSet.descriptorCount(w, 1);
            VkWriteDescriptorSet.descriptorType(w, VkApi.VK_DESCRIPTOR_TYPE_STORAGE_BUFFER());
            VkWriteDescriptorSet.pBufferInfo(w, b);
        }
        VkApi.vkUpdateDescriptorSets(device.handle(), n, writes, 0, MemorySegment.NULL);
        return set;
    }

    private void freeSet(MemorySegment set) {
        try (Arena arena = Arena.ofConfined()) {
            VkApi.vkFreeDescriptorSets(device.handle(), descriptorPool, 1, arena.allocateFrom(ValueLayout.ADDRESS, set));
        }
    }

    /** Destroys the pipelines, the descriptor pool and the layouts; the module calls it once, idle. */
    void destroy() {
        MemorySegment d = device.handle();
        for (MemorySegment pipeline : pipelines.values()) {
            VkApi.vkDestroyPipeline(d, pipeline, MemorySegment.NULL);
        }
        pipelines.clear();
        if (!descriptorPool.equals(MemorySegment.NULL)) {
            VkApi.vkDestroyDescriptorPool(d, descriptorPool, MemorySegment.NULL);
        }
        VkApi.vkDestroyPipelineLayout(d, pipelineLayout, MemorySegment.NULL);
        VkApi.vkDestroyDescriptorSetLayout(d, setLayout, MemorySegment.NULL);
    }
}

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
package dev.kbench.levelzero;

import dev.kbench.api.DeviceFacts;
import dev.kbench.levelzero.ze.ZeApi;
import dev.kbench.levelzero.ze.ze_command_queue_group_properties_t;
import dev.kbench.levelzero.ze.ze_device_cache_properties_t;
import dev.kbench.levelzero.ze.ze_device_compute_properties_t;
import dev.kbench.levelzero.ze.ze_device_memory_properties_t;
import dev.kbench.levelzero.ze.ze_device_properties_t;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * What a Level Zero device reports about itself, read once when {@link LevelZeroDevice#open} opens it:
 * its timestamp clock, the command queue group that computes, and the {@link DeviceFacts}.
 */
final class ZeDeviceProperties {

    private ZeDeviceProperties() {
    }

    static DeviceClock readProperties(ZeProbe.Target target, MemorySegment props, Map<String, String> extra) {
        boolean cyclesPerSecond = target.apiVersion() >= ZeApi.ZE_API_VERSION_1_2();
        int result = -1;
        if (cyclesPerSecond) {
            ze_device_properties_t.stype(props, ZeApi.ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES_1_2());
            result = ZeApi.zeDeviceGetProperties(target.device(), props);
            cyclesPerSecond = result == ZeApi.ZE_RESULT_SUCCESS();
        }
        if (!cyclesPerSecond) {
            props.fill((byte) 0);
            ze_device_properties_t.stype(props, ZeApi.ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES());
            Ze.check(ZeApi.zeDeviceGetProperties(target.device(), props), "zeDeviceGetProperties");
        }
        long resolution = ze_device_properties_t.timerResolution(props);
        int validBits = ze_device_properties_t.timestampValidBits(props);
        DeviceClock clock;
        try {
            clock = cyclesPerSecond ? DeviceClock.fromTicksPerSecond(resolution, validBits)
                    : DeviceClock.fromNanosPerTick(resolution, validBits);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("the device reports an unusable timestamp clock: " + e.getMessage(), e);
        }
        extra.put("driverApiVersion", Ze.version(target.apiVersion()));
        extra.put("timerResolution", clock.resolutionText());
        extra.put("timestampValidBits", Integer.toString(validBits));
        extra.put("timestampWrapSeconds", String.format(Locale.ROOT, "%.6g", clock.wrapNanos() / 1e9));
        return clock;
    }

    static int computeOrdinal(MemorySegment device, Arena call) {
        MemorySegment count = call.allocate(ValueLayout.JAVA_INT);
        Ze.check(ZeApi.zeDeviceGetCommandQueueGroupProperties(device, count, MemorySegment.NULL),
                "zeDeviceGetCommandQueueGroupProperties");
        int n = count.get(ValueLayout.JAVA_INT, 0);
        MemorySegment groups = ze_command_queue_group_properties_t.allocateArray(Math.max(1, n), call);
        for (int i = 0; i < n; i++) {
            ze_command_queue_group_properties_t.stype(ze_command_queue_group_properties_t.asSlice(groups, i),
                    ZeApi.ZE_STRUCTURE_TYPE_COMMAND_QUEUE_GROUP_PROPERTIES());
        }
        Ze.check(ZeApi.zeDeviceGetCommandQueueGroupProperties(device, count, groups),
                "zeDeviceGetCommandQueueGroupProperties");
        for (int i = 0; i < count.get(ValueLayout.JAVA_INT, 0); i++) {
            int flags = ze_command_queue_group_properties_t.flags(ze_command_queue_group_properties_t.asSlice(groups, i));
            if ((flags & ZeApi.ZE_COMMAND_QUEUE_GROUP_PROPERTY_FLAG_COMPUTE()) != 0) {
                return i;
            }
        }
        throw new IllegalStateException("none of the device's " + n + " command queue groups supports compute");
    }

    static DeviceFacts readFacts(ZeProbe.Target target, MemorySegment props, Arena call,
                                         Map<String, String> extra) {
        MemorySegment device = target.device();
        MemorySegment count = call.allocate(ValueLayout.JAVA_INT);

        Ze.check(ZeApi.zeDeviceGetMemoryProperties(device, count, MemorySegment.NULL), "zeDeviceGetMemoryProperties");
        int n = count.get(ValueLayout.JAVA_INT, 0);
        long totalMemory = 0;
        if (n > 0) {
            MemorySegment memory = ze_device_memory_properties_t.allocateArray(n, call);
            for (int i = 0; i < n; i++) {
                ze_device_memory_properties_t.stype(ze_device_memory_properties_t.asSlice(memory, i),
                        ZeApi.ZE_STRUCTURE_TYPE_DEVICE_MEMORY_PROPERTIES());
            }
            Ze.check(ZeApi.zeDeviceGetMemoryProperties(device, count, memory), "zeDeviceGetMemoryProperties");
            for (int i = 0; i < count.get(ValueLayout.JAVA_INT, 0); i++) {
                MemorySegment m = ze_device_memory_properties_t.asSlice(memory, i);
                totalMemory += ze_device_memory_properties_t.totalSize(m);
                extra.put("memory" + i, String.format(Locale.ROOT, "%s, %d MHz, %d-bit bus",
                        ze_device_memory_properties_t.name(m).getString(0),
                        ze_device_memory_properties_t.maxClockRate(m), ze_device_memory_properties_t.maxBusWidth(m)));
            }
        }

        count.set(ValueLayout.JAVA_INT, 0, 0);
        Ze.check(ZeApi.zeDeviceGetCacheProperties(device, count, MemorySegment.NULL), "zeDeviceGetCacheProperties");
        n = count.get(ValueLayout.JAVA_INT, 0);
        long largestCache = 0;
        if (n > 0) {
            MemorySegment caches = ze_device_cache_properties_t.allocateArray(n, call);
            for (int i = 0; i < n; i++) {
                ze_device_cache_properties_t.stype(ze_device_cache_properties_t.asSlice(caches, i),
                        ZeApi.ZE_STRUCTURE_TYPE_DEVICE_CACHE_PROPERTIES());
            }
            Ze.check(ZeApi.zeDeviceGetCacheProperties(device, count, caches), "zeDeviceGetCacheProperties");
            for (int i = 0; i < count.get(ValueLayout.JAVA_INT, 0); i++) {
                largestCache = Math.max(largestCache,
                        ze_device_cache_properties_t.cacheSize(ze_device_cache_properties_t.asSlice(caches, i)));
            }
        }

        MemorySegment compute = ze_device_compute_properties_t.allocate(call);
        ze_device_compute_properties_t.stype(compute, ZeApi.ZE_STRUCTURE_TYPE_DEVICE_COMPUTE_PROPERTIES());
        Ze.check(ZeApi.zeDeviceGetComputeProperties(device, compute), "zeDeviceGetComputeProperties");
        extra.put("maxTotalGroupSize", Integer.toUnsignedString(ze_device_compute_properties_t.maxTotalGroupSize(compute)));
        extra.put("maxSharedLocalMemory",
                Integer.toUnsignedString(ze_device_compute_properties_t.maxSharedLocalMemory(compute)));
        extra.put("deviceType", ZeProbe.deviceType(ze_device_properties_t.type(props)));
        extra.put("deviceId", String.format(Locale.ROOT, "0x%04x", ze_device_properties_t.deviceId(props)));

        int vendorId = ze_device_properties_t.vendorId(props);
        String vendor = vendorId == 0x8086 ? "Intel" : String.format(Locale.ROOT, "PCI vendor 0x%04x", vendorId);
        long eus = (long) ze_device_properties_t.numSlices(props) * ze_device_properties_t.numSubslicesPerSlice(props)
                * ze_device_properties_t.numEUsPerSubslice(props);
        int clockMHz = ze_device_properties_t.coreClockRate(props);
        return new DeviceFacts(ze_device_properties_t.name(props).getString(0), vendor,
                totalMemory > 0 ? OptionalLong.of(totalMemory) : OptionalLong.empty(),
                largestCache > 0 ? OptionalLong.of(largestCache) : OptionalLong.empty(),
                eus > 0 ? OptionalLong.of(eus) : OptionalLong.empty(),
                clockMHz > 0 ? OptionalDouble.of(clockMHz) : OptionalDouble.empty(),
                // API 1.4 gives the memory clock and bus width but not the transfers per clock: unknown.
                OptionalDouble.empty(), extra);
    }
}

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
package dev.kbench.cli.suite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.Backend;
import dev.kbench.api.Device;
import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.Dim3;
import dev.kbench.api.KernelSource;
import dev.kbench.api.Params;
import dev.kbench.api.SourceKind;
import dev.kbench.api.Workload;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A user kernel's buffers hold the same values whether they were made before its turn (a fork in standby) or
 * when its workload was set up: read back from PoCL's buffers, byte for byte, for seeded random values of
 * every element type and a fill the device cannot do itself.
 */
class UserKernelTest {

    private static Backend driver;

    @BeforeAll
    static void pocl() {
        driver = dev.kbench.cli.Pocl.require();
    }

    private static final String CODE = "__kernel void touch(__global float *a, __global double *b, __global int *c, "
            + "__global long *d, __global uchar *e, __global double *f, const int n) { }";

    private static UserKernel spec() {
        return new UserKernel(KernelSource.ofText(SourceKind.OPENCL_C, CODE, "touch.cl"), "touch", "touch",
                Dim3.parse("1"), Dim3.parse("1"), UserKernel.parseArgs(List.of("buf:f32:1000", "buf:f64:1000",
                        "buf:i32:1000", "buf:i64:1000", "buf:u8:1001", "buf:f64:1000:fill=2.5", "i32:1000")),
                OptionalLong.empty(), OptionalLong.empty());
    }

    /** Every buffer's bytes, read back from the device. */
    private static List<byte[]> contents(Device device, Workload workload) {
        List<byte[]> all = new ArrayList<>();
        try (Arena arena = Arena.ofConfined()) {
            for (DeviceBuffer buffer : UserKernel.buffers(workload)) {
                MemorySegment host = arena.allocate(buffer.bytes());
                device.read(buffer, host);
                all.add(host.toArray(java.lang.foreign.ValueLayout.JAVA_BYTE));
            }
        }
        return all;
    }

    @Test
    void valuesMadeAheadAreTheValuesMadeAtSetUp() throws Exception {
        Device device = driver.device();
        UserKernel spec = spec();
        var ahead = spec.benchmarkWithInputsMade().factory();
        var atSetUp = spec.benchmark().factory();
        try (Workload first = ahead.create(device, Params.none());
             Workload second = ahead.create(device, Params.none());
             Workload plain = atSetUp.create(device, Params.none())) {
            List<byte[]> expected = contents(device, plain);
            assertEquals(6, expected.size());
            // the first workload takes the values made ahead; a second one makes its own, the same
            for (List<byte[]> actual : List.of(contents(device, first), contents(device, second))) {
                for (int i = 0; i < expected.size(); i++) {
                    assertTrue(java.util.Arrays.equals(expected.get(i), actual.get(i)), "buffer " + i + " differs");
                }
            }
            assertNotEquals(0, java.util.Arrays.hashCode(expected.getFirst()), "random values, not zeros");
            MemorySegment filled = MemorySegment.ofArray(expected.get(5));
            assertEquals(2.5, filled.getAtIndex(java.lang.foreign.ValueLayout.JAVA_DOUBLE_UNALIGNED, 999));
        }
    }
}

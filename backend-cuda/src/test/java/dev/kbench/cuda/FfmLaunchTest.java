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
package dev.kbench.cuda;

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_DOUBLE;
import static java.lang.foreign.ValueLayout.JAVA_FLOAT;
import static java.lang.foreign.ValueLayout.JAVA_INT;
import static java.lang.foreign.ValueLayout.JAVA_LONG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.KernelArg;
import java.lang.foreign.MemorySegment;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUstream;
import org.junit.jupiter.api.Test;

/** The FFM launch path's pieces that need no GPU: the parameter block, JCuda's handles, linking. */
class FfmLaunchTest {

    /** A buffer stand-in; its "device address" comes from {@link #ADDRESSES}. */
    private static DeviceBuffer buffer() {
        return new DeviceBuffer() {
            @Override
            public long bytes() {
                return 64;
            }

            @Override
            public void close() {
            }
        };
    }

    private static final DeviceBuffer X = buffer();
    private static final DeviceBuffer Y = buffer();
    private static final Map<DeviceBuffer, Long> ADDRESSES = new IdentityHashMap<>(Map.of(
            X, 0x7f12_3456_0000L, Y, 0x7f12_3457_0200L));

    @Test
    @SuppressWarnings("try")   // closes the block inside its try on purpose: close frees it, twice is harmless
    void theParameterBlockHoldsEachValueInItsSlotAndPointsAtTheSlots() {
        List<KernelArg> args = List.of(KernelArg.buffer(X), KernelArg.i32(-7), KernelArg.local(128), KernelArg.i64(1L << 40),
                KernelArg.f32(1.5f), KernelArg.local(64), KernelArg.f64(-2.25), KernelArg.buffer(Y));
        assertEquals(6, ParamBlock.count(args), "Local arguments take no slot");

        try (ParamBlock block = new ParamBlock(6)) {
            block.write(args, ADDRESSES::get);
            MemorySegment params = block.kernelParams();
            MemorySegment values = block.values();
            assertEquals(6, block.capacity());
            assertEquals(6 * 8, params.byteSize());
            assertEquals(6 * 8, values.byteSize());
            assertEquals(params.address() + 6 * 8, values.address(), "one allocation: the pointers, then the slots");
            assertEquals(0, params.address() % 8);
            for (int i = 0; i < 6; i++) {
                assertEquals(values.address() + 8L * i, params.getAtIndex(ADDRESS, i).address(), "kernelParams[" + i + "]");
            }
            assertEquals(0x7f12_3456_0000L, values.get(JAVA_LONG, 0));
            assertEquals(-7, values.get(JAVA_INT, 8));
            assertEquals(1L << 40, values.get(JAVA_LONG, 16));
            assertEquals(1.5f, values.get(JAVA_FLOAT, 24));
            assertEquals(-2.25, values.get(JAVA_DOUBLE, 32));
            assertEquals(0x7f12_3457_0200L, values.get(JAVA_LONG, 40));

            // new arguments of the same count rewrite the slots; the pointers stay
            block.write(List.of(KernelArg.buffer(Y), KernelArg.i32(Integer.MIN_VALUE), KernelArg.i64(-1), KernelArg.f32(-0.0f),
                    KernelArg.f64(Math.PI), KernelArg.buffer(X)), ADDRESSES::get);
            assertEquals(0x7f12_3457_0200L, values.get(JAVA_LONG, 0));
            assertEquals(Integer.MIN_VALUE, values.get(JAVA_INT, 8));
            assertEquals(-1L, values.get(JAVA_LONG, 16));
            assertEquals(Float.floatToRawIntBits(-0.0f), values.get(JAVA_INT, 24));
            assertEquals(Math.PI, values.get(JAVA_DOUBLE, 32));
            assertEquals(0x7f12_3456_0000L, values.get(JAVA_LONG, 40));
            for (int i = 0; i < 6; i++) {
                assertEquals(values.address() + 8L * i, params.getAtIndex(ADDRESS, i).address(), "kernelParams[" + i + "]");
            }

            IllegalArgumentException tooMany = assertThrows(IllegalArgumentException.class,
                    () -> block.write(List.of(KernelArg.i32(1), KernelArg.i32(2), KernelArg.i32(3), KernelArg.i32(4),
                            KernelArg.i32(5), KernelArg.i32(6), KernelArg.i32(7)), ADDRESSES::get));
            assertEquals("7 parameters do not fit a block of 6", tooMany.getMessage());
            block.close();
            assertFalse(values.scope().isAlive(), "close() frees the block");
            block.close();
        }
    }

    @Test
    void aKernelWithoutParametersGetsAValidPointer() {
        assertEquals(0, ParamBlock.count(List.of(KernelArg.local(256))));
        try (ParamBlock block = new ParamBlock(0)) {
            block.write(List.of(KernelArg.local(256)), ADDRESSES::get);
            assertEquals(0, block.kernelParams().byteSize());
            assertNotEquals(0, block.kernelParams().address(), "kernelParams is not NULL");
        }
        assertThrows(IllegalArgumentException.class, () -> new ParamBlock(-1));
    }

    @Test
    void jcudaHandlesAreReadAsTheirNativePointerPlusTheByteOffset() {
        assertNull(NativeHandles.failure());
        // a fresh handle's native pointer is 0 (only the driver writes it); a CUdeviceptr's byte offset is added,
        // as JCuda's getPointer (PointerUtils.cpp) does when it passes one to the driver
        assertEquals(0, NativeHandles.address(new CUfunction()));
        assertEquals(0, NativeHandles.address(new CUstream()));
        CUdeviceptr base = new CUdeviceptr();
        assertEquals(4096, NativeHandles.address(base.withByteOffset(4096)));
        assertEquals(4096 + 64, NativeHandles.address(base.withByteOffset(4096).withByteOffset(64)));
    }

    @Test
    void linkingNamesAMissingLibraryOrSymbol() {
        assertTrue(FfmLaunch.class.getModule().isNativeAccessEnabled(),
                "the tests run with native access for " + FfmLaunch.class.getModule() + " (surefire's argLine)");

        FfmLaunch.Linked missing = FfmLaunch.link("libkbench-missing.so.1");
        assertNull(missing.handle());
        assertTrue(missing.failure().startsWith("cannot link cuLaunchKernel in libkbench-missing.so.1: "), missing.failure());

        FfmLaunch.Linked libc = FfmLaunch.link("libc.so.6");
        assertNull(libc.handle());
        assertEquals("libc.so.6 has no symbol cuLaunchKernel", libc.failure());
    }

    @Test
    void theDriversLibraryIsLinkedWhereItIsInstalled() {
        FfmLaunch.Linked linked = FfmLaunch.link(FfmLaunch.LIBRARY);
        if (NoGpu.libcudaPresent()) {
            assertNull(linked.failure());
            assertNotNull(linked.handle());
            assertEquals(FfmLaunch.SIGNATURE.toMethodType(), linked.handle().type());
            assertNull(FfmLaunch.unavailable());
        } else {
            assertNull(linked.handle());
            assertTrue(linked.failure().startsWith("cannot link cuLaunchKernel in libcuda.so.1: "), linked.failure());
            assertEquals(linked.failure(), FfmLaunch.unavailable());
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> FfmLaunch.launch(
                    MemorySegment.NULL, 1, 1, 1, 1, 1, 1, 0, MemorySegment.NULL, MemorySegment.NULL));
            assertEquals("the FFM launch path is unavailable: " + linked.failure(), e.getMessage());
        }
    }
}

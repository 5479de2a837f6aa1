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

import dev.kbench.api.Dim3;
import dev.kbench.api.Kernel;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelModule;
import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;
import dev.kbench.spi.StreamGate;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.JCudaDriver;

/**
 * NVBench's blocking kernel on the device's stream: {@code kbench_hold_stream} (src/main/cuda/hold_stream.cu)
 * spins on a flag in pinned host memory mapped into the device until {@link #release()} sets it, or
 * until the timeout passes on the device's global timer, when it sets a second flag that
 * {@link #timedOut()} reads. Two holds may be in place at once ({@link #maxHolds()}), each on its own pair
 * of flags, used in turn. The kernel is launched once at creation, already released, so that it is loaded
 * before the first hold (under lazy module loading a first launch would wait for the held stream).
 */
final class CudaStreamGate implements StreamGate {

    private static final VarHandle INT = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.nativeOrder());
    private static final String ENTRY = "kbench_hold_stream";
    /** Holds in place at most at once; each has its own pair of flags (release, timed out). */
    private static final int SLOTS = 2;
    private static final int SLOT_BYTES = 2 * Integer.BYTES;

    private final CudaDevice device;
    private final Pointer host = new Pointer();
    private final ByteBuffer flags;
    private final long flagsOnDevice;
    private final long timeoutNanos;
    private KernelModule module;
    private Kernel kernel;
    private boolean closed;
    /** The slot of the oldest hold in place, how many are in place, and the slot released last. */
    private int oldest;
    private int inPlace;
    private int releasedLast;

    CudaStreamGate(CudaDevice device, double timeoutMillis) {
        if (!(timeoutMillis > 0) || Double.isInfinite(timeoutMillis)) {
            throw new IllegalArgumentException("timeoutMillis must be positive and finite, got " + timeoutMillis);
        }
        this.device = device;
        this.timeoutNanos = (long) (timeoutMillis * 1e6);
        device.makeCurrent();
        Cuda.check(JCudaDriver.cuMemHostAlloc(host, SLOTS * SLOT_BYTES,
                JCudaDriver.CU_MEMHOSTALLOC_DEVICEMAP | JCudaDriver.CU_MEMHOSTALLOC_PORTABLE), "cuMemHostAlloc (stream gate)");
        try {
            flags = host.getByteBuffer(0, SLOTS * SLOT_BYTES).order(ByteOrder.nativeOrder());
            CUdeviceptr mapped = new CUdeviceptr();
            Cuda.check(JCudaDriver.cuMemHostGetDevicePointer(mapped, host, 0), "cuMemHostGetDevicePointer (stream gate)");
            flagsOnDevice = NativeHandles.address(mapped);
            module = device.loadModule(KernelSource.ofText(SourceKind.PTX, ptx(), "hold_stream.ptx"));
            kernel = module.kernel(ENTRY);
            INT.setVolatile(flags, 0, 1);
            INT.setVolatile(flags, Integer.BYTES, 0);
            launch(0);
            device.synchronize();
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    private static String ptx() {
        try (InputStream in = CudaStreamGate.class.getResourceAsStream("hold_stream.ptx")) {
            if (in == null) {
                throw new IllegalStateException("hold_stream.ptx is missing from the cuda backend's jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.US_ASCII);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read hold_stream.ptx from the cuda backend's jar", e);
        }
    }

    private void launch(int slot) {
        kernel.launch(new Dim3(1, 1, 1), new Dim3(1, 1, 1), KernelArg.i64(flagsOnDevice + (long) slot * SLOT_BYTES),
                KernelArg.i64(timeoutNanos));
    }

    /**
     * {@inheritDoc} <p>The slot it takes was last used two holds ago: call it only once the work behind that
     * hold has completed (as a caller that waits for each call's end event before its next hold does).
     */
    @Override
    public void hold() {
        requireOpen();
        if (inPlace == SLOTS) {
            throw new IllegalStateException(SLOTS + " holds are in place; release one first");
        }
        int slot = (oldest + inPlace) % SLOTS;
        INT.setVolatile(flags, slot * SLOT_BYTES, 0);
        INT.setVolatile(flags, slot * SLOT_BYTES + Integer.BYTES, 0);
        launch(slot);
        inPlace++;
    }

    @Override
    public void release() {
        requireOpen();
        if (inPlace == 0) {
            return;
        }
        INT.setVolatile(flags, oldest * SLOT_BYTES, 1);
        releasedLast = oldest;
        oldest = (oldest + 1) % SLOTS;
        inPlace--;
    }

    @Override
    public boolean timedOut() {
        requireOpen();
        return (int) INT.getVolatile(flags, releasedLast * SLOT_BYTES + Integer.BYTES) != 0;
    }

    @Override
    public int maxHolds() {
        return SLOTS;
    }

    @Override
    public String technique() {
        return "blocking kernel";
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("the stream gate is closed");
        }
    }

    /** Releases the holds still in place, waits for the stream, then frees the kernel and the flags. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            if (flags != null) {
                for (int slot = 0; slot < SLOTS; slot++) {
                    INT.setVolatile(flags, slot * SLOT_BYTES, 1);
                }
                device.synchronize();
            }
        } finally {
            if (module != null) {
                module.close();
            }
            device.makeCurrent();
            JCudaDriver.cuMemFreeHost(host);
        }
    }
}

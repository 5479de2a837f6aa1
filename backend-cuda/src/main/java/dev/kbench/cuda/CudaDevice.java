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

import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.DeviceException;
import dev.kbench.api.DeviceFacts;
import dev.kbench.api.DeviceTelemetry;
import dev.kbench.api.KernelModule;
import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;
import dev.kbench.spi.CacheClearer;
import dev.kbench.spi.CapturedGraph;
import dev.kbench.spi.Event;
import dev.kbench.spi.StreamGate;
import dev.kbench.spi.kit.BufferChecks;
import dev.kbench.spi.kit.OpenableDevice;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import jcuda.JCudaVersion;
import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUevent_record_flags;
import jcuda.driver.CUgraph;
import jcuda.driver.CUgraphExec;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;
import jcuda.driver.CUstreamCaptureMode;
import jcuda.driver.CUstreamCaptureStatus;
import jcuda.driver.CUstream_flags;
import jcuda.driver.JCudaDriver;

/**
 * One CUDA device: its primary context and the stream the backend owns. Everything is enqueued on that
 * stream. Not thread-safe: one thread at a time; the context is made current when the thread changes.
 */
final class CudaDevice implements OpenableDevice {

    /** Host copies are split into chunks of at most this size (a ByteBuffer holds at most 2 GiB). */
    private static final long COPY_CHUNK_BYTES = 1L << 30;
    /** Heap memory is staged through native memory in chunks of this size. */
    private static final long STAGING_BYTES = 64L << 20;

    private final int ordinal;
    private final CUdevice device = new CUdevice();
    private final CUcontext context = new CUcontext();
    private final CUstream stream = new CUstream();
    private final DeviceFacts facts;
    private final LaunchMode launchMode;
    /** The stream's raw handle for {@link FfmLaunch}, or {@code null} when launches go through JCuda. */
    private final MemorySegment streamHandle;
    private final int[] captureStatus = new int[1];
    private Thread currentThread;
    private boolean closed;
    /** NVML's handle of this GPU, looked up on first use; {@code null} when NVML cannot be used. */
    private Nvml nvml;
    private boolean nvmlLooked;
    /** Whether NVML is read at all ({@code -Dkbench.cuda.telemetry}, read by the driver). */
    private final boolean telemetryOn;

    CudaDevice(int ordinal, LaunchMode launchMode, boolean telemetryOn) {
        this.ordinal = ordinal;
        this.telemetryOn = telemetryOn;
        this.launchMode = Objects.requireNonNull(launchMode, "launchMode");
        Cuda.check(JCudaDriver.cuDeviceGet(device, ordinal), "cuDeviceGet(" + ordinal + ")");
        Cuda.check(JCudaDriver.cuDevicePrimaryCtxRetain(context, device), "cuDevicePrimaryCtxRetain(device " + ordinal + ")");
        try {
            Cuda.check(JCudaDriver.cuCtxSetCurrent(context), "cuCtxSetCurrent");
            currentThread = Thread.currentThread();
            Cuda.check(JCudaDriver.cuStreamCreate(stream, CUstream_flags.CU_STREAM_DEFAULT), "cuStreamCreate");
            streamHandle = launchMode.ffm() ? MemorySegment.ofAddress(NativeHandles.address(stream)) : null;
            facts = readFacts();
            // NVML's device handle now, with the device: its lookup took about 20 ms on an H200, which a fork
            // in standby spends before its turn instead of between the fork before it and its first reading;
            // likewise whether it has an energy counter (one reading of it, about 3 ms), so that a run in cold
            // timing behind a clear never reads the counter after its go
            energyCounter();
        } catch (RuntimeException e) {
            JCudaDriver.cuDevicePrimaryCtxRelease(device);
            throw e;
        }
    }

    /** Makes the context current on the calling thread if it is not the last thread that used it. */
    void makeCurrent() {
        if (closed) {
            throw new IllegalStateException("the cuda device " + ordinal + " was closed (Driver.close()); "
                    + "get a new one with driver.device()");
        }
        Thread caller = Thread.currentThread();
        if (caller != currentThread) {
            Cuda.check(JCudaDriver.cuCtxSetCurrent(context), "cuCtxSetCurrent");
            currentThread = caller;
        }
    }

    /**
     * The clear is a {@code cuMemsetD32Async} of zeros over the whole buffer on the device's stream;
     * a size that is not a multiple of 4 is kept and written with {@code cuMemsetD8Async}. For a size from the device's L2 cache use
     * {@code CacheSizes.deviceSized(device().facts(), multiple)}.
     */
    @Override
    public CacheClearer newCacheClearer(long bytes) {
        return new CudaCacheClearer(this, bytes);
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    CUstream stream() {
        return stream;
    }

    /** How kernels are launched on this device. */
    LaunchMode launchMode() {
        return launchMode;
    }

    /** The stream's raw {@code CUstream} for {@link FfmLaunch}; {@code null} unless {@link #launchMode()} is FFM. */
    MemorySegment streamHandle() {
        return streamHandle;
    }

    @Override
    public void synchronize() {
        makeCurrent();
        Cuda.check(JCudaDriver.cuCtxSynchronize(), "cuCtxSynchronize (an earlier kernel or copy may have failed)");
    }

    @Override
    public Event createEvent() {
        makeCurrent();
        return new CudaEvent(this);
    }

    /**
     * Records an event on the stream. While the stream is being captured the record becomes an event
     * record node ({@code CU_EVENT_RECORD_EXTERNAL}) whose timestamp is taken at each replay; a plain
     * {@code cuEventRecord} there would only be a dependency marker inside the capture.
     */
    void record(CUevent event) {
        makeCurrent();
        Cuda.check(JCudaDriver.cuStreamIsCapturing(stream, captureStatus), "cuStreamIsCapturing");
        int result = captureStatus[0] == CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_ACTIVE
                ? JCudaDriver.cuEventRecordWithFlags(event, stream, CUevent_record_flags.CU_EVENT_RECORD_EXTERNAL)
                : JCudaDriver.cuEventRecord(event, stream);
        Cuda.check(result, "cuEventRecord");
    }

    @Override
    public DeviceFacts facts() {
        return facts;
    }

    /**
     * {@inheritDoc} <p>Read through NVML ({@code libnvidia-ml.so.1}); empty where NVML is absent, or
     * when {@code -Dkbench.cuda.telemetry=off}.
     */
    @Override
    public DeviceTelemetry telemetry() {
        return telemetry(true);
    }

    @Override
    public DeviceTelemetry telemetry(boolean energy) {
        Nvml n = nvml();
        return n == null ? DeviceTelemetry.NONE : n.read(energy);
    }

    /** {@inheritDoc} <p>NVML's total-energy counter, read once when the device was opened; false without NVML. */
    @Override
    public Optional<Boolean> energyCounter() {
        Nvml n = nvml();
        return Optional.of(n != null && n.hasEnergyCounter());
    }

    /** {@inheritDoc} <p>NVML's total-energy counter, sampled until it has changed a few times. */
    @Override
    public OptionalDouble energyUpdateMillis() {
        Nvml n = nvml();
        return n == null ? OptionalDouble.empty() : n.energyUpdateMillis();
    }

    /** NVML for this device, looked up once; null when telemetry is off or NVML cannot be used. */
    Nvml nvml() {
        if (!nvmlLooked) {
            nvmlLooked = true;
            nvml = telemetryOn ? Nvml.forPciBusId(CudaDriver.pciBusId(device)) : null;
        }
        return nvml;
    }

    private static final Set<SourceKind> KINDS = Collections.unmodifiableSet(new LinkedHashSet<>(List.of(SourceKind.PTX,
            SourceKind.CUBIN)));

    @Override
    public Set<SourceKind> acceptedSources() {
        return KINDS;
    }

    @Override
    public KernelModule loadModule(KernelSource source) {
        Objects.requireNonNull(source, "source");
        makeCurrent();
        return CudaModule.load(this, source);
    }

    @Override
    public DeviceBuffer allocate(long bytes) {
        BufferChecks.requireAllocation(bytes);
        makeCurrent();
        CUdeviceptr pointer = new CUdeviceptr();
        int result = JCudaDriver.cuMemAlloc(pointer, bytes);
        if (result != CUresult.CUDA_SUCCESS) {
            throw new DeviceException(String.format(Locale.ROOT,
                    "cannot allocate %d bytes (%.2f GiB) on cuda device %d (%s): %s; free buffers or use a smaller size",
                    bytes, bytes / (double) (1L << 30), ordinal, facts.name(), Cuda.describe(result)));
        }
        return new CudaBuffer(this, pointer, bytes);
    }

    @Override
    public void write(MemorySegment source, DeviceBuffer target) {
        CudaBuffer buffer = own(target, "target");
        BufferChecks.requireWritable(source, buffer);
        long size = source.byteSize();
        makeCurrent();
        copy(source, size, (host, offset, length) -> JCudaDriver.cuMemcpyHtoDAsync(
                buffer.pointer().withByteOffset(offset), host, length, stream), true);
    }

    @Override
    public void read(DeviceBuffer source, MemorySegment target) {
        CudaBuffer buffer = own(source, "source");
        BufferChecks.requireReadable(buffer, target);
        long size = target.byteSize();
        makeCurrent();
        copy(target, size, (host, offset, length) -> JCudaDriver.cuMemcpyDtoHAsync(
                host, buffer.pointer().withByteOffset(offset), length, stream), false);
    }

    private interface ChunkCopy {
        int copy(Pointer host, long offset, long length);
    }

    /**
     * Copies between host memory and the device in chunks, on the stream, synchronizing the stream
     * after each chunk (so the chunk's host memory stays valid and staged data can be reused).
     */
    private void copy(MemorySegment host, long size, ChunkCopy copy, boolean toDevice) {
        String what = toDevice ? "cuMemcpyHtoDAsync" : "cuMemcpyDtoHAsync";
        if (host.isNative()) {
            for (long offset = 0; offset < size; offset += COPY_CHUNK_BYTES) {
                long length = Math.min(COPY_CHUNK_BYTES, size - offset);
                ByteBuffer view = host.asSlice(offset, length).asByteBuffer();
                Cuda.check(copy.copy(Pointer.to(view), offset, length), what);
                Cuda.check(JCudaDriver.cuStreamSynchronize(stream), "cuStreamSynchronize after " + what);
            }
            return;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment staging = arena.allocate(Math.max(1, Math.min(STAGING_BYTES, size)));
            for (long offset = 0; offset < size; offset += STAGING_BYTES) {
                long length = Math.min(STAGING_BYTES, size - offset);
                if (toDevice) {
                    MemorySegment.copy(host, offset, staging, 0, length);
                }
                Cuda.check(copy.copy(Pointer.to(staging.asSlice(0, length).asByteBuffer()), offset, length), what);
                Cuda.check(JCudaDriver.cuStreamSynchronize(stream), "cuStreamSynchronize after " + what);
                if (!toDevice) {
                    MemorySegment.copy(staging, 0, host, offset, length);
                }
            }
        }
    }

    @Override
    public void fill(DeviceBuffer target, int pattern) {
        CudaBuffer buffer = own(target, "target");
        BufferChecks.requireFillable(buffer);
        makeCurrent();
        Cuda.check(JCudaDriver.cuMemsetD32Async(buffer.pointer(), pattern, buffer.bytes() / 4, stream), "cuMemsetD32Async");
    }

    /**
     * {@inheritDoc}
     *
     * <p>Stream capture ({@code cuStreamBeginCapture} in thread-local mode, {@code cuStreamEndCapture},
     * {@code cuGraphInstantiate}); events recorded inside become event record nodes. If {@code work}
     * throws, the capture is ended and discarded before the exception propagates.
     */
    @Override
    public CapturedGraph capture(Runnable work) {
        Objects.requireNonNull(work, "work");
        makeCurrent();
        Cuda.check(JCudaDriver.cuStreamIsCapturing(stream, captureStatus), "cuStreamIsCapturing");
        if (captureStatus[0] != CUstreamCaptureStatus.CU_STREAM_CAPTURE_STATUS_NONE) {
            throw new IllegalStateException("the cuda stream is already being captured; captures cannot be nested");
        }
        Cuda.check(JCudaDriver.cuStreamBeginCapture(stream, CUstreamCaptureMode.CU_STREAM_CAPTURE_MODE_THREAD_LOCAL),
                "cuStreamBeginCapture");
        CUgraph graph = new CUgraph();
        try {
            work.run();
        } catch (RuntimeException | Error e) {
            if (JCudaDriver.cuStreamEndCapture(stream, graph) == CUresult.CUDA_SUCCESS) {
                JCudaDriver.cuGraphDestroy(graph);
            }
            throw e;
        }
        int ended = JCudaDriver.cuStreamEndCapture(stream, graph);
        if (ended != CUresult.CUDA_SUCCESS) {
            throw new IllegalStateException("cuStreamEndCapture failed: " + Cuda.describe(ended)
                    + "; the captured work must only enqueue on this device's stream (no synchronization, no "
                    + "allocation, no host copies)");
        }
        try {
            CUgraphExec exec = new CUgraphExec();
            Cuda.check(JCudaDriver.cuGraphInstantiate(exec, graph, 0), "cuGraphInstantiate");
            return new CudaGraph(this, exec);
        } finally {
            JCudaDriver.cuGraphDestroy(graph);
        }
    }

    /**
     * {@inheritDoc}
     *
     * <p>NVBench's blocking kernel ({@link CudaStreamGate}): a one-thread kernel spinning on a flag in
     * mapped host memory, with a timeout on the device's global timer.
     */
    @Override
    public StreamGate streamGate(double timeoutMillis) {
        makeCurrent();
        return new CudaStreamGate(this, timeoutMillis);
    }

    /**
     * {@inheritDoc}
     *
     * <p>{@code cuProfilerStart}; its result is ignored (without a profiler it does nothing).
     */
    @Override
    public void profilerStart() {
        makeCurrent();
        JCudaDriver.cuProfilerStart();
    }

    /** {@inheritDoc} <p>{@code cuProfilerStop}; its result is ignored. */
    @Override
    public void profilerStop() {
        makeCurrent();
        JCudaDriver.cuProfilerStop();
    }

    /**
     * {@inheritDoc}
     *
     * <p>Offers {@code jcuda.driver.CUstream} (the stream all work goes to), {@code CUcontext} (the
     * primary context) and {@code CUdevice}.
     */
    @Override
    public <T> T unwrap(Class<T> type) {
        if (type == CUstream.class) {
            return type.cast(stream);
        }
        if (type == CUcontext.class) {
            return type.cast(context);
        }
        if (type == CUdevice.class) {
            return type.cast(device);
        }
        throw new UnsupportedOperationException("the cuda backend has no handle of type " + type.getName()
                + "; it offers jcuda.driver.CUstream, CUcontext and CUdevice");
    }

    CudaBuffer own(DeviceBuffer buffer, String role) {
        return BufferChecks.own(buffer, CudaBuffer.class, this, "cuda", role);
    }

    /** Destroys the stream and releases the primary context. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        JCudaDriver.cuCtxSetCurrent(context);
        JCudaDriver.cuStreamDestroy(stream);
        JCudaDriver.cuDevicePrimaryCtxRelease(device);
        closed = true;
    }

    private DeviceFacts readFacts() {
        String name = CudaDriver.deviceName(device);
        long[] memory = new long[1];
        Cuda.check(JCudaDriver.cuDeviceTotalMem(memory, device), "cuDeviceTotalMem");
        OptionalLong l2 = attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE);
        OptionalLong sms = attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT);
        OptionalLong clockKHz = attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_CLOCK_RATE);
        OptionalLong memoryClockKHz = attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE);
        OptionalLong busWidthBits = attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH);
        OptionalDouble peak = memoryClockKHz.isPresent() && busWidthBits.isPresent()
                ? OptionalDouble.of(peakBandwidth(memoryClockKHz.getAsLong(), busWidthBits.getAsLong()))
                : OptionalDouble.empty();
        Map<String, String> extra = new LinkedHashMap<>();
        extra.put("device", Integer.toString(ordinal));
        extra.put("computeCapability", attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR).orElse(0)
                + "." + attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR).orElse(0));
        int[] version = new int[1];
        if (JCudaDriver.cuDriverGetVersion(version) == CUresult.CUDA_SUCCESS) {
            extra.put("driverVersion", version[0] / 1000 + "." + version[0] % 1000 / 10);
        }
        extra.put("jcudaVersion", JCudaVersion.get());
        memoryClockKHz.ifPresent(v -> extra.put("memoryClockMHz", Long.toString(v / 1000)));
        busWidthBits.ifPresent(v -> extra.put("memoryBusWidthBits", Long.toString(v)));
        attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK)
                .ifPresent(v -> extra.put("maxThreadsPerBlock", Long.toString(v)));
        attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN)
                .ifPresent(v -> extra.put("maxSharedMemoryPerBlockOptinBytes", Long.toString(v)));
        extra.put("eccEnabled", Boolean.toString(attribute(CUdevice_attribute.CU_DEVICE_ATTRIBUTE_ECC_ENABLED).orElse(0) != 0));
        extra.put("pciBusId", CudaDriver.pciBusId(device));
        extra.put("uuid", CudaDriver.uuid(device));
        String nvmlDriver = Nvml.driverVersion();
        if (!nvmlDriver.isEmpty()) {
            extra.put("nvidiaDriverVersion", nvmlDriver);
        }
        extra.put("stream", "backend-owned, CU_STREAM_DEFAULT flags, primary context");
        extra.put("launchPath", launchMode.description());
        return new DeviceFacts(name, "NVIDIA", OptionalLong.of(memory[0]), l2, sms,
                clockKHz.isPresent() ? OptionalDouble.of(clockKHz.getAsLong() / 1000.0) : OptionalDouble.empty(),
                peak, extra);
    }

    /**
     * Theoretical peak bandwidth of DDR-style memory (GDDR, HBM): two transfers per memory clock over the
     * whole bus, {@code 2 * clockKHz * 1000 * busWidthBits / 8}.
     *
     * @param memoryClockKHz the memory clock in kHz, as {@code CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE}
     * @param busWidthBits the bus width in bits
     * @return bytes per second
     */
    static double peakBandwidth(long memoryClockKHz, long busWidthBits) {
        return 2.0 * memoryClockKHz * 1000.0 * busWidthBits / 8.0;
    }

    private OptionalLong attribute(int attribute) {
        int[] value = new int[1];
        int result = JCudaDriver.cuDeviceGetAttribute(value, attribute, device);
        return result == CUresult.CUDA_SUCCESS && value[0] > 0 ? OptionalLong.of(value[0]) : OptionalLong.empty();
    }

    @Override
    public String toString() {
        return "CudaDevice[" + ordinal + ", " + facts.name() + (closed ? ", closed" : "") + "]";
    }
}

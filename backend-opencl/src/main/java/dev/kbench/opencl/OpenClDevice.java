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
package dev.kbench.opencl;

import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.DeviceException;
import dev.kbench.api.DeviceFacts;
import dev.kbench.api.KernelException;
import dev.kbench.api.KernelModule;
import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;
import dev.kbench.spi.CacheClearer;
import dev.kbench.spi.Event;
import dev.kbench.spi.StreamGate;
import dev.kbench.spi.kit.BufferChecks;
import dev.kbench.spi.kit.OpenableDevice;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;
import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_context_properties;
import org.jocl.cl_device_id;
import org.jocl.cl_mem;
import org.jocl.cl_platform_id;
import org.jocl.cl_program;
import org.jocl.cl_queue_properties;

/**
 * One OpenCL device with its context and its one in-order command queue, created with
 * {@code CL_QUEUE_PROFILING_ENABLE}. Owns every object created through it and releases what is left
 * when closed. Not thread-safe.
 */
final class OpenClDevice implements OpenableDevice {

    /** The option appended to every build, so that {@code clGetKernelArgInfo} can check argument types. */
    static final String ARG_INFO_OPTION = "-cl-kernel-arg-info";

    /** Largest host transfer per {@code clEnqueue{Read,Write}Buffer}: 1 GiB, below {@link ByteBuffer}'s limit. */
    private static final long TRANSFER_CHUNK = 1L << 30;
    /** Staging buffer for heap segments: 64 MiB. */
    private static final long STAGING_BYTES = 64L << 20;

    private final Probe.Candidate candidate;
    private final cl_context context;
    private final cl_command_queue queue;
    private final DeviceFacts facts;
    private final Set<SourceKind> accepted;
    private final long maxAllocBytes;
    private final long maxWorkGroupSize;
    private final NativeCounts counts = new NativeCounts();
    private final Set<Resource> open = Collections.newSetFromMap(new IdentityHashMap<>());
    private boolean closed;

    OpenClDevice(Probe.Candidate candidate) {
        this.candidate = candidate;
        cl_device_id device = candidate.device();
        cl_context_properties properties = new cl_context_properties();
        properties.addProperty(CL.CL_CONTEXT_PLATFORM, candidate.platform());
        int[] err = new int[1];
        this.context = Cl.create(e -> CL.clCreateContext(properties, 1, new cl_device_id[] {device}, null, null, e), err);
        Cl.checkCreated("clCreateContext(" + candidate.name() + ")", err, "");
        try {
            this.queue = createQueue(candidate, context);
            this.facts = readFacts(candidate);
            this.maxAllocBytes = Cl.deviceULong(device, CL.CL_DEVICE_MAX_MEM_ALLOC_SIZE);
            this.maxWorkGroupSize = Cl.deviceSize(device, CL.CL_DEVICE_MAX_WORK_GROUP_SIZE);
            Set<SourceKind> kinds = new LinkedHashSet<>(List.of(SourceKind.OPENCL_C));
            if (facts.extra().getOrDefault("ilVersion", "").contains("SPIR-V")) {
                kinds.add(SourceKind.SPIRV);
            }
            this.accepted = Collections.unmodifiableSet(kinds);
        } catch (RuntimeException e) {
            CL.clReleaseContext(context);
            throw e;
        }
    }

    @SuppressWarnings("deprecation")
    private static cl_command_queue createQueue(Probe.Candidate candidate, cl_context context) {
        int[] err = new int[1];
        cl_command_queue created;
        String call;
        if (majorVersion(candidate.platformVersion()) >= 2) {
            cl_queue_properties properties = new cl_queue_properties();
            properties.addProperty(CL.CL_QUEUE_PROPERTIES, CL.CL_QUEUE_PROFILING_ENABLE);
            call = "clCreateCommandQueueWithProperties(CL_QUEUE_PROFILING_ENABLE)";
            created = Cl.create(e -> CL.clCreateCommandQueueWithProperties(context, candidate.device(), properties, e), err);
        } else {
            call = "clCreateCommandQueue(CL_QUEUE_PROFILING_ENABLE)";
            created = Cl.create(e -> CL.clCreateCommandQueue(context, candidate.device(), CL.CL_QUEUE_PROFILING_ENABLE, e), err);
        }
        Cl.checkCreated(call, err, "on " + candidate.name());
        return created;
    }

    /** The major version in {@code OpenCL <major>.<minor> ...}, or 1 if unreadable. */
    static int majorVersion(String clVersion) {
        String[] words = clVersion.strip().split("\\s+");
        if (words.length >= 2 && words[0].equals("OpenCL")) {
            int dot = words[1].indexOf('.');
            try {
                return Integer.parseInt(dot < 0 ? words[1] : words[1].substring(0, dot));
            } catch (NumberFormatException e) {
                return 1;
            }
        }
        return 1;
    }

    private static DeviceFacts readFacts(Probe.Candidate candidate) {
        cl_device_id device = candidate.device();
        long cache = Cl.deviceULong(device, CL.CL_DEVICE_GLOBAL_MEM_CACHE_SIZE);
        long memory = Cl.deviceULong(device, CL.CL_DEVICE_GLOBAL_MEM_SIZE);
        int units = Cl.deviceUInt(device, CL.CL_DEVICE_MAX_COMPUTE_UNITS);
        int clock = Cl.deviceUInt(device, CL.CL_DEVICE_MAX_CLOCK_FREQUENCY);
        Map<String, String> extra = new LinkedHashMap<>();
        extra.put("deviceIndex", Integer.toString(candidate.index()));
        extra.put("deviceType", Probe.typeName(candidate.type()));
        extra.put("platform", candidate.platformName());
        extra.put("platformVersion", candidate.platformVersion());
        extra.put("deviceVersion", Cl.deviceString(device, CL.CL_DEVICE_VERSION));
        extra.put("driverVersion", Cl.deviceString(device, CL.CL_DRIVER_VERSION));
        extra.put("openclCVersion", Cl.deviceString(device, CL.CL_DEVICE_OPENCL_C_VERSION));
        extra.put("ilVersion", Cl.deviceStringOrEmpty(device, Cl.CL_DEVICE_IL_VERSION));
        extra.put("maxMemAllocBytes", Long.toString(Cl.deviceULong(device, CL.CL_DEVICE_MAX_MEM_ALLOC_SIZE)));
        extra.put("maxWorkGroupSize", Long.toString(Cl.deviceSize(device, CL.CL_DEVICE_MAX_WORK_GROUP_SIZE)));
        extra.put("localMemBytes", Long.toString(Cl.deviceULong(device, CL.CL_DEVICE_LOCAL_MEM_SIZE)));
        extra.put("globalMemCacheLineBytes", Integer.toString(Cl.deviceUInt(device, CL.CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE)));
        extra.put("profilingTimerResolutionNs", Long.toString(Cl.deviceSize(device, CL.CL_DEVICE_PROFILING_TIMER_RESOLUTION)));
        return new DeviceFacts(candidate.name(), Cl.deviceString(device, CL.CL_DEVICE_VENDOR),
                memory > 0 ? OptionalLong.of(memory) : OptionalLong.empty(),
                cache > 0 ? OptionalLong.of(cache) : OptionalLong.empty(),
                units > 0 ? OptionalLong.of(units) : OptionalLong.empty(),
                clock > 0 ? OptionalDouble.of(clock) : OptionalDouble.empty(),
                OptionalDouble.empty(), extra);
    }

    // --- DeviceInterface --------------------------------------------------------------------------------

    @Override
    public void synchronize() {
        checkOpen();
        Cl.check("clFinish", () -> CL.clFinish(queue));
    }

    @Override
    public Event createEvent() {
        checkOpen();
        return track(new OpenClEvent(this));
    }

    /**
     * {@inheritDoc}
     *
     * <p>A barrier waiting for a user event ({@link OpenClStreamGate}); a watchdog completes it after the timeout.
     */
    @Override
    public StreamGate streamGate(double timeoutMillis) {
        checkOpen();
        return new OpenClStreamGate(this, timeoutMillis);
    }

    @Override
    public DeviceFacts facts() {
        return facts;
    }

    @Override
    public Set<SourceKind> acceptedSources() {
        return accepted;
    }

    @Override
    public KernelModule loadModule(KernelSource source) {
        checkOpen();
        String options = source.buildOptions().contains(ARG_INFO_OPTION) ? source.buildOptions()
                : (source.buildOptions().strip() + " " + ARG_INFO_OPTION).strip();
        cl_program program;
        if (source.kind().equals(SourceKind.OPENCL_C)) {
            int[] err = new int[1];
            String text = source.text();
            cl_program created = Cl.create(e -> CL.clCreateProgramWithSource(context, 1, new String[] {text},
                    new long[] {text.getBytes(java.nio.charset.StandardCharsets.UTF_8).length}, e), err);
            if (created == null) {
                throw new KernelException("OpenCL C program '" + source.name() + "': clCreateProgramWithSource failed: "
                        + OpenClException.errorName(err[0]));
            }
            program = created;
        } else if (source.kind().equals(SourceKind.SPIRV)) {
            if (!accepted.contains(SourceKind.SPIRV)) {
                throw new KernelException("SPIR-V module '" + source.name() + "': device '" + facts.name()
                        + "' does not accept SPIR-V (CL_DEVICE_IL_VERSION is "
                        + (facts.extra().getOrDefault("ilVersion", "").isEmpty() ? "empty"
                                : "'" + facts.extra().get("ilVersion") + "'")
                        + "; it needs OpenCL 2.1+ or cl_khr_il_program); build from OpenCL C (.cl) instead");
            }
            program = SpirvPrograms.create(context, source.code(), source.name());
        } else {
            throw new KernelException("the opencl backend cannot load " + source.kind() + " ('" + source.name()
                    + "'); it accepts " + accepted + " on '" + facts.name() + "'");
        }
        counts.onCreate(NativeCounts.Kind.PROGRAM);
        cl_device_id device = candidate.device();
        int status = Cl.status(() -> CL.clBuildProgram(program, 1, new cl_device_id[] {device}, options, null, null));
        if (status != CL.CL_SUCCESS) {
            String log = Cl.programBuildLog(program, device);
            CL.clReleaseProgram(program);
            counts.onRelease(NativeCounts.Kind.PROGRAM);
            throw new KernelException("building " + source.kind() + " program '" + source.name() + "' for '" + facts.name()
                    + "' failed: clBuildProgram(options \"" + options + "\") returned " + OpenClException.errorName(status)
                    + (log.isBlank() ? " (the driver gave no build log)" : ""), log, null);
        }
        return track(new OpenClModule(this, program, source.name()));
    }

    @Override
    public DeviceBuffer allocate(long bytes) {
        checkOpen();
        BufferChecks.requireAllocation(bytes);
        if (bytes > maxAllocBytes) {
            throw new DeviceException(String.format(Locale.ROOT,
                    "cannot allocate %d bytes (%.1f MiB) on '%s': one OpenCL buffer may hold at most %d bytes "
                            + "(CL_DEVICE_MAX_MEM_ALLOC_SIZE)", bytes, bytes / 1048576.0, facts.name(), maxAllocBytes));
        }
        int[] err = new int[1];
        cl_mem mem = Cl.create(e -> CL.clCreateBuffer(context, CL.CL_MEM_READ_WRITE, bytes, null, e), err);
        if (mem == null) {
            throw new OpenClException(String.format(Locale.ROOT, "clCreateBuffer(%d bytes)", bytes), err[0],
                    String.format(Locale.ROOT, "could not allocate %.1f MiB on '%s' (global memory: %s); free device memory "
                            + "or use a smaller size", bytes / 1048576.0, facts.name(), facts.totalMemoryBytes().isPresent()
                                    ? facts.totalMemoryBytes().getAsLong() + " bytes" : "unknown"));
        }
        counts.onCreate(NativeCounts.Kind.BUFFER);
        return track(new OpenClBuffer(this, mem, bytes));
    }

    @Override
    public void write(MemorySegment source, DeviceBuffer target) {
        checkOpen();
        OpenClBuffer buffer = own(target, "target");
        BufferChecks.requireWritable(source, buffer);
        transfer(source, buffer, true);
    }

    @Override
    public void read(DeviceBuffer source, MemorySegment target) {
        checkOpen();
        OpenClBuffer buffer = own(source, "source");
        BufferChecks.requireReadable(buffer, target);
        transfer(target, buffer, false);
    }

    private void transfer(MemorySegment host, OpenClBuffer buffer, boolean toDevice) {
        long size = host.byteSize();
        if (size == 0) {
            return;
        }
        if (host.isNative()) {
            for (long offset = 0; offset < size; offset += TRANSFER_CHUNK) {
                long length = Math.min(TRANSFER_CHUNK, size - offset);
                enqueueTransfer(host.asSlice(offset, length).asByteBuffer(), buffer, offset, length, toDevice);
            }
            return;
        }
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment staging = arena.allocate(Math.min(STAGING_BYTES, size), 64);
            for (long offset = 0; offset < size; offset += staging.byteSize()) {
                long length = Math.min(staging.byteSize(), size - offset);
                if (toDevice) {
                    MemorySegment.copy(host, offset, staging, 0, length);
                    enqueueTransfer(staging.asSlice(0, length).asByteBuffer(), buffer, offset, length, true);
                } else {
                    enqueueTransfer(staging.asSlice(0, length).asByteBuffer(), buffer, offset, length, false);
                    MemorySegment.copy(staging, 0, host, offset, length);
                }
            }
        }
    }

    private void enqueueTransfer(ByteBuffer host, OpenClBuffer buffer, long offset, long length, boolean toDevice) {
        Pointer pointer = Pointer.to(host);
        if (toDevice) {
            Cl.check(String.format(Locale.ROOT, "clEnqueueWriteBuffer(offset %d, %d bytes)", offset, length),
                    () -> CL.clEnqueueWriteBuffer(queue, buffer.mem(), true, offset, length, pointer, 0, null, null));
        } else {
            Cl.check(String.format(Locale.ROOT, "clEnqueueReadBuffer(offset %d, %d bytes)", offset, length),
                    () -> CL.clEnqueueReadBuffer(queue, buffer.mem(), true, offset, length, pointer, 0, null, null));
        }
    }

    @Override
    public void fill(DeviceBuffer target, int pattern) {
        checkOpen();
        OpenClBuffer buffer = own(target, "target");
        BufferChecks.requireFillable(buffer);
        enqueueFill(buffer, Pointer.to(new int[] {pattern}), Integer.BYTES);
    }

    /**
     * Enqueues a fill of a whole buffer; OpenCL copies the pattern before returning.
     *
     * @param buffer the buffer, a multiple of {@code patternBytes} long
     * @param pattern the pattern's bytes
     * @param patternBytes 1, 2, 4, ... 128
     */
    void enqueueFill(OpenClBuffer buffer, Pointer pattern, int patternBytes) {
        long bytes = buffer.bytes();
        Cl.check(String.format(Locale.ROOT, "clEnqueueFillBuffer(%d bytes, %d-byte pattern)", bytes, patternBytes),
                () -> CL.clEnqueueFillBuffer(queue, buffer.mem(), pattern, patternBytes, 0, bytes, 0, null, null));
    }

    @Override
    public <T> T unwrap(Class<T> type) {
        checkOpen();
        if (type == cl_command_queue.class) {
            return type.cast(queue);
        }
        if (type == cl_context.class) {
            return type.cast(context);
        }
        if (type == cl_device_id.class) {
            return type.cast(candidate.device());
        }
        if (type == cl_platform_id.class) {
            return type.cast(candidate.platform());
        }
        throw new UnsupportedOperationException("no native handle of type " + type.getName() + "; the opencl backend offers "
                + "org.jocl.cl_command_queue, org.jocl.cl_context, org.jocl.cl_device_id and org.jocl.cl_platform_id");
    }

    // --- kbench's own ------------------------------------------------------------------------------------

    @Override
    public CacheClearer newCacheClearer(long bytes) {
        checkOpen();
        return new OpenClCacheClearer(this, (OpenClBuffer) allocate(bytes));
    }

    cl_command_queue queue() {
        return queue;
    }

    cl_context context() {
        return context;
    }

    cl_device_id clDevice() {
        return candidate.device();
    }

    long maxWorkGroupSize() {
        return maxWorkGroupSize;
    }

    NativeCounts counts() {
        return counts;
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    void checkOpen() {
        if (closed) {
            throw new IllegalStateException("the OpenCL device '" + facts.name() + "' is closed; get it again from "
                    + "driver.device()");
        }
    }

    private <R extends Resource> R track(R resource) {
        open.add(resource);
        return resource;
    }

    void forget(Resource resource) {
        open.remove(resource);
    }

    /**
     * The buffer as this device's buffer.
     *
     * @throws IllegalArgumentException if it belongs to another device or backend, or is closed
     */
    OpenClBuffer own(DeviceBuffer buffer, String role) {
        return BufferChecks.own(buffer, OpenClBuffer.class, this, "opencl", role);
    }

    /** Releases everything still open, then the queue and the context. Idempotent, best effort. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        Cl.status(() -> CL.clFinish(queue));
        List<Resource> remaining = new ArrayList<>(open);
        for (Resource resource : remaining) {
            try {
                resource.release();
            } catch (RuntimeException e) {
                // Best effort: the context's release below frees what a failed release left.
            }
        }
        open.clear();
        closed = true;
        Cl.status(() -> CL.clReleaseCommandQueue(queue));
        Cl.status(() -> CL.clReleaseContext(context));
    }

    @Override
    public String toString() {
        return "OpenClDevice[" + candidate.description() + (closed ? ", closed" : "") + "]";
    }
}

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
package dev.kbench.evidence;

import dev.kbench.api.Backend;
import dev.kbench.api.Drivers;
import dev.kbench.api.internal.Quantiles;
import dev.kbench.spi.CacheClearer;
import dev.kbench.spi.DeviceInterface;
import dev.kbench.spi.Driver;
import java.io.PrintStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.jocl.CL;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_command_queue;
import org.jocl.cl_context;
import org.jocl.cl_event;
import org.jocl.cl_kernel;
import org.jocl.cl_mem;
import org.jocl.cl_program;

/**
 * What marker events add to a measurement on the {@code opencl} driver, printed as CSV, one line per
 * scenario:
 * <ul>
 *   <li>{@code empty}: two markers back to back: the marker-to-marker time of no work;</li>
 *   <li>{@code kernel}: marker, GELU kernel, marker; compared with the kernel's own
 *       {@code CL_PROFILING_COMMAND_START/END};</li>
 *   <li>{@code clear+kernel}: the same after a cache clear, as each {@code do_bench} repetition does;</li>
 *   <li>{@code clear}: marker, cache clear, marker: what one clear costs (the {@code kernel} columns then
 *       describe the fill's own profiling event).</li>
 * </ul>
 * The markers are the calls kbench's events make ({@code clEnqueueMarkerWithWaitList}, timestamp
 * {@code CL_PROFILING_COMMAND_END}); the kernel is enqueued with plain JOCL on the queue from
 * {@code unwrap(cl_command_queue.class)}, as a user who enqueues their own work would, so that its own
 * profiling event exists. Columns, in microseconds: the marker-to-marker time; the kernel's own time;
 * their difference (the overhead); {@code before} = kernel START - start marker END; {@code after} = end
 * marker END - kernel END.
 *
 * <p>Usage: {@code java ... dev.kbench.evidence.MarkerOverhead [iterations=2000] [log2n=16] [clearBytes=268435456]}.
 */
public final class MarkerOverhead {

    private static final Gelu.Kernels OPENCL = Gelu.kernelsFor(java.util.Set.of(dev.kbench.api.SourceKind.OPENCL_C));

    private MarkerOverhead() {
    }

    /**
     * Runs the measurement on the {@code opencl} driver.
     *
     * @param args iterations, log2 of the kernel's size, cache clear bytes
     */
    public static void main(String[] args) {
        int iterations = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        int log2n = args.length > 1 ? Integer.parseInt(args[1]) : 16;
        long clearBytes = args.length > 2 ? Long.parseLong(args[2]) : dev.kbench.api.CacheSizes.TRITON_BYTES;
        run(Drivers.system().select("opencl"), iterations, 1L << log2n, clearBytes, System.out);
    }

    /**
     * One iteration's device timestamps, in nanoseconds.
     *
     * @param startMarkerEnd the start marker's {@code CL_PROFILING_COMMAND_END}
     * @param kernelStart the kernel's START, 0 without a kernel
     * @param kernelEnd the kernel's END, 0 without a kernel
     * @param endMarkerEnd the end marker's END
     */
    public record Timestamps(long startMarkerEnd, long kernelStart, long kernelEnd, long endMarkerEnd) {

        /** {@return marker-to-marker time in microseconds} */
        public double markerMicros() {
            return (endMarkerEnd - startMarkerEnd) / 1e3;
        }

        /** {@return the kernel's own time in microseconds, 0 without a kernel} */
        public double kernelMicros() {
            return (kernelEnd - kernelStart) / 1e3;
        }
    }

    /**
     * One scenario.
     *
     * @param scenario {@code empty}, {@code kernel}, {@code clear+kernel} or {@code clear}
     * @param timestamps every iteration's timestamps
     */
    public record Scenario(String scenario, List<Timestamps> timestamps) {

        /** {@return whether the scenario has a kernel between the markers} */
        public boolean withKernel() {
            return timestamps.getFirst().kernelEnd() != 0;
        }
    }

    /**
     * Measures the three scenarios and prints a CSV line for each.
     *
     * @param backend the opencl driver
     * @param iterations samples per scenario
     * @param n the GELU kernel's size
     * @param clearBytes the cache clear of the third scenario
     * @param out where the CSV goes
     * @return the scenarios
     */
    public static List<Scenario> run(Backend backend, int iterations, long n, long clearBytes, PrintStream out) {
        Driver driver = (Driver) backend;   // an instrument of the SPI: it times raw events and clears
        DeviceInterface device = driver.device();
        out.println("# kbench MarkerOverhead on " + device.facts().name() + " (" + device.facts().extra().get("deviceVersion")
                + ", driver " + device.facts().extra().get("driverVersion") + "): GELU n=" + n + ", " + iterations
                + " iterations per scenario, clear " + clearBytes + " bytes; times in us");
        out.println("scenario,n,iterations,median_marker_us,q20_marker_us,q80_marker_us,median_kernel_us,median_overhead_us,"
                + "q20_overhead_us,q80_overhead_us,median_before_us,median_after_us");
        cl_command_queue queue = device.unwrap(cl_command_queue.class);
        cl_context context = device.unwrap(cl_context.class);
        int[] err = new int[1];
        cl_program program = CL.clCreateProgramWithSource(context, 1, new String[] {OPENCL.source().text()}, null, err);
        check("clCreateProgramWithSource", err[0]);
        List<Object> release = new ArrayList<>();
        try (CacheClearer clearer = driver.cacheClearer(clearBytes); Arena arena = Arena.ofConfined()) {
            check("clBuildProgram", CL.clBuildProgram(program, 0, null, "", null, null));
            cl_kernel kernel = CL.clCreateKernel(program, OPENCL.gelu(), err);
            check("clCreateKernel", err[0]);
            release.add(kernel);
            long bytes = n * Float.BYTES;
            cl_mem x = CL.clCreateBuffer(context, CL.CL_MEM_READ_WRITE, bytes, null, err);
            check("clCreateBuffer", err[0]);
            release.add(x);
            cl_mem y = CL.clCreateBuffer(context, CL.CL_MEM_READ_WRITE, bytes, null, err);
            check("clCreateBuffer", err[0]);
            release.add(y);
            MemorySegment host = arena.allocate(bytes, 64);
            for (long i = 0; i < n; i++) {
                host.setAtIndex(java.lang.foreign.ValueLayout.JAVA_FLOAT, i, Gelu.input(i));
            }
            check("clEnqueueWriteBuffer", CL.clEnqueueWriteBuffer(queue, x, true, 0, bytes, Pointer.to(host.asByteBuffer()),
                    0, null, null));
            check("clSetKernelArg", CL.clSetKernelArg(kernel, 0, Sizeof.cl_mem, Pointer.to(x)));
            check("clSetKernelArg", CL.clSetKernelArg(kernel, 1, Sizeof.cl_mem, Pointer.to(y)));
            check("clSetKernelArg", CL.clSetKernelArg(kernel, 2, Sizeof.cl_int, Pointer.to(new int[] {(int) n})));
            long local = 256;
            long global = (n + local - 1) / local * local;
            List<Scenario> scenarios = List.of(
                    measure("empty", device, queue, null, global, local, null, iterations),
                    measure("kernel", device, queue, kernel, global, local, null, iterations),
                    measure("clear+kernel", device, queue, kernel, global, local, clearer, iterations),
                    measureClear(device, queue, clearBytes, iterations));
            for (Scenario s : scenarios) {
                out.println(line(s, n));
            }
            return scenarios;
        } finally {
            for (Object o : release) {
                if (o instanceof cl_kernel k) {
                    CL.clReleaseKernel(k);
                } else if (o instanceof cl_mem m) {
                    CL.clReleaseMemObject(m);
                }
            }
            CL.clReleaseProgram(program);
        }
    }

    private static Scenario measure(String scenario, DeviceInterface device, cl_command_queue queue, cl_kernel kernel,
                                    long global, long local, CacheClearer clearer, int iterations) {
        List<Timestamps> all = new ArrayList<>(iterations);
        for (int i = 0; i < iterations; i++) {
            if (clearer != null) {
                clearer.clear();
            }
            cl_event start = new cl_event();
            cl_event work = kernel == null ? null : new cl_event();
            cl_event end = new cl_event();
            check("clEnqueueMarkerWithWaitList", CL.clEnqueueMarkerWithWaitList(queue, 0, null, start));
            if (kernel != null) {
                check("clEnqueueNDRangeKernel", CL.clEnqueueNDRangeKernel(queue, kernel, 1, null, new long[] {global},
                        new long[] {local}, 0, null, work));
            }
            check("clEnqueueMarkerWithWaitList", CL.clEnqueueMarkerWithWaitList(queue, 0, null, end));
            check("clWaitForEvents", CL.clWaitForEvents(1, new cl_event[] {end}));
            all.add(new Timestamps(profiling(start, CL.CL_PROFILING_COMMAND_END),
                    kernel == null ? 0 : profiling(work, CL.CL_PROFILING_COMMAND_START),
                    kernel == null ? 0 : profiling(work, CL.CL_PROFILING_COMMAND_END),
                    profiling(end, CL.CL_PROFILING_COMMAND_END)));
            CL.clReleaseEvent(start);
            CL.clReleaseEvent(end);
            if (work != null) {
                CL.clReleaseEvent(work);
            }
        }
        device.synchronize();
        return new Scenario(scenario, all);
    }

    /**
     * Marker, fill, marker, where the fill is what {@code CacheClearer.clear()} enqueues (a 4-byte zero
     * pattern over the whole buffer) on a buffer of the same size, here with its own profiling event.
     */
    private static Scenario measureClear(DeviceInterface device, cl_command_queue queue, long clearBytes, int iterations) {
        long bytes = clearBytes - clearBytes % Integer.BYTES;
        int[] err = new int[1];
        cl_mem mem = CL.clCreateBuffer(device.unwrap(cl_context.class), CL.CL_MEM_READ_WRITE, bytes, null, err);
        check("clCreateBuffer", err[0]);
        List<Timestamps> all = new ArrayList<>(iterations);
        try {
            Pointer zero = Pointer.to(new int[] {0});
            for (int i = 0; i < iterations; i++) {
                cl_event start = new cl_event();
                cl_event fill = new cl_event();
                cl_event end = new cl_event();
                check("clEnqueueMarkerWithWaitList", CL.clEnqueueMarkerWithWaitList(queue, 0, null, start));
                check("clEnqueueFillBuffer", CL.clEnqueueFillBuffer(queue, mem, zero, Integer.BYTES, 0, bytes, 0, null, fill));
                check("clEnqueueMarkerWithWaitList", CL.clEnqueueMarkerWithWaitList(queue, 0, null, end));
                check("clWaitForEvents", CL.clWaitForEvents(1, new cl_event[] {end}));
                all.add(new Timestamps(profiling(start, CL.CL_PROFILING_COMMAND_END), profiling(fill, CL.CL_PROFILING_COMMAND_START),
                        profiling(fill, CL.CL_PROFILING_COMMAND_END), profiling(end, CL.CL_PROFILING_COMMAND_END)));
                CL.clReleaseEvent(start);
                CL.clReleaseEvent(fill);
                CL.clReleaseEvent(end);
            }
        } finally {
            CL.clReleaseMemObject(mem);
        }
        return new Scenario("clear", all);
    }

    private static String line(Scenario s, long n) {
        List<Timestamps> ts = s.timestamps();
        double[] marker = ts.stream().mapToDouble(Timestamps::markerMicros).toArray();
        double[] overhead = ts.stream().mapToDouble(t -> t.markerMicros() - t.kernelMicros()).toArray();
        if (!s.withKernel()) {
            return String.format(Locale.ROOT, "%s,%d,%d,%.3f,%.3f,%.3f,,%.3f,%.3f,%.3f,,", s.scenario(), n, ts.size(),
                    Quantiles.of(marker, 0.5), Quantiles.of(marker, 0.2), Quantiles.of(marker, 0.8),
                    Quantiles.of(overhead, 0.5), Quantiles.of(overhead, 0.2), Quantiles.of(overhead, 0.8));
        }
        double[] kernel = ts.stream().mapToDouble(Timestamps::kernelMicros).toArray();
        double[] before = ts.stream().mapToDouble(t -> (t.kernelStart() - t.startMarkerEnd()) / 1e3).toArray();
        double[] after = ts.stream().mapToDouble(t -> (t.endMarkerEnd() - t.kernelEnd()) / 1e3).toArray();
        return String.format(Locale.ROOT, "%s,%d,%d,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f", s.scenario(), n, ts.size(),
                Quantiles.of(marker, 0.5), Quantiles.of(marker, 0.2), Quantiles.of(marker, 0.8), Quantiles.of(kernel, 0.5),
                Quantiles.of(overhead, 0.5), Quantiles.of(overhead, 0.2), Quantiles.of(overhead, 0.8),
                Quantiles.of(before, 0.5), Quantiles.of(after, 0.5));
    }

    private static long profiling(cl_event event, int param) {
        long[] value = new long[1];
        check("clGetEventProfilingInfo(" + CL.stringFor_cl_profiling_info(param) + ")",
                CL.clGetEventProfilingInfo(event, param, Sizeof.cl_ulong, Pointer.to(value), null));
        return value[0];
    }

    private static void check(String call, int status) {
        if (status != CL.CL_SUCCESS) {
            throw new IllegalStateException(call + " failed: " + CL.stringFor_errorCode(status) + " (" + status + ")");
        }
    }
}

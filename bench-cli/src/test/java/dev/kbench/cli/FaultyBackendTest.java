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
package dev.kbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kbench run through a backend module from outside kbench that answers one question wrongly (a null, or an exception),
 * chosen by {@code -Dfaulty.mode=MODE}: the fault is named as that backend's, never as kbench's internal error. The
 * module is compiled here from source against kbench's API, as a stranger's backend would be.
 */
class FaultyBackendTest {

    @TempDir
    static Path dir;

    private static Path module;

    private static final String DRIVER = """
            package com.acme.faulty;

            import dev.kbench.api.*;
            import dev.kbench.spi.*;
            import java.lang.foreign.Arena;
            import java.lang.foreign.MemorySegment;
            import java.util.*;

            public final class FaultyDriver implements Driver {
                static boolean is(String mode) { return mode.equals(System.getProperty("faulty.mode", "")); }

                private final FaultyDevice device = new FaultyDevice();

                @Override public String name() { return "faulty"; }
                @Override public Availability availability() { return Availability.active("a host-memory fake"); }
                @Override public Set<SourceKind> sourceKinds() { return Set.of(SourceKind.OPENCL_C); }
                @Override public DeviceInterface device() {
                    if (is("device-throws")) throw new IllegalStateException("faulty: no device today");
                    return is("device-null") ? null : device;
                }
                @Override public CacheClearer cacheClearer(long bytes) {
                    return new CacheClearer() {
                        @Override public void clear() { }
                        @Override public long bytes() { return bytes; }
                        @Override public void close() { }
                    };
                }
                @Override public void close() {
                    if (is("close-throws")) throw new IllegalStateException("faulty: cannot close");
                }
                // one device, index 0; as the API's default, a backend that cannot choose
                @Override public Driver withDevice(int index) {
                    if (is("one-device")) return Driver.super.withDevice(index);
                    if (index != 0) throw new IllegalArgumentException("no device " + index + "; faulty has device 0");
                    return new FaultyDriver();
                }

                static final class Buffer implements DeviceBuffer {
                    final Arena arena = Arena.ofShared();
                    final MemorySegment memory;
                    Buffer(long bytes) { memory = arena.allocate(bytes, 8); }
                    @Override public long bytes() { return memory.byteSize(); }
                    @Override public void close() { if (arena.scope().isAlive()) arena.close(); }
                }

                static final class Clock implements Event {
                    long nanos;
                    @Override public void record() { nanos = System.nanoTime(); }
                    @Override public void synchronize() { }
                    @Override public double elapsedMillis(Event end) { return (((Clock) end).nanos - nanos) / 1e6; }
                    @Override public void close() { }
                }

                static final class FaultyDevice implements DeviceInterface {
                    @Override public void synchronize() { }
                    @Override public DeviceFacts facts() {
                        return is("facts-null") ? null : new DeviceFacts("faulty fake device", "acme", OptionalLong.empty(),
                                OptionalLong.empty(), OptionalLong.empty(), OptionalDouble.empty(), OptionalDouble.empty(),
                                Map.of());
                    }
                    @Override public Set<SourceKind> acceptedSources() { return Set.of(SourceKind.OPENCL_C); }
                    @Override public KernelModule loadModule(KernelSource source) {
                        return new KernelModule() {
                            @Override public Kernel kernel(String entry) {
                                return is("kernel-null") ? null : new Kernel() {
                                    @Override public String name() { return entry; }
                                    // the built-in copy (src, dst, n), so that its check passes and the run measures
                                    @Override public void launch(Dim3 grid, Dim3 block, List<KernelArg> args) {
                                        if (entry.equals("copy")) {
                                            ((Buffer) ((KernelArg.Buffer) args.get(1)).buffer()).memory
                                                    .copyFrom(((Buffer) ((KernelArg.Buffer) args.get(0)).buffer()).memory);
                                        }
                                    }
                                };
                            }
                            @Override public void close() { }
                        };
                    }
                    @Override public DeviceBuffer allocate(long bytes) { return new Buffer(bytes); }
                    @Override public void write(MemorySegment source, DeviceBuffer target) {
                        ((Buffer) target).memory.copyFrom(source.asSlice(0, Math.min(source.byteSize(), target.bytes())));
                    }
                    @Override public void read(DeviceBuffer source, MemorySegment target) {
                        target.copyFrom(((Buffer) source).memory.asSlice(0, Math.min(source.bytes(), target.byteSize())));
                    }
                    @Override public void fill(DeviceBuffer target, int pattern) { ((Buffer) target).memory.fill((byte) pattern); }
                    @Override public Event createEvent() { return new Clock(); }
                }
            }
            """;

    @BeforeAll
    static void compileTheBackendModule() throws IOException, InterruptedException {
        Path src = dir.resolve("src");
        Files.createDirectories(src.resolve("com/acme/faulty"));
        Files.writeString(src.resolve("module-info.java"), """
                module com.acme.faulty {
                    requires dev.kbench.api;
                    provides dev.kbench.spi.Driver with com.acme.faulty.FaultyDriver;
                }
                """);
        Files.writeString(src.resolve("com/acme/faulty/FaultyDriver.java"), DRIVER);
        module = dir.resolve("com.acme.faulty");
        String api = Jvm.classPath().stream().filter(e -> e.contains("bench-api")).findFirst().orElseThrow();
        Process javac = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "javac").toString(), "-d",
                module.toString(), "--module-path", api, src.resolve("module-info.java").toString(),
                src.resolve("com/acme/faulty/FaultyDriver.java").toString()).redirectErrorStream(true).start();
        String said = new String(javac.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
        int status = javac.waitFor();
        assertEquals(0, status, "the backend module compiles against kbench's API: " + said);
        // on the class path a jar names its driver in META-INF/services
        Files.createDirectories(module.resolve("META-INF/services"));
        Files.writeString(module.resolve("META-INF/services/dev.kbench.spi.Driver"), "com.acme.faulty.FaultyDriver\n");
    }

    private static NoDriverTest.Outcome run(String mode) throws IOException, InterruptedException {
        return run(mode, false);
    }

    private static NoDriverTest.Outcome run(String mode, boolean classPath, String... more) throws IOException,
            InterruptedException {
        List<String> run = new ArrayList<>(List.of("run", "--backend", "faulty", "--filter", "copy", "-p", "n=2^10",
                "--rep-ms", "20", "--warmup-ms", "5"));
        run.addAll(List.of(more));
        String[] args = run.toArray(String[]::new);
        List<String> command = new ArrayList<>(classPath ? Jvm.onClassPath(Jvm::withoutBackends, args)
                : Jvm.onModulePath(Jvm::withoutBackends, args));
        // the backend on the module path (or the class path), its mode for the child JVM
        int path = command.indexOf(classPath ? "-cp" : "-p") + 1;
        command.set(path, command.get(path) + File.pathSeparator + module);
        command.add(1, "-Dfaulty.mode=" + mode);
        return NoDriverTest.launch(command);
    }

    /**
     * With two active drivers and none chosen (the faulty one beside PoCL's OpenCL), {@code demo} runs on the
     * first in its order, OpenCL before any other name, says so, and names {@code --backend} in its closing
     * hint; {@code run} keeps the lookup rule, and {@code demo} takes the one chosen.
     */
    @Test
    void demoTakesTheFirstOfSeveralActiveDriversWhereRunKeepsTheRule() throws Exception {
        java.util.function.Predicate<String> withBackends = e -> !e.contains("test-classes") && !e.contains("junit")
                && !e.contains("opentest4j") && !e.contains("apiguardian");
        List<String> demo = Jvm.onClassPath(withBackends, "demo", "--format", "csv");
        int path = demo.indexOf("-cp") + 1;
        demo.set(path, demo.get(path) + File.pathSeparator + module);
        NoDriverTest.Outcome o = NoDriverTest.launch(demo);
        assertEquals(0, o.status(), o.toString());
        List<String> err = o.err().lines().toList();
        assertEquals("kbench demo: 2 active drivers (opencl, faulty); the demo runs on opencl, the first in its order (cuda, "
                + "levelzero, opencl, vulkan, then by name); every other command needs one chosen: --backend NAME",
                err.getFirst(), o.toString());
        assertTrue(err.getLast().startsWith("kbench demo: next, `kbench --backend opencl run --csv-samples base.csv`"), o.toString());
        assertTrue(err.getLast().endsWith("then `kbench compare base.csv new.csv`."), o.toString());
        assertTrue(o.out().lines().skip(1).allMatch(l -> l.split(",")[2].equals("opencl")), "every row measured on OpenCL: " + o);
        List<String> run = new ArrayList<>(demo);
        run.subList(run.indexOf("demo"), run.size()).clear();
        run.addAll(List.of("run", "--filter", "copy"));
        o = NoDriverTest.launch(run);
        assertEquals(3, o.status(), o.toString());
        assertEquals("2 active drivers ([opencl, faulty]). There should only be one.", o.err().lines().findFirst().orElse(""));
        List<String> chosen = new ArrayList<>(demo);
        chosen.add(1, "-Dfaulty.mode=none");
        chosen.add(chosen.indexOf("demo"), "--backend");
        chosen.add(chosen.indexOf("demo"), "faulty");
        o = NoDriverTest.launch(chosen);
        assertFalse(o.err().contains("active drivers"), "a chosen driver is not the demo's pick: " + o);
        assertTrue(o.err().contains("kbench demo: the built-in suite on faulty"), o.toString());
    }

    /** The run's output and errors say the fault is the backend's, naming its module, and never kbench's. */
    private static void assertBackendsFault(NoDriverTest.Outcome o, String says) {
        String all = o.out() + o.err();
        assertTrue(all.contains(says), o.toString());
        assertTrue(all.contains("com.acme.faulty"), "names the backend's module: " + o);
        assertFalse(all.contains("internal error"), o.toString());
    }

    @Test
    void aNullWhereKbenchReadsTheDeviceEndsTheRunAsTheBackendsFault() throws Exception {
        for (String mode : List.of("device-null", "facts-null")) {
            NoDriverTest.Outcome o = run(mode);
            assertEquals(1, o.status(), o.toString());
            assertBackendsFault(o, "kbench run: the backend answered " + (mode.equals("device-null") ? "device()" : "Device.facts()")
                    + " with null (com.acme.faulty.FaultyDriver");
            assertTrue(o.err().contains("where kbench needs a value: a fault of that backend's"), o.toString());
        }
    }

    @Test
    void aNullKernelFailsTheBenchmarkNamingTheBackend() throws Exception {
        NoDriverTest.Outcome o = run("kernel-null");
        assertEquals(1, o.status(), o.toString());
        // the table's note: the benchmark failed, the run went on to say nothing was measured
        assertBackendsFault(o, "FAILED: the backend answered KernelModule.kernel(\"copy\") with null "
                + "(com.acme.faulty.FaultyDriver$FaultyDevice$1, module com.acme.faulty)");
        assertTrue(o.err().contains("kbench: nothing was measured"), o.toString());
        // in a device's own process (--devices) too, and the run does not claim samples it has not got
        Path all = dir.resolve("nothing-measured.csv");
        o = run("kernel-null", false, "--devices", "all", "--csv-samples", all.toString());
        assertEquals(1, o.status(), o.toString());
        assertTrue(o.out().contains("FAILED: the backend answered KernelModule.kernel(\"copy\") with null"), o.toString());
        assertTrue(o.err().contains("kbench: no device recorded a sample; nothing was written to " + all), o.toString());
        assertFalse(o.err().contains("samples of 1 device(s)") || Files.exists(all)
                || Files.exists(RunEnvironment.sidecar(all)), o.toString());
    }

    /**
     * Forks that all fail before measuring leave an existing --json FILE as it was, --force or not, and print
     * no empty table (a run with nothing measured writes no file, in forks as in one process).
     */
    @Test
    void forksThatMeasureNothingLeaveTheJsonFileAsItWas() throws Exception {
        Path json = Files.writeString(dir.resolve("mine.json"), "{\"mine\": 1}\n");
        NoDriverTest.Outcome o = run("device-throws", false, "--forks", "2", "--json", json.toString(), "--force");
        assertEquals(1, o.status(), o.toString());
        assertEquals("{\"mine\": 1}\n", Files.readString(json));
        assertEquals("", o.out(), "no table of nothing: " + o);
        assertTrue(o.err().contains("kbench: nothing was measured; " + json + " is left as it was"), o.toString());
    }

    @Test
    void anExceptionThrownInTheBackendIsNamedAsItsFault() throws Exception {
        NoDriverTest.Outcome o = run("device-throws");
        assertEquals(1, o.status(), o.toString());
        assertBackendsFault(o, "kbench run: the backend in module com.acme.faulty failed: "
                + "java.lang.IllegalStateException: faulty: no device today");
    }

    @Test
    void aBackendThatFailsToCloseAfterMeasuringLosesNoMeasurement() throws Exception {
        // forks close the backend to hand the device on, before they write their samples
        Path csv = dir.resolve("closing-forks.csv");
        NoDriverTest.Outcome o = run("close-throws", false, "--forks", "2", "--csv-samples", csv.toString());
        assertEquals(0, o.status(), o.toString());
        assertBackendsFault(o, "kbench: closing the backend failed: the backend in module com.acme.faulty "
                + "failed: java.lang.IllegalStateException: faulty: cannot close; what was measured is kept");
        assertEquals(java.util.Set.of(0, 1), dev.kbench.stats.io.SamplesCsv.read(csv).stream()
                .map(dev.kbench.api.SampleRecord::fork).collect(java.util.stream.Collectors.toSet()), o.toString());
        // --device closes the backend it chose once the run has reported
        Path one = dir.resolve("closing-device.csv");
        o = run("close-throws", false, "--device", "0", "--csv-samples", one.toString());
        assertEquals(0, o.status(), o.toString());
        assertBackendsFault(o, "kbench: closing the backend failed: the backend in module com.acme.faulty "
                + "failed: java.lang.IllegalStateException: faulty: cannot close; what was measured is kept");
        assertFalse(dev.kbench.stats.io.SamplesCsv.read(one).isEmpty(), o.toString());
        assertTrue(Files.exists(RunEnvironment.sidecar(one)), o.toString());
        // --devices: each device's process closes as --device does
        Path each = dir.resolve("closing-devices.csv");
        o = run("close-throws", false, "--devices", "all", "--csv-samples", each.toString());
        assertEquals(0, o.status(), o.toString());
        // a device's process has its table forwarded to standard output and its messages to standard error
        assertTrue(o.err().contains("[device 0] kbench: closing the backend failed: the backend in module com.acme.faulty"),
                o.toString());
        assertFalse(o.out().contains("closing the backend failed"), o.toString());
        assertTrue(o.out().lines().anyMatch(l -> l.startsWith("[device 0] ") && l.contains("faulty")), o.toString());
        assertFalse(dev.kbench.stats.io.SamplesCsv.read(each).isEmpty(), o.toString());
    }

    @Test
    void aDeviceOfABackendThatCannotChooseOneIsAUsageError() throws Exception {
        NoDriverTest.Outcome o = run("one-device", false, "--device", "0");
        assertEquals(2, o.status(), o.toString());
        assertTrue(o.err().contains("kbench run: --device 0: the backend 'faulty' cannot choose a device (faulty cannot "
                + "choose a device); leave --device out to run on its one device"), o.toString());
        assertFalse(o.err().contains("internal error"), o.toString());
        // --devices runs each device's process with --device I: refused once, before any process starts
        Path all = dir.resolve("all.csv");
        o = run("one-device", false, "--devices", "all", "--csv-samples", all.toString());
        assertEquals(2, o.status(), o.toString());
        assertTrue(o.err().contains("kbench run: --devices all: the backend 'faulty' cannot choose a device (faulty "
                + "cannot choose a device); leave --devices out to run on its one device"), o.toString());
        assertFalse(o.err().contains("device fork") || Files.exists(all), o.toString());
    }

    @Test
    void onTheClassPathTheBackendIsNamedByItsPackage() throws Exception {
        NoDriverTest.Outcome o = run("device-throws", true);
        assertEquals(1, o.status(), o.toString());
        assertBackendsFault(o, "kbench run: the backend in package com.acme.faulty on the class path failed: "
                + "java.lang.IllegalStateException: faulty: no device today");
        o = run("facts-null", true);
        assertEquals(1, o.status(), o.toString());
        assertBackendsFault(o, "kbench run: the backend answered Device.facts() with null "
                + "(com.acme.faulty.FaultyDriver$FaultyDevice), where kbench needs a value");
    }
}

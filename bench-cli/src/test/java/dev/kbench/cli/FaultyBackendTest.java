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
                @Override public void close() { }

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
                                    @Override public void launch(Dim3 grid, Dim3 block, List<KernelArg> args) { }
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

    private static NoDriverTest.Outcome run(String mode, boolean classPath) throws IOException, InterruptedException {
        String[] args = {"run", "--backend", "faulty", "--filter", "copy", "-p", "n=2^10", "--rep-ms", "20", "--warmup-ms", "5"};
        List<String> command = new ArrayList<>(classPath ? Jvm.onClassPath(Jvm::withoutBackends, args)
                : Jvm.onModulePath(Jvm::withoutBackends, args));
        // the backend on the module path (or the class path), its mode for the child JVM
        int path = command.indexOf(classPath ? "-cp" : "-p") + 1;
        command.set(path, command.get(path) + File.pathSeparator + module);
        command.add(1, "-Dfaulty.mode=" + mode);
        return NoDriverTest.launch(command);
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
    }

    @Test
    void anExceptionThrownInTheBackendIsNamedAsItsFault() throws Exception {
        NoDriverTest.Outcome o = run("device-throws");
        assertEquals(1, o.status(), o.toString());
        assertBackendsFault(o, "kbench run: the backend in module com.acme.faulty failed: "
                + "java.lang.IllegalStateException: faulty: no device today");
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

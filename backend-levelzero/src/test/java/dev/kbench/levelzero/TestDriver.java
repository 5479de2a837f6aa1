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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The Level Zero test driver (src/test/c/ze_test_driver.c), as the tests see it: its path, its
 * counters, and the SPIR-V modules it runs.
 */
final class TestDriver {

    private static MethodHandle stat;

    private TestDriver() {
    }

    /**
     * The built driver library, from the system property the pom sets.
     *
     * @return its path
     */
    static Path library() {
        String path = System.getProperty("kbench.zeTestDriver");
        assertNotNull(path, "kbench.zeTestDriver is not set: run the tests through Maven (backend-levelzero/pom.xml)");
        Path library = Path.of(path);
        assertTrue(Files.isRegularFile(library), "the test driver " + library + " was not built (gcc, libze-dev)");
        return library;
    }

    /**
     * Fails unless this JVM was started for the given scenario (environment) by the pom.
     *
     * @param scenario the value of {@code kbench.zeScenario} the test needs
     */
    static void assertScenario(String scenario) {
        assertEquals(scenario, System.getProperty("kbench.zeScenario"),
                "this test needs the environment of the surefire execution for scenario '" + scenario
                        + "' in backend-levelzero/pom.xml; run it through Maven");
    }

    /**
     * A counter of the driver: {@code live.*} objects and bytes, {@code run.*} executed commands.
     *
     * @param name the counter's name, as in ze_test_driver.c
     * @return its value
     */
    static synchronized long stat(String name) {
        try {
            if (stat == null) {
                SymbolLookup lookup = SymbolLookup.libraryLookup(library(), Arena.global());
                stat = Linker.nativeLinker().downcallHandle(lookup.find("zeTestDriverStat").orElseThrow(),
                        FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.ADDRESS));
            }
            try (Arena arena = Arena.ofConfined()) {
                long value = (long) stat.invokeExact(arena.allocateFrom(name));
                assertTrue(value >= 0, "the test driver has no counter " + name);
                return value;
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }

    /**
     * A lookup over the test driver library itself, whose exported {@code zeCommandListHostSynchronize}
     * stands in for a loader of API 1.6.
     *
     * @param arena bounds the lookup
     * @return the lookup
     */
    static SymbolLookup lookup(Arena arena) {
        return SymbolLookup.libraryLookup(library(), arena);
    }

    /**
     * The SPIR-V module of fill, copy, gelu, block_sum, busy_wait and kinds (src/test/opencl/kbench_test_kernels.cl).
     *
     * @return the source
     */
    static KernelSource kernels() {
        return spirv("kbench_test_kernels.spv");
    }

    /**
     * A valid SPIR-V module whose kernel, saxpy, the test driver cannot run: its build fails.
     *
     * @return the source
     */
    static KernelSource unknownKernel() {
        return spirv("unknown_kernel.spv");
    }

    private static KernelSource spirv(String resource) {
        try (InputStream in = TestDriver.class.getResourceAsStream(resource)) {
            assertNotNull(in, "test resource " + resource + " is missing");
            return new KernelSource(SourceKind.SPIRV, in.readAllBytes(), resource, "");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * A host segment of floats.
     *
     * @param arena where it lives
     * @param values the floats
     * @return the segment
     */
    static MemorySegment floats(Arena arena, float... values) {
        return arena.allocateFrom(ValueLayout.JAVA_FLOAT, values);
    }
}

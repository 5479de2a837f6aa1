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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.Availability;
import dev.kbench.api.DriverStatus;
import dev.kbench.api.Drivers;
import dev.kbench.spi.kit.Discovery;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jocl.CL;
import org.jocl.cl_platform_id;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Discovery: the lookup, the device choice, the inventory, and the inactive reasons (no loader, no platform, no JOCL). */
class DriverTest {

    @Test
    void theSystemLookupFindsExactlyOneActiveDriverOpencl() {
        List<DriverStatus> statuses = Drivers.system().statuses();
        assertEquals(1, statuses.size(), () -> "only backend-opencl is on this test's module path: " + statuses);
        DriverStatus status = statuses.getFirst();
        assertEquals("opencl", status.name());
        assertEquals(DriverStatus.State.ACTIVE, status.state(), status::describe);
        assertInstanceOf(OpenClDriver.class, Drivers.system().active());
        assertSame(status.backend().orElseThrow(), Drivers.system().active());
    }

    @Test
    void theInventoryListsEveryPlatformAndDeviceAndMarksTheChosenOne() {
        OpenClDriver driver = OpenCl.driver();
        int[] platformCount = new int[1];
        CL.clGetPlatformIDs(0, null, platformCount);
        cl_platform_id[] platforms = new cl_platform_id[platformCount[0]];
        CL.clGetPlatformIDs(platforms.length, platforms, null);
        int devices = 0;
        for (cl_platform_id platform : platforms) {
            int[] count = new int[1];
            if (CL.clGetDeviceIDs(platform, CL.CL_DEVICE_TYPE_ALL, 0, null, count) == CL.CL_SUCCESS) {
                devices += count[0];
            }
        }
        List<String> inventory = driver.inventory();
        assertEquals(platforms.length, inventory.stream().filter(l -> l.startsWith("platform ")).count(), inventory::toString);
        assertEquals(devices, inventory.stream().filter(l -> l.startsWith("device ")).count(), inventory::toString);
        List<String> selected = inventory.stream().filter(l -> l.endsWith(" <- selected")).toList();
        assertEquals(1, selected.size(), inventory::toString);
        assertEquals(selected.getFirst(), driver.availability().reason() + " <- selected");
        String name = driver.device().facts().name();
        assertTrue(selected.getFirst().startsWith("device " + driver.device().facts().extra().get("deviceIndex") + ": "
                + name + " ["), selected::getFirst);
    }

    @Test
    void theDeviceCanBeChosenByIndexOrPartOfItsName() {
        Discovery<Probe.Candidate> byDefault = Probe.run(null);
        Probe.Candidate chosen = byDefault.chosen().orElseThrow();
        Discovery<Probe.Candidate> byIndex = Probe.run(Integer.toString(chosen.index()));
        assertEquals(chosen.description(), byIndex.chosen().orElseThrow().description());
        String part = chosen.name().substring(0, Math.min(6, chosen.name().length())).toUpperCase(Locale.ROOT);
        Discovery<Probe.Candidate> byName = Probe.run(part);
        assertEquals(chosen.name(), byName.chosen().orElseThrow().name(), "a case-insensitive part of the name");

        Discovery<Probe.Candidate> none = Probe.run("no-such-device-anywhere");
        assertFalse(none.availability().active());
        assertTrue(none.availability().reason().startsWith("-Dkbench.opencl.device=no-such-device-anywhere matches none of the "),
                none.availability().reason());
        assertTrue(none.availability().reason().contains(chosen.description()), "the reason lists the devices");
        assertFalse(Probe.run("4096").availability().active());
    }

    @Test
    void aMissingIcdLoaderIsInactiveWithTheReasonAndWithoutTouchingJocl(@TempDir Path empty) {
        IcdLoader nowhere = new IcdLoader(null, empty.resolve("ld.so.cache"), empty.resolve("ld.so.conf.d"), List.of(empty));
        Discovery<Probe.Candidate> probe = OpenClDriver.discover(null, Optional.of(nowhere));
        assertEquals(Availability.inactive("the OpenCL ICD loader (libOpenCL.so.1 or libOpenCL.so) is not installed: searched "
                + empty.resolve("ld.so.cache") + ", " + empty + "; install it (Debian/Ubuntu: apt-get install ocl-icd-libopencl1) "
                + "and an OpenCL driver (the NVIDIA driver, or pocl-opencl-icd for CPUs)"), probe.availability());
        assertTrue(probe.inventory().isEmpty());
        assertTrue(probe.chosen().isEmpty());
    }

    @Test
    void theLoaderIsFoundWhereTheDynamicLinkerWouldLook(@TempDir Path dir) throws IOException {
        Path fromEnv = Files.createDirectories(dir.resolve("env"));
        Files.writeString(fromEnv.resolve("libOpenCL.so.1"), "");
        assertEquals(Optional.of(fromEnv.resolve("libOpenCL.so.1")),
                new IcdLoader("/nonexistent:" + fromEnv, dir.resolve("none"), dir.resolve("none"), List.of()).locate());

        Path cached = Files.createDirectories(dir.resolve("cached"));
        Files.writeString(cached.resolve("libOpenCL.so.1"), "");
        Path cache = dir.resolve("ld.so.cache");
        Files.write(cache, ("glibc-ld.so.cache1.1\0\0\0libfoo.so.2\0/usr/lib/libfoo.so.2\0libOpenCL.so.1\0" + cached
                + "/libOpenCL.so.1\0").getBytes(StandardCharsets.US_ASCII));
        assertEquals(Optional.of(cached.resolve("libOpenCL.so.1")),
                new IcdLoader(null, cache, dir.resolve("none"), List.of()).locate());

        Path configured = Files.createDirectories(dir.resolve("configured"));
        Files.writeString(configured.resolve("libOpenCL.so"), "");
        Path conf = Files.createDirectories(dir.resolve("ld.so.conf.d"));
        Files.writeString(conf.resolve("opencl.conf"), "# a comment\n" + configured + "\n");
        assertEquals(Optional.of(configured.resolve("libOpenCL.so")),
                new IcdLoader(null, dir.resolve("none"), conf, List.of()).locate(), "the unversioned name as a fallback");

        assertTrue(IcdLoader.system().locate().isPresent(), "this machine has the loader (the OpenCL tests need it)");
    }

    @Test
    void noPlatformIsInactiveWithTheReasonAndNoOutput(@TempDir Path vendors) throws Exception {
        Jvm.Result result = Jvm.run(Jvm.Layout.MODULE_PATH, List.of(), Map.of("OCL_ICD_VENDORS", vendors.toString()),
                "dev.kbench.opencl.ProbeMain", List.of());
        assertEquals(0, result.exitCode(), result::toString);
        assertEquals("", result.stderr(), "probing prints nothing");
        assertEquals("opencl: inactive: the OpenCL ICD loader found no platform (clGetPlatformIDs: CL_PLATFORM_NOT_FOUND_KHR (-1001)); "
                + "install an OpenCL driver (the NVIDIA driver, or pocl-opencl-icd for CPUs) and check that /etc/OpenCL/vendors "
                + "(or OCL_ICD_VENDORS) lists its .icd file\n"
                + "lookup failed: 0 active drivers ([]). There should only be one.\n", result.stdout());
    }

    @Test
    void anUnmatchedDeviceChoiceIsInactiveAndTheLookupSaysSo() throws Exception {
        Jvm.Result result = Jvm.run(Jvm.Layout.MODULE_PATH, List.of("-Dkbench.opencl.device=no-such-device"), Map.of(),
                "dev.kbench.opencl.ProbeMain", List.of());
        assertEquals(0, result.exitCode(), result::toString);
        assertEquals("", result.stderr());
        assertTrue(result.stdout().startsWith("opencl: inactive: -Dkbench.opencl.device=no-such-device matches none of the "),
                result.stdout());
        assertTrue(result.stdout().endsWith("lookup failed: 0 active drivers ([]). There should only be one.\n"), result.stdout());
    }

    @Test
    void theBackendRunsOnTheClassPath() throws Exception {
        Jvm.Result result = Jvm.run(Jvm.Layout.CLASS_PATH, List.of(), Map.of(), "dev.kbench.opencl.ProbeMain", List.of("bench"));
        assertEquals(0, result.exitCode(), result::toString);
        assertEquals("", result.stderr());
        assertTrue(result.stdout().startsWith("opencl: active: device "), result.stdout());
        assertTrue(result.stdout().contains("\nlookup: opencl\ngelu ok: "), result.stdout());
    }

    @Test
    void theBackendRunsOnTheModulePathInAFreshJvm() throws Exception {
        Jvm.Result result = Jvm.run(Jvm.Layout.MODULE_PATH, List.of(), Map.of(), "dev.kbench.opencl.ProbeMain", List.of("bench"));
        assertEquals(0, result.exitCode(), result::toString);
        assertEquals("", result.stderr());
        assertTrue(result.stdout().contains("\nlookup: opencl\ngelu ok: "), result.stdout());
    }

    @Test
    void withoutJoclOnTheClassPathTheDriverIsInactiveNotBroken() throws Exception {
        Jvm.Result result = Jvm.run(Jvm.Layout.CLASS_PATH_WITHOUT_JOCL, List.of(), Map.of(), "dev.kbench.opencl.ProbeMain",
                List.of());
        assertEquals(0, result.exitCode(), result::toString);
        assertEquals("", result.stderr());
        assertTrue(result.stdout().startsWith("opencl: inactive: JOCL (org.jocl:jocl:2.0.6) is not on the class or module path "
                + "(missing org/jocl/"), result.stdout());
        assertTrue(result.stdout().endsWith("); add jocl-2.0.6.jar from backend-opencl/target/lib\n"
                + "lookup failed: 0 active drivers ([]). There should only be one.\n"), result.stdout());
    }
}

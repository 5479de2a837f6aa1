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
package dev.kbench.vulkan;

import static dev.kbench.api.KernelArg.buffer;
import static dev.kbench.api.KernelArg.f32;
import static dev.kbench.api.KernelArg.i32;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.Backend;
import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.DeviceIdentity;
import dev.kbench.api.Dim3;
import dev.kbench.api.Drivers;
import dev.kbench.api.KernelException;
import dev.kbench.api.KernelModule;
import dev.kbench.api.KernelSource;
import dev.kbench.spi.DeviceInterface;
import dev.kbench.spi.Driver;
import dev.kbench.spi.Event;
import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Vulkan backend beyond the conformance kit, on the installed driver (lavapipe in CI): discovery
 * through ServiceLoader, device choice, timing over real kernels, kernel arguments the shader does not
 * take, and the built-in suite's OpenCL SPIR-V.
 */
class VulkanDriverTest {

    private static VulkanDriver driver;

    @BeforeAll
    static void open() {
        driver = new VulkanDriver();
        assertTrue(driver.availability().active(), () -> "these tests need a Vulkan driver (CI installs libvulkan1 and "
                + "mesa-vulkan-drivers, whose lavapipe runs on the CPU): " + driver.availability().reason());
    }

    @AfterAll
    static void close() {
        driver.close();
    }

    private static DeviceInterface device() {
        return driver.device();
    }

    @Test
    void serviceLoaderFindsTheBackendByItsName() {
        Backend found = Drivers.system().select("vulkan");
        assertInstanceOf(VulkanDriver.class, found);
        assertTrue(Drivers.system().sourceKinds().contains(dev.kbench.api.SourceKind.SPIRV));
    }

    @Test
    void inCiTheDevicesIncludeLavapipe() {
        boolean ci = "true".equalsIgnoreCase(System.getenv("CI"));
        List<String> names = driver.devices().stream().map(DeviceIdentity::name).toList();
        if (ci) {
            assertTrue(names.stream().anyMatch(n -> n.startsWith("llvmpipe")), () -> "CI=true: lavapipe (llvmpipe) is "
                    + "missing; ./kbench test installs mesa-vulkan-drivers. Devices: " + names + ", inventory: "
                    + driver.inventory());
        }
        assertFalse(driver.inventory().isEmpty());
        assertTrue(driver.inventory().getFirst().startsWith("device 0: "), driver.inventory().getFirst());
        for (DeviceIdentity identity : driver.devices()) {
            assertEquals(32, identity.id().length(), "the device UUID in hex: " + identity);
        }
    }

    @Test
    void eachDeviceCanBeChosenAndAnUnknownIndexIsNamed() {
        for (DeviceIdentity identity : driver.devices()) {
            Driver chosen = driver.withDevice(identity.index());
            try {
                assertEquals(identity, chosen.identity());
                assertEquals(identity.name(), chosen.device().facts().name());
            } finally {
                chosen.close();
            }
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> driver.withDevice(99));
        assertTrue(e.getMessage().startsWith("device 99 does not exist: vulkan has "), e.getMessage());
    }

    @Test
    void theFactsSayHowEventsTime() {
        var extra = device().facts().extra();
        assertTrue(Double.parseDouble(extra.get("timestamp period").replace(" ns", "")) > 0, extra.toString());
        int bits = Integer.parseInt(extra.get("timestamp valid bits"));
        assertTrue(bits >= 36 && bits <= 64, "Vulkan requires 36 to 64 valid bits where there are timestamps: " + bits);
    }

    @Test
    void eventsAroundRealKernelsAreInOrderAndTheKernelsComputeTheirResult() {
        DeviceInterface device = device();
        int n = 1 << 22;
        int launches = 4;
        try (KernelModule module = device.loadModule(VulkanTestKernels.conformance());
                DeviceBuffer a = device.allocate(4L * n);
                DeviceBuffer b = device.allocate(4L * n)) {
            module.kernel("fill").launch(Dim3.of(n / 256), Dim3.of(256), buffer(a), f32(1.5f), i32(n));
            List<Event> events = new ArrayList<>();
            try {
                for (int i = 0; i <= launches; i++) {
                    events.add(device.createEvent());
                }
                events.getFirst().record();
                for (int i = 1; i <= launches; i++) {
                    module.kernel("copy").launch(Dim3.of(n / 256), Dim3.of(256), buffer(a), buffer(b), i32(n));
                    events.get(i).record();
                }
                events.getLast().synchronize();
                double sum = 0;
                for (int i = 1; i <= launches; i++) {
                    double ms = events.get(i - 1).elapsedMillis(events.get(i));
                    // a copy of 16 MiB takes the device some time: its timestamps differ
                    assertTrue(ms > 0 && Double.isFinite(ms), "launch " + i + " took " + ms + " ms");
                    sum += ms;
                }
                assertEquals(events.getFirst().elapsedMillis(events.getLast()), sum, 1e-3);
            } finally {
                events.forEach(Event::close);
            }
            float[] back = new float[n];
            device.read(b, MemorySegment.ofArray(back));
            for (int i = 0; i < n; i += 4099) {
                assertEquals(1.5f, back[i], "element " + i);
            }
        }
    }

    @Test
    void elapsedTicksWrapAtTheValidBits() {
        long top = (1L << 36) - 10;
        assertEquals(15, VulkanEvent.elapsedTicks(top, 5, 36), "a 36-bit counter that wrapped between the events");
        assertEquals(7, VulkanEvent.elapsedTicks(3, 10, 64));
    }

    @Test
    void aScalarOfTheWrongKindNamesThePushConstant() {
        DeviceInterface device = device();
        try (KernelModule module = device.loadModule(VulkanTestKernels.conformance());
                DeviceBuffer out = device.allocate(64)) {
            KernelException e = assertThrows(KernelException.class,
                    () -> module.kernel("fill").launch(Dim3.of(1), Dim3.of(16), buffer(out), i32(2), i32(16)));
            assertEquals("kernel 'fill': scalar argument 0 is i32, but push constant 'value' is a 32-bit float (f32)",
                    e.getMessage());
            KernelException count = assertThrows(KernelException.class,
                    () -> module.kernel("fill").launch(Dim3.of(1), Dim3.of(16), buffer(out), f32(1)));
            assertEquals("kernel 'fill' of 'conformance.spv' takes 3 arguments (1 buffer(s), 2 scalar(s), 0 local size(s)),"
                    + " got 2 arguments (1 buffer(s), 1 scalar(s), 0 local size(s))", count.getMessage());
        }
    }

    @Test
    void aFixedWorkGroupSizeMustBeTheBlock() {
        DeviceInterface device = device();
        try (KernelModule module = device.loadModule(VulkanTestKernels.resource("fixed_size.spv"));
                DeviceBuffer out = device.allocate(4 * 128)) {
            KernelException e = assertThrows(KernelException.class,
                    () -> module.kernel("main").launch(Dim3.of(4), Dim3.of(32), buffer(out), i32(128)));
            assertTrue(e.getMessage().startsWith("kernel 'main' has a fixed work-group size of 64x1x1 in 'fixed_size.spv',"
                    + " not block 32,1,1"), e.getMessage());
            module.kernel("main").launch(Dim3.of(2), Dim3.of(64), buffer(out), i32(128));
            int[] back = new int[128];
            device.read(out, MemorySegment.ofArray(back));
            for (int i = 0; i < back.length; i++) {
                assertEquals(i, back[i]);
            }
        }
    }

    @Test
    void theBuiltInSuitesOpenClSpirvIsRefusedByName() throws IOException {
        KernelSource suite = KernelSource.of(Path.of("..", "kernels", "suite", "suite.spv"),
                List.of(dev.kbench.api.SourceKind.SPIRV));
        KernelException e = assertThrows(KernelException.class, () -> device().loadModule(suite));
        assertTrue(e.getMessage().contains("is OpenCL SPIR-V (it declares the Kernel capability), which Vulkan cannot run"),
                e.getMessage());
    }

    @Test
    void closingTheDriverClosesWhatWasLeftOpenAndTheDeviceReopens() {
        VulkanDriver own = new VulkanDriver();
        DeviceInterface device = own.device();
        DeviceBuffer left = device.allocate(1024);
        Event event = device.createEvent();
        event.record();
        KernelModule module = device.loadModule(VulkanTestKernels.conformance());
        own.close();
        own.close();
        IllegalStateException closed = assertThrows(IllegalStateException.class, () -> device.fill(left, 0));
        assertEquals("the vulkan device is closed", closed.getMessage());
        module.close();
        event.close();
        DeviceInterface again = own.device();
        try (DeviceBuffer buffer = again.allocate(16)) {
            again.fill(buffer, 7);
            int[] back = new int[4];
            again.read(buffer, MemorySegment.ofArray(back));
            assertArrayEquals(new int[] {7, 7, 7, 7}, back);
        } finally {
            own.close();
        }
    }
}

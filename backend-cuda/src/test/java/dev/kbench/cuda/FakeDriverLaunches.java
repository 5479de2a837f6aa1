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
import dev.kbench.api.Dim3;
import dev.kbench.api.Kernel;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelModule;
import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;
import dev.kbench.spi.DeviceInterface;
import java.util.ArrayList;
import java.util.List;

/**
 * Drives the backend against the fake libcuda.so.1 of {@link FakeDriverTest}: launches a kernel of six
 * parameters (two buffers, i32, i64, f32, f64, plus dynamic shared memory) through the path chosen by
 * {@code -Dkbench.cuda.launch}, with equal and changed arguments, a failing launch, a closed buffer and
 * a closed module, printing each outcome; the fake prints what {@code cuLaunchKernel} received.
 */
public final class FakeDriverLaunches {

    /** The kernel's parameters as the fake reads them: FAKE_PARAM_SIZES. */
    static final String PARAM_SIZES = "8,8,4,8,4,8";

    private static final String PTX = """
            .version 8.0
            .target sm_90
            .address_size 64
            .visible .entry k(.param .u64 k_param_0, .param .u64 k_param_1, .param .u32 k_param_2,
                .param .u64 k_param_3, .param .f32 k_param_4, .param .f64 k_param_5)
            {
              ret;
            }
            """;

    private FakeDriverLaunches() {
    }

    /** The readings, the time-dependent energy counter as whether it was read and its period measured. */
    private static String telemetry(dev.kbench.api.DeviceTelemetry t) {
        return "clock " + t.smClockMHz() + ", temperature " + t.temperatureCelsius() + ", throttle "
                + t.throttleReasons() + ", power limited " + t.powerLimitedNanos() + " ns, thermal limited "
                + t.thermalLimitedNanos() + " ns, energy " + (t.energyMillijoules().isPresent() ? "read" : "empty")
                + ", update period " + (t.energyUpdateMillis().isPresent() ? "measured" : "empty");
    }

    /**
     * Runs the launches.
     *
     * @param args none
     */
    public static void main(String[] args) {
        try (CudaDriver driver = new CudaDriver()) {
            System.out.println("availability: " + driver.availability());
            System.out.println("inventory: " + driver.inventory().stream().filter(l -> l.startsWith("telemetry")).toList());
            if (!driver.availability().active()) {
                return;
            }
            System.out.println("devices: " + String.join("; ", driver.devices().stream()
                    .map(dev.kbench.api.DeviceIdentity::describe).toList()));
            try (dev.kbench.spi.Driver second = driver.withDevice(1)) {
                System.out.println("second: " + second.identity() + ", uuid "
                        + second.device().facts().extra().get("uuid") + ", NVIDIA driver "
                        + second.device().facts().extra().get("nvidiaDriverVersion")
                        + ", telemetry " + telemetry(second.device().telemetry()) + "; period "
                        + (second.device().energyUpdateMillis().isPresent() ? "measured" : "empty") + ", then "
                        + telemetry(second.device().telemetry()));
            }
            System.out.println("first: telemetry " + telemetry(driver.device().telemetry()));
            DeviceInterface device = driver.device();
            System.out.println("launchPath: " + device.facts().extra().get("launchPath"));
            KernelModule module = device.loadModule(KernelSource.ofText(SourceKind.PTX, PTX, "k.ptx"));
            Kernel kernel = module.kernel("k");
            DeviceBuffer x = device.allocate(1024);
            DeviceBuffer y = device.allocate(1024);
            List<KernelArg> first = List.of(KernelArg.buffer(x), KernelArg.buffer(y), KernelArg.i32(-3),
                    KernelArg.local(100), KernelArg.i64(1L << 40), KernelArg.f32(1.5f), KernelArg.f64(-2.25));
            kernel.launch(new Dim3(7, 2, 1), Dim3.of(256), first);
            kernel.launch(new Dim3(7, 2, 1), Dim3.of(256), new ArrayList<>(first));   // equal: the block is reused
            List<KernelArg> second = List.of(KernelArg.buffer(y), KernelArg.buffer(x), KernelArg.i32(Integer.MAX_VALUE),
                    KernelArg.i64(-1), KernelArg.f32(-0.0f), KernelArg.f64(Math.PI));
            kernel.launch(Dim3.of(1), new Dim3(32, 4, 2), second);
            kernel.launch(Dim3.of(1), new Dim3(32, 4, 2), first);
            report(() -> kernel.launch(Dim3.of(999), Dim3.of(256), first));
            y.close();
            report(() -> kernel.launch(Dim3.of(1), Dim3.of(256), first));
            report(() -> kernel.launch(Dim3.of(1), Dim3.of(256), second));
            module.close();
            report(() -> kernel.launch(Dim3.of(1), Dim3.of(256), first));
            x.close();
        }
    }

    private static void report(Runnable launch) {
        try {
            launch.run();
            System.out.println("launched");
        } catch (RuntimeException e) {
            System.out.println(e.getClass().getSimpleName() + ": " + e.getMessage());
        }
    }
}

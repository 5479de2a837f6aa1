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

import dev.kbench.api.SourceKind;
import dev.kbench.spi.Driver;
import dev.kbench.spi.kit.Discovery;
import dev.kbench.spi.kit.DriverBase;
import java.util.List;
import java.util.Optional;

/**
 * The {@code opencl} driver: one device of the OpenCL ICD loader, through JOCL 2.0.6.
 *
 * <p>Active when the ICD loader ({@code libOpenCL.so.1}) is installed and offers at least one usable
 * device. The device is the first GPU, else accelerator, else CPU, in the loader's order, unless
 * {@code -Dkbench.opencl.device=} names one by index (as {@link #inventory()} numbers them) or by part of
 * its name. Probing happens once, on the first call of {@link #availability()} or {@link #inventory()};
 * it never throws and never prints.
 *
 * <p>The device interface has one in-order queue with profiling enabled; its handles are reachable with
 * {@code unwrap(org.jocl.cl_context.class)}, {@code unwrap(org.jocl.cl_device_id.class)},
 * {@code unwrap(org.jocl.cl_command_queue.class)} and {@code unwrap(org.jocl.cl_platform_id.class)}.
 *
 * <p>{@link #devices()} lists the usable devices of every platform, numbered as {@link #inventory()}
 * numbers them; the id is the PCI bus id ({@code cl_khr_pci_bus_info}) or the UUID
 * ({@code cl_khr_device_uuid}) where the device has one.
 *
 * <p>Thread-safe for discovery; the device itself is driven by one thread at a time.
 */
public final class OpenClDriver extends DriverBase<Probe.Candidate, OpenClDevice> {

    /** The system property choosing the device, by index or by part of its name. */
    public static final String DEVICE_PROPERTY = "kbench.opencl.device";

    private final String override;

    /** A driver configured by {@code -Dkbench.opencl.device}; probing waits for the first question. */
    public OpenClDriver() {
        this(null);
    }

    private OpenClDriver(String override) {
        super("opencl", List.of(SourceKind.OPENCL_C, SourceKind.SPIRV));
        this.override = override;
    }

    @Override
    protected Driver forDevice(int index) {
        return new OpenClDriver(Integer.toString(index));
    }

    @Override
    protected Discovery<Probe.Candidate> discover() {
        return discover(override != null ? override : System.getProperty(DEVICE_PROPERTY));
    }

    @Override
    protected OpenClDevice open(Probe.Candidate chosen) {
        return new OpenClDevice(chosen);
    }

    /**
     * Probes without touching JOCL's native side unless the ICD loader is there, so that a missing
     * loader gives a reason and no output (JOCL's native code prints to stdout when it cannot load it).
     */
    static Discovery<Probe.Candidate> discover(String override) {
        return discover(override, IcdLoader.applies() ? Optional.of(IcdLoader.system()) : Optional.empty());
    }

    static Discovery<Probe.Candidate> discover(String override, Optional<IcdLoader> loader) {
        if (loader.isPresent() && loader.get().locate().isEmpty()) {
            return Probe.inactive("the OpenCL ICD loader (" + String.join(" or ", IcdLoader.NAMES) + ") is not installed: "
                    + "searched " + loader.get().searched()
                    + "; install it (Debian/Ubuntu: apt-get install ocl-icd-libopencl1) and an OpenCL driver "
                    + "(the NVIDIA driver, or pocl-opencl-icd for CPUs)", List.of());
        }
        try {
            JoclLibrary.place();
            return Probe.run(override);
        } catch (NoClassDefFoundError e) {
            if (String.valueOf(e.getMessage()).startsWith("Could not initialize")) {
                Throwable first = e.getCause() != null ? e.getCause() : e;
                return Probe.inactive("JOCL failed to initialize earlier in this process (" + e.getMessage() + "): "
                        + String.valueOf(first.getMessage()).strip().replace('\n', ' '), List.of());
            }
            return Probe.inactive("JOCL (org.jocl:jocl:2.0.6) is not on the class or module path (missing "
                    + e.getMessage() + "); add jocl-2.0.6.jar from backend-opencl/target/lib", List.of());
        } catch (UnsatisfiedLinkError e) {
            return Probe.inactive("JOCL could not load its native library or the OpenCL ICD loader: "
                    + e.getMessage().strip().replace('\n', ' '), List.of());
        } catch (LinkageError | RuntimeException e) {
            return Probe.inactive("probing OpenCL failed: " + e, List.of());
        }
    }
}

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

import dev.kbench.api.DeviceIdentity;
import dev.kbench.api.SourceKind;
import dev.kbench.spi.DeviceInterface;
import dev.kbench.spi.Driver;
import dev.kbench.spi.kit.Discovery;
import dev.kbench.spi.kit.DriverBase;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;
import jcuda.CudaException;
import jcuda.JCudaVersion;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdevice_attribute;
import jcuda.driver.CUresult;
import jcuda.driver.CUuuid;
import jcuda.driver.JCudaDriver;

/**
 * The {@code cuda} driver: NVIDIA GPUs through the CUDA driver API, with JCuda.
 *
 * <p>Active when JCuda's native library and {@code libcuda.so.1} load, {@code cuInit} succeeds and
 * the device chosen with {@code -Dkbench.cuda.device=INDEX} (default 0) exists; otherwise inactive,
 * with the reason, e.g. {@code libcuda.so.1 not found ...} on a machine without the NVIDIA driver.
 * Probing never throws and never prints. {@link #devices()} lists the CUDA ordinals, with the PCI bus
 * id ({@code cuDeviceGetPCIBusId}) as the id.
 *
 * <p>Kernels are launched with {@code cuLaunchKernel} called through {@code java.lang.foreign} when
 * that can be set up (native access enabled for this module, {@code cuLaunchKernel} found in
 * {@code libcuda.so.1}), else through JCuda; {@code -Dkbench.cuda.launch=ffm|jcuda} forces one (see
 * {@link #LAUNCH_PROPERTY}).
 *
 * <p>The device interface works in the device's primary context, on a stream the backend creates
 * ({@code CU_STREAM_DEFAULT} flags: it orders with the legacy default stream, and it can be
 * captured). {@link DeviceInterface#unwrap(Class)} gives {@code jcuda.driver.CUstream},
 * {@code CUcontext} and {@code CUdevice}. Thread-safe; the device interface itself is driven by one
 * thread at a time (it makes its context current when the calling thread changes).
 */
public final class CudaDriver extends DriverBase<CudaDriver.Target, CudaDevice> {

    /** The system property that chooses the device by index. */
    public static final String DEVICE_PROPERTY = "kbench.cuda.device";
    /**
     * The system property that chooses how kernels are launched: {@code ffm} ({@code cuLaunchKernel}
     * through {@code java.lang.foreign}), {@code jcuda} (JCuda's {@code cuLaunchKernel}), or unset for
     * FFM when it can be set up and JCuda otherwise. The choice and, for JCuda, the reason are in the
     * inventory ({@code launch path: ...}) and in the device facts' {@code launchPath}.
     */
    public static final String LAUNCH_PROPERTY = LaunchMode.PROPERTY;
    /** The system property that switches NVML's readings: {@code nvml} (the default) or {@code off}. */
    static final String TELEMETRY_PROPERTY = "kbench.cuda.telemetry";

    /** Why JCuda's native library could not be loaded in this JVM, or {@code null}; guarded by the class. */
    private static String loadFailure;
    private static boolean loadAttempted;

    private final UnaryOperator<String> properties;

    /**
     * A CUDA device as discovery saw it.
     *
     * @param identity the ordinal, name and PCI bus id
     * @param launchMode how kernels are launched on it
     * @param telemetry whether NVML is read around repetitions ({@link #TELEMETRY_PROPERTY})
     */
    record Target(DeviceIdentity identity, LaunchMode launchMode, boolean telemetry) implements Discovery.Device {
    }

    /** A driver configured by the system properties; probing happens on first use. */
    public CudaDriver() {
        this(System::getProperty);
    }

    CudaDriver(UnaryOperator<String> properties) {
        super("cuda", List.of(SourceKind.PTX, SourceKind.CUBIN));
        this.properties = Objects.requireNonNull(properties, "properties");
    }

    @Override
    protected Driver forDevice(int index) {
        String value = Integer.toString(index);
        return new CudaDriver(key -> DEVICE_PROPERTY.equals(key) ? value : properties.apply(key));
    }

    @Override
    protected CudaDevice open(Target chosen) {
        return new CudaDevice(chosen.identity().index(), chosen.launchMode(), chosen.telemetry());
    }

    @Override
    protected Discovery<Target> discover() {
        String failure = loadJCuda();
        if (failure != null) {
            return Discovery.inactive(failure, List.of());
        }
        List<String> inventory = new ArrayList<>();
        try {
            return probeDriver(inventory);
        } catch (LinkageError e) {
            return Discovery.inactive(linkFailure(e), inventory);
        } catch (CudaException e) {
            return Discovery.inactive("the CUDA driver failed while probing: " + Cuda.describe(e), inventory);
        }
    }

    /** Loads JCuda's native library once per JVM; returns why it failed, or {@code null}. */
    private static synchronized String loadJCuda() {
        if (loadAttempted) {
            return loadFailure;
        }
        loadAttempted = true;
        ClassLoader loader = CudaDriver.class.getClassLoader();
        try {
            NativeLibrary.extractDriverLibrary(loader != null ? loader : ClassLoader.getSystemClassLoader());
            // initializing JCudaDriver runs JCuda's loader, which now finds the extracted library
            Class.forName("jcuda.driver.JCudaDriver", true, CudaDriver.class.getClassLoader());
        } catch (IOException e) {
            loadFailure = e.getMessage();
        } catch (LinkageError e) {
            loadFailure = linkFailure(e);
        } catch (ClassNotFoundException e) {
            loadFailure = "JCuda (org.jcuda:jcuda) is not on the class or module path";
        }
        return loadFailure;
    }

    private Discovery<Target> probeDriver(List<String> inventory) {
        int init = JCudaDriver.cuInit(0);
        if (init == CUresult.CUDA_ERROR_NO_DEVICE) {
            return Discovery.inactive("no CUDA device found (cuInit: " + Cuda.describe(init) + ")", inventory);
        }
        if (init != CUresult.CUDA_SUCCESS) {
            return Discovery.inactive("cuInit failed: " + Cuda.describe(init), inventory);
        }
        int[] version = new int[1];
        JCudaDriver.cuDriverGetVersion(version);
        inventory.add(String.format(Locale.ROOT, "CUDA driver %d.%d, JCuda %s", version[0] / 1000,
                version[0] % 1000 / 10, JCudaVersion.get()));
        int[] count = new int[1];
        int counted = JCudaDriver.cuDeviceGetCount(count);
        if (counted != CUresult.CUDA_SUCCESS) {
            return Discovery.inactive("cuDeviceGetCount failed: " + Cuda.describe(counted), inventory);
        }
        if (count[0] == 0) {
            return Discovery.inactive("no CUDA device found (cuDeviceGetCount = 0)", inventory);
        }
        String wanted = properties.apply(DEVICE_PROPERTY);
        int index = 0;
        if (wanted != null && !wanted.isBlank()) {
            try {
                index = Integer.parseInt(wanted.trim());
            } catch (NumberFormatException e) {
                index = -1;
            }
            if (index < 0 || index >= count[0]) {
                describeDevices(count[0], -1, inventory);
                return Discovery.inactive("-D" + DEVICE_PROPERTY + "=" + wanted + " is not a device index; "
                        + count[0] + " CUDA device(s) found, use 0 to " + (count[0] - 1), inventory);
            }
        }
        List<DeviceIdentity> identities = describeDevices(count[0], index, inventory);
        LaunchMode launchMode;
        boolean telemetry;
        try {
            launchMode = LaunchMode.select(properties.apply(LaunchMode.PROPERTY));
            telemetry = telemetry(properties.apply(TELEMETRY_PROPERTY));
        } catch (IllegalArgumentException e) {
            return Discovery.inactive(e.getMessage(), inventory);
        }
        inventory.add("launch path: " + launchMode.description());
        inventory.add("telemetry: " + (telemetry ? "nvml" : "off (-D" + TELEMETRY_PROPERTY + "=off)"));
        LaunchMode mode = launchMode;
        boolean reads = telemetry;
        List<Target> targets = identities.stream().map(identity -> new Target(identity, mode, reads)).toList();
        int selected = index;
        Optional<Target> chosen = targets.stream().filter(t -> t.identity().index() == selected).findFirst();
        if (chosen.isEmpty()) {
            return Discovery.inactive("CUDA device " + index + " cannot be opened (cuDeviceGet failed)", inventory);
        }
        return Discovery.active(chosen.get().identity().name() + String.format(Locale.ROOT,
                " (device %d of %d, CUDA driver %d.%d)", index, count[0], version[0] / 1000, version[0] % 1000 / 10),
                inventory, chosen.get(), targets);
    }

    /**
     * Whether NVML is read, for a value of {@link #TELEMETRY_PROPERTY}.
     *
     * @param value the property's value, or {@code null}
     * @return true where it is unset, empty or {@code nvml}; false where it is {@code off}
     * @throws IllegalArgumentException naming the property and the value where it is anything else, so that a
     *     mistyped switch does not leave the readings on unnoticed
     */
    static boolean telemetry(String value) {
        String choice = value == null ? "" : value.strip().toLowerCase(Locale.ROOT);
        return switch (choice) {
            case "", "nvml" -> true;
            case "off" -> false;
            default -> throw new IllegalArgumentException("-D" + TELEMETRY_PROPERTY + "=" + value
                    + " is not a telemetry setting; use nvml (the default) or off");
        };
    }

    /** Adds an inventory line per device and returns the identities of those that could be opened. */
    private List<DeviceIdentity> describeDevices(int count, int selected, List<String> inventory) {
        List<DeviceIdentity> identities = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            CUdevice dev = new CUdevice();
            if (JCudaDriver.cuDeviceGet(dev, i) != CUresult.CUDA_SUCCESS) {
                inventory.add("device " + i + ": cannot be opened");
                continue;
            }
            String name = deviceName(dev);
            identities.add(new DeviceIdentity(name(), i, name, pciBusId(dev)));
            int[] major = new int[1];
            int[] minor = new int[1];
            int[] sms = new int[1];
            JCudaDriver.cuDeviceGetAttribute(major, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev);
            JCudaDriver.cuDeviceGetAttribute(minor, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev);
            JCudaDriver.cuDeviceGetAttribute(sms, CUdevice_attribute.CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev);
            long[] memory = new long[1];
            JCudaDriver.cuDeviceTotalMem(memory, dev);
            inventory.add(String.format(Locale.ROOT, "device %d: %s, compute capability %d.%d, %d SMs, %.1f GiB%s",
                    i, name, major[0], minor[0], sms[0], memory[0] / (double) (1L << 30),
                    i == selected ? " (selected)" : ""));
        }
        return identities;
    }

    /**
     * The device's PCI bus id as {@code cuDeviceGetPCIBusId} gives it, e.g. {@code 0000:18:00.0}.
     *
     * @param dev the device
     * @return the id, or empty if the driver cannot say
     */
    static String pciBusId(CUdevice dev) {
        String[] id = new String[1];
        if (JCudaDriver.cuDeviceGetPCIBusId(id, 64, dev) != CUresult.CUDA_SUCCESS || id[0] == null) {
            return "";
        }
        return id[0].strip().toLowerCase(Locale.ROOT);
    }

    /**
     * The device's UUID ({@code cuDeviceGetUuid}) as 32 hex digits.
     *
     * @param dev the device
     * @return the UUID, or empty if the driver cannot say
     */
    static String uuid(CUdevice dev) {
        CUuuid uuid = new CUuuid();
        if (JCudaDriver.cuDeviceGetUuid(uuid, dev) != CUresult.CUDA_SUCCESS || uuid.bytes == null) {
            return "";
        }
        return DeviceIdentity.hex(uuid.bytes);
    }

    static String deviceName(CUdevice dev) {
        byte[] name = new byte[256];
        Cuda.check(JCudaDriver.cuDeviceGetName(name, name.length, dev), "cuDeviceGetName");
        int end = 0;
        while (end < name.length && name[end] != 0) {
            end++;
        }
        return new String(name, 0, end, StandardCharsets.UTF_8);
    }

    /**
     * The reason for a failed load of JCuda's native library: JCuda's error holds the stack traces of
     * both of its attempts, of which the last {@code UnsatisfiedLinkError} line names the cause.
     */
    static String linkFailure(LinkageError e) {
        String message = String.valueOf(e.getMessage());
        if (message.contains("libcuda.so.1")) {
            return "libcuda.so.1 not found: the NVIDIA driver is not installed (or not on the loader path), so "
                    + "JCuda's native library cannot load; install the driver or choose another backend";
        }
        if (e instanceof NoClassDefFoundError && message.contains("jcuda")) {
            return "JCuda could not be initialised (" + message + "); its native library failed to load earlier "
                    + "in this JVM";
        }
        String cause = message.lines().filter(line -> line.contains("UnsatisfiedLinkError:"))
                .reduce((first, second) -> second)
                .map(String::strip)
                .orElseGet(() -> message.lines().findFirst().orElse(e.toString()));
        return "JCuda's native library could not be loaded: " + cause;
    }
}

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
package dev.kbench.cli.suite;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

import dev.kbench.api.Kernel;
import dev.kbench.api.KernelException;
import dev.kbench.api.KernelModule;
import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;
import dev.kbench.api.Device;

/**
 * The built-in suite's kernel module on one device: {@code suite.cl}, {@code suite.ptx} or
 * {@code suite.spv} (classpath resources copied from {@code kernels/suite}), in the first form the
 * device accepts, built once on first use and shared by every workload. Not thread-safe.
 */
public final class SuiteKernels implements AutoCloseable {

    /** The forms tried, in order: OpenCL C (built by the driver), PTX (JIT-compiled), SPIR-V. */
    static final List<SourceKind> PREFERENCE = List.of(SourceKind.OPENCL_C, SourceKind.PTX, SourceKind.SPIRV);

    private final Device device;
    private final KernelSource source;
    private KernelModule module;

    private SuiteKernels(Device device, KernelSource source) {
        this.device = device;
        this.source = source;
    }

    /**
     * The suite's workloads over other kernel code with the same names and parameters, e.g. to check
     * that the CPU references catch a wrong kernel.
     *
     * @param device the device
     * @param source the kernels
     * @return the kernels; nothing is built until the first {@link #kernel(String)}
     */
    static SuiteKernels of(Device device, KernelSource source) {
        return new SuiteKernels(Objects.requireNonNull(device, "device"), Objects.requireNonNull(source, "source"));
    }

    /**
     * The suite's kernels for a device, in the form given or else the first of OpenCL C, PTX and
     * SPIR-V that the device accepts.
     *
     * @param device the device
     * @param forced the form to use, empty to choose
     * @return the kernels; nothing is built until the first {@link #kernel(String)}
     * @throws IllegalArgumentException if the device accepts none of the forms, or not the forced one
     */
    public static SuiteKernels forDevice(Device device, Optional<SourceKind> forced) {
        return forDevice(device, forced, Optional.empty());
    }

    /**
     * The suite's kernels for a device, read from a directory holding {@code suite.cl},
     * {@code suite.ptx} and/or {@code suite.spv} (e.g. another build of {@code kernels/suite}) instead
     * of the shipped ones; the forms missing from the directory count as not accepted.
     *
     * @param device the device
     * @param forced the form to use, empty to choose
     * @param directory the directory, empty for the shipped kernels
     * @return the kernels; nothing is built until the first {@link #kernel(String)}
     * @throws IllegalArgumentException if no usable form is there
     */
    public static SuiteKernels forDevice(Device device, Optional<SourceKind> forced, Optional<Path> directory) {
        Objects.requireNonNull(device, "device");
        Set<SourceKind> accepted = new java.util.LinkedHashSet<>(device.acceptedSources());
        if (directory.isPresent()) {
            accepted.removeIf(k -> k == SourceKind.CUBIN || !Files.isRegularFile(directory.get().resolve(fileName(k))));
            if (accepted.isEmpty()) {
                throw new IllegalArgumentException("--suite-dir '" + directory.get() + "' holds none of "
                        + device.acceptedSources().stream().filter(k -> k != SourceKind.CUBIN).map(SuiteKernels::fileName)
                        .toList() + ", the suite's forms this device accepts");
            }
        }
        if (forced.isPresent()) {
            if (!accepted.contains(forced.get())) {
                throw new IllegalArgumentException("the device accepts " + accepted + ", not " + forced.get()
                        + "; choose one of those with --suite-source");
            }
            return new SuiteKernels(device, source(forced.get(), directory));
        }
        SourceKind chosen = PREFERENCE.stream().filter(accepted::contains).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("the device accepts " + accepted
                        + "; the built-in suite ships OpenCL C, PTX and SPIR-V only"));
        return new SuiteKernels(device, source(chosen, directory));
    }

    /**
     * The form the kernels are loaded in.
     *
     * @return the source kind
     */
    public SourceKind kind() {
        return source.kind();
    }

    /**
     * The device the kernels run on.
     *
     * @return the device
     */
    Device device() {
        return device;
    }

    /**
     * An entry point of the suite's module, building the module on first use.
     *
     * @param entry one of the kernel names of {@code kernels/suite}
     * @return the kernel
     * @throws KernelException if the module does not build or has no such kernel
     */
    Kernel kernel(String entry) {
        if (module == null) {
            module = device.loadModule(source);
        }
        return module.kernel(entry);
    }

    /**
     * The suite's source in one form, read from the classpath.
     *
     * @param kind OPENCL_C, PTX or SPIRV
     * @return the source
     */
    public static KernelSource source(SourceKind kind) {
        String file = fileName(kind);
        try (InputStream in = SuiteKernels.class.getResourceAsStream(file)) {
            if (in == null) {
                throw new IllegalStateException("the kernel resource " + file + " is missing from bench-cli; "
                        + "rebuild it (./mvnw -pl bench-cli install), which copies kernels/suite");
            }
            return new KernelSource(kind, in.readAllBytes(), "kernels/suite/" + file, "");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the kernel resource " + file, e);
        }
    }

    private static KernelSource source(SourceKind kind, Optional<Path> directory) {
        if (directory.isEmpty()) {
            return source(kind);
        }
        Path file = directory.get().resolve(fileName(kind));
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("--suite-dir '" + directory.get() + "' has no " + fileName(kind));
        }
        return KernelSource.of(file);
    }

    private static String fileName(SourceKind kind) {
        return switch (kind) {
            case OPENCL_C -> "suite.cl";
            case PTX -> "suite.ptx";
            case SPIRV -> "suite.spv";
            case CUBIN -> throw new IllegalArgumentException("the built-in suite ships no cubin; use PTX");
        };
    }

    /**
     * Parses a {@code --suite-source} value.
     *
     * @param text {@code cl}, {@code ptx} or {@code spv} (or a {@link SourceKind} name)
     * @return the kind
     */
    public static SourceKind parseKind(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "cl", "opencl_c", "opencl" -> SourceKind.OPENCL_C;
            case "ptx" -> SourceKind.PTX;
            case "spv", "spirv", "spir-v" -> SourceKind.SPIRV;
            default -> throw new IllegalArgumentException("unknown suite source '" + text + "'; use cl, ptx or spv");
        };
    }

    /** Releases the module, if it was built. */
    @Override
    public void close() {
        if (module != null) {
            module.close();
            module = null;
        }
    }
}

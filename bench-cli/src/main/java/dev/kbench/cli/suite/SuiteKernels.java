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

import dev.kbench.api.Device;
import dev.kbench.api.Kernel;
import dev.kbench.api.KernelException;
import dev.kbench.api.KernelModule;
import dev.kbench.api.KernelSource;
import dev.kbench.api.SourceKind;
import dev.kbench.api.internal.BackendAnswers;
import dev.kbench.api.internal.IoErrors;
import dev.kbench.cli.UsageException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The built-in suite's kernel module on one device: {@code suite.EXT} for an extension of a kind the
 * device accepts (classpath resources copied from {@code kernels/suite}: {@code suite.cl},
 * {@code suite.ptx}, {@code suite.spv}), in the device's order of preference, built once on first use
 * and shared by every workload. Which kinds there are is what the device says, not a list kept here.
 * Not thread-safe.
 */
public final class SuiteKernels implements AutoCloseable {

    /** The file name of the suite's kernels, before the extension. */
    private static final String BASE_NAME = "suite.";

    private final Device device;
    private final KernelSource source;
    private final HostInputs inputs = new HostInputs();
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
     * The suite's kernels for a device, in the form given or else the first form the device accepts
     * that the suite ships.
     *
     * @param device the device
     * @param forced the form to use, empty to choose
     * @return the kernels; nothing is built until the first {@link #kernel(String)}
     * @throws UsageException if the device accepts none of the forms, or not the forced one
     */
    public static SuiteKernels forDevice(Device device, Optional<SourceKind> forced) {
        return forDevice(device, forced, Optional.empty());
    }

    /**
     * The suite's kernels for a device, read from a directory holding {@code suite.EXT} files (e.g.
     * another build of {@code kernels/suite}) instead of the shipped ones; the forms missing from the
     * directory count as not accepted.
     *
     * @param device the device
     * @param forced the form to use, empty to choose
     * @param directory the directory, empty for the shipped kernels
     * @return the kernels; nothing is built until the first {@link #kernel(String)}
     * @throws UsageException if no usable form is there
     */
    public static SuiteKernels forDevice(Device device, Optional<SourceKind> forced, Optional<Path> directory) {
        Objects.requireNonNull(device, "device");
        Map<SourceKind, String> shipped = new LinkedHashMap<>();
        for (SourceKind kind : device.acceptedSources()) {
            fileName(kind, directory).ifPresent(file -> shipped.put(kind, file));
        }
        if (shipped.isEmpty()) {
            throw new UsageException((directory.isPresent() ? "--suite-dir '" + directory.get() + "' holds"
                    : "the built-in suite ships") + " none of "
                    + device.acceptedSources().stream().flatMap(k -> k.extensions().stream()).map(e -> BASE_NAME + e)
                    .toList() + ", the forms this device accepts (" + SourceKind.describe(device.acceptedSources()) + ")");
        }
        if (forced.isPresent()) {
            if (!shipped.containsKey(forced.get())) {
                throw new UsageException("the device accepts " + shipped.keySet() + ", not " + forced.get()
                        + "; choose one of those with --suite-source");
            }
            return new SuiteKernels(device, source(forced.get(), shipped.get(forced.get()), directory));
        }
        Map.Entry<SourceKind, String> chosen = shipped.entrySet().iterator().next();
        return new SuiteKernels(device, source(chosen.getKey(), chosen.getValue(), directory));
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
     * The random inputs made ahead for the suite's workloads (none until {@link BuiltinSuite#prepare}).
     *
     * @return the inputs
     */
    HostInputs inputs() {
        return inputs;
    }

    /**
     * Builds the suite's module now, if it is not yet built.
     *
     * @throws KernelException if the module does not build
     */
    void build() {
        if (module == null) {
            module = BackendAnswers.loadModule(device, source);
        }
    }

    /**
     * An entry point of the suite's module, building the module on first use.
     *
     * @param entry one of the kernel names of {@code kernels/suite}
     * @return the kernel
     * @throws KernelException if the module does not build or has no such kernel
     */
    Kernel kernel(String entry) {
        build();
        return BackendAnswers.kernel(module, entry);
    }

    /**
     * The suite's source in one form, read from the classpath.
     *
     * @param kind a form the suite ships ({@code suite.EXT} for one of its extensions)
     * @return the source
     * @throws UsageException if the suite ships no file of that kind
     */
    public static KernelSource source(SourceKind kind) {
        String file = fileName(kind, Optional.empty()).orElseThrow(() -> new UsageException(
                "the built-in suite ships no " + kind + " (" + kind.extensions().stream().map(e -> BASE_NAME + e).toList()
                        + ")"));
        return source(kind, file, Optional.empty());
    }

    private static KernelSource source(SourceKind kind, String file, Optional<Path> directory) {
        if (directory.isPresent()) {
            Path path = directory.get().resolve(file);
            try {
                return new KernelSource(kind, Files.readAllBytes(path), path.toString(), "");
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read kernel file '" + path + "': " + IoErrors.reason(e), e);
            }
        }
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

    /** The name of the suite's file of that kind, in the directory or among the resources, if there is one. */
    private static Optional<String> fileName(SourceKind kind, Optional<Path> directory) {
        for (String extension : kind.extensions()) {
            String file = BASE_NAME + extension;
            boolean there = directory.isPresent() ? Files.isRegularFile(directory.get().resolve(file))
                    : SuiteKernels.class.getResource(file) != null;
            if (there) {
                return Optional.of(file);
            }
        }
        return Optional.empty();
    }

    /**
     * Parses a {@code --suite-source} value: a kind's name or one of its file extensions, among the
     * kinds the backends found take.
     *
     * @param text e.g. {@code cl}, {@code ptx}, {@code spv} or {@code OPENCL_C}
     * @param kinds the kinds there are ({@link dev.kbench.api.Drivers#sourceKinds()})
     * @return the kind
     * @throws UsageException if no kind has that name or extension, listing those there are
     */
    public static SourceKind parseKind(String text, Collection<SourceKind> kinds) {
        String wanted = text.trim().toLowerCase(Locale.ROOT);
        for (SourceKind kind : kinds) {
            if (kind.name().toLowerCase(Locale.ROOT).equals(wanted) || kind.extensions().contains(wanted)) {
                return kind;
            }
        }
        throw new UsageException("unknown suite source '" + text + "'; use one of "
                + kinds.stream().flatMap(k -> k.extensions().stream()).distinct().toList() + " ("
                + SourceKind.describe(kinds) + ")");
    }

    /** Releases the module, if it was built, and the inputs made ahead that no workload took. */
    @Override
    public void close() {
        inputs.close();
        if (module != null) {
            module.close();
            module = null;
        }
    }
}

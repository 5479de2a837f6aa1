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
package dev.kbench.api;

import dev.kbench.api.internal.IoErrors;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Objects;

/**
 * The code of a kernel module and how to build it.
 *
 * @param kind the form of {@code code}
 * @param code the module's bytes (text kinds in UTF-8)
 * @param name where it came from, for error messages (a file name or a label)
 * @param buildOptions backend compiler options, empty for none
 */
public record KernelSource(SourceKind kind, byte[] code, String name, String buildOptions) {

    /** Validates and copies the arguments. */
    public KernelSource {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(buildOptions, "buildOptions");
        if (code == null || code.length == 0) {
            throw new IllegalArgumentException("kernel source '" + name + "' is empty");
        }
        code = code.clone();
    }

    /**
     * A text source.
     *
     * @param kind {@link SourceKind#PTX} or {@link SourceKind#OPENCL_C}
     * @param text the source text
     * @param name a label for error messages
     * @return the source, without build options
     */
    public static KernelSource ofText(SourceKind kind, String text, String name) {
        return new KernelSource(kind, text.getBytes(StandardCharsets.UTF_8), name, "");
    }

    /**
     * Reads a file, taking its kind from the extension among the kinds the backends found here take
     * ({@link Drivers#sourceKinds()}): {@code .ptx}, {@code .cubin}/{@code .fatbin}, {@code .cl},
     * {@code .spv} with the built-in backends.
     *
     * @param file the file
     * @return the source, without build options
     * @throws IllegalArgumentException if no backend found takes that extension, listing those there are
     * @throws UncheckedIOException if the file cannot be read
     */
    public static KernelSource of(Path file) {
        return of(file, Drivers.system().sourceKinds());
    }

    /**
     * Reads a file, taking its kind from the extension among the given kinds.
     *
     * @param file the file
     * @param kinds the kinds to choose from, e.g. a device's {@link Device#acceptedSources()}
     * @return the source, without build options
     * @throws IllegalArgumentException if none of the kinds has that extension, listing theirs
     * @throws UncheckedIOException if the file cannot be read
     */
    public static KernelSource of(Path file, Collection<SourceKind> kinds) {
        SourceKind kind = SourceKind.forFile(file, kinds);
        try {
            return new KernelSource(kind, Files.readAllBytes(file), file.toString(), "");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read kernel file '" + file + "': " + IoErrors.reason(e), e);
        }
    }

    /**
     * This source with other build options.
     *
     * @param options compiler options passed to the backend's build step
     * @return a new source
     */
    public KernelSource withBuildOptions(String options) {
        return new KernelSource(kind, code, name, options);
    }

    /**
     * The code as text.
     *
     * @return the code decoded as UTF-8
     */
    public String text() {
        return new String(code, StandardCharsets.UTF_8);
    }

    /** {@return the code: text as UTF-8 bytes, or binary (a copy)} */
    @Override
    public byte[] code() {
        return code.clone();
    }
}

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

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * A form of kernel code a device loads, with the file extensions that hold it. kbench names four forms
 * the built-in backends take ({@link #PTX}, {@link #CUBIN}, {@link #OPENCL_C}, {@link #SPIRV}); a backend
 * may define others with {@link #of(String, boolean, List)}. Which forms exist on a machine is what the
 * backends found say ({@link Backend#sourceKinds()}, {@link Drivers#sourceKinds()}), never a list kept
 * by kbench. Kinds are equal when their names are. Immutable.
 */
public final class SourceKind {

    private static final Pattern NAME = Pattern.compile("[A-Z][A-Z0-9_]*");
    private static final Pattern EXTENSION = Pattern.compile("[a-z0-9]+");

    /** NVIDIA PTX assembly (text, {@code .ptx}), JIT-compiled by the CUDA driver. */
    public static final SourceKind PTX = new SourceKind("PTX", false, List.of("ptx"));
    /** NVIDIA cubin or fatbin (binary, {@code .cubin}, {@code .fatbin}). */
    public static final SourceKind CUBIN = new SourceKind("CUBIN", true, List.of("cubin", "fatbin"));
    /** OpenCL C source (text, {@code .cl}), built by the OpenCL driver. */
    public static final SourceKind OPENCL_C = new SourceKind("OPENCL_C", false, List.of("cl"));
    /** SPIR-V (binary, {@code .spv}), for OpenCL 2.1+, Level Zero and Vulkan. */
    public static final SourceKind SPIRV = new SourceKind("SPIRV", true, List.of("spv"));

    private final String name;
    private final boolean binary;
    private final List<String> extensions;

    private SourceKind(String name, boolean binary, List<String> extensions) {
        this.name = name;
        this.binary = binary;
        this.extensions = extensions;
    }

    /**
     * A kind of kernel code, for a backend that takes a form kbench does not name.
     *
     * @param name upper-case letters, digits and {@code _}, starting with a letter, e.g. {@code GLSL}
     * @param binary whether the code is binary (else UTF-8 text)
     * @param extensions the file extensions that hold it, lower case, without the dot; at least one
     * @return the kind
     * @throws IllegalArgumentException if the name or an extension is not of that form
     */
    public static SourceKind of(String name, boolean binary, List<String> extensions) {
        Objects.requireNonNull(name, "name");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a source kind's name is upper-case letters, digits and '_', starting "
                    + "with a letter, got '" + name + "'");
        }
        List<String> copy = List.copyOf(extensions);
        if (copy.isEmpty() || !copy.stream().allMatch(e -> EXTENSION.matcher(e).matches())) {
            throw new IllegalArgumentException("source kind " + name + " needs at least one file extension of lower-case "
                    + "letters and digits without the dot, got " + copy);
        }
        return new SourceKind(name, binary, copy);
    }

    /**
     * The kind's name, as messages and {@code --suite-source} use it.
     *
     * @return e.g. {@code OPENCL_C}
     */
    public String name() {
        return name;
    }

    /**
     * Whether the code is binary; text is UTF-8 ({@link KernelSource#text()}).
     *
     * @return true for binary forms
     */
    public boolean binary() {
        return binary;
    }

    /**
     * The file extensions that hold this kind, lower case, without the dot.
     *
     * @return at least one extension
     */
    public List<String> extensions() {
        return extensions;
    }

    /**
     * Whether a file's extension (case-insensitive) is one of this kind's.
     *
     * @param file the file
     * @return true if its name ends in {@code .EXT} for one of {@link #extensions()}
     */
    public boolean matches(Path file) {
        return extension(file).map(extensions::contains).orElse(false);
    }

    /**
     * The kind of a file, from its extension, among the given kinds.
     *
     * @param file the file
     * @param kinds the kinds to choose from, e.g. {@link Device#acceptedSources()} or {@link Drivers#sourceKinds()}
     * @return the first kind whose extensions include the file's
     * @throws IllegalArgumentException if none does, naming the file and the extensions there are
     */
    public static SourceKind forFile(Path file, Collection<SourceKind> kinds) {
        Objects.requireNonNull(file, "file");
        for (SourceKind kind : kinds) {
            if (kind.matches(file)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("cannot tell the kernel kind of '" + file + "' from its extension; "
                + (kinds.isEmpty() ? "no backend found here takes any kernel files"
                : "use " + kinds.stream().flatMap(k -> k.extensions().stream()).distinct().map(e -> "." + e)
                        .collect(Collectors.joining(", ")) + " (" + describe(kinds) + ")"));
    }

    /**
     * The kinds as a short list for messages, e.g. {@code OPENCL_C (.cl), SPIRV (.spv)}.
     *
     * @param kinds the kinds
     * @return the names, each with its extensions
     */
    public static String describe(Collection<SourceKind> kinds) {
        return kinds.stream().map(k -> k.name + " (" + k.extensions.stream().map(e -> "." + e)
                .collect(Collectors.joining(", ")) + ")").collect(Collectors.joining(", "));
    }

    private static Optional<String> extension(Path file) {
        Path name = file.getFileName();
        String text = name == null ? "" : name.toString();
        int dot = text.lastIndexOf('.');
        return dot < 0 ? Optional.empty() : Optional.of(text.substring(dot + 1).toLowerCase(Locale.ROOT));
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof SourceKind kind && kind.name.equals(name);
    }

    @Override
    public int hashCode() {
        return name.hashCode();
    }

    /** {@return the name} */
    @Override
    public String toString() {
        return name;
    }
}

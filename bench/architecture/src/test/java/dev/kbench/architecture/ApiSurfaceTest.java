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
package dev.kbench.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.module.ModuleDescriptor;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The public surface of kbench: every public type of every package a kbench module exports to everyone,
 * with its public and protected members, compared against the committed list {@value #SURFACE}. A change
 * to the surface is a decision: when it is intended, copy {@code target/api-surface.txt} over the
 * committed list (docs/api.md says what the promise is).
 */
class ApiSurfaceTest {

    static final String SURFACE = "api-surface.txt";

    /** The packages every kbench module exports without a target, read from the module descriptors. */
    static List<String> exportedPackages() throws IOException {
        TreeSet<String> packages = new TreeSet<>();
        for (ModuleDescriptor d : kbenchModules()) {
            d.exports().stream().filter(e -> !e.isQualified()).forEach(e -> packages.add(e.source()));
        }
        return List.copyOf(packages);
    }

    /** The descriptors of the kbench modules on the class path (their {@code module-info.class}). */
    static List<ModuleDescriptor> kbenchModules() throws IOException {
        List<ModuleDescriptor> modules = new ArrayList<>();
        for (URL url : Collections.list(ApiSurfaceTest.class.getClassLoader().getResources("module-info.class"))) {
            try (InputStream in = url.openStream()) {
                ModuleDescriptor d = ModuleDescriptor.read(in);
                if (d.name().startsWith("dev.kbench.")) {
                    modules.add(d);
                }
            }
        }
        return modules;
    }

    static List<String> surface(List<String> packages) {
        TreeSet<String> lines = new TreeSet<>();
        for (String p : packages) {
            for (JavaClass c : new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                    .importPackages(p)) {
                if (!c.getPackageName().equals(p)) {
                    continue;
                }
                Class<?> type = c.reflect();
                if (!visible(type)) {
                    continue;
                }
                String name = type.getName();
                lines.add(name + " " + Modifier.toString(type.getModifiers() & ~Modifier.STATIC) + " "
                        + kind(type) + supertypes(type));
                for (Field f : type.getDeclaredFields()) {
                    if (member(f.getModifiers()) && !f.isSynthetic()) {
                        lines.add(name + " field " + f.toGenericString());
                    }
                }
                for (Constructor<?> k : type.getDeclaredConstructors()) {
                    if (member(k.getModifiers()) && !k.isSynthetic()) {
                        lines.add(name + " constructor " + signature(k));
                    }
                }
                for (Method m : type.getDeclaredMethods()) {
                    if (member(m.getModifiers()) && !m.isSynthetic() && !m.isBridge()) {
                        lines.add(name + " method " + signature(m));
                    }
                }
            }
        }
        return List.copyOf(lines);
    }

    private static boolean visible(Class<?> type) {
        for (Class<?> t = type; t != null; t = t.getDeclaringClass()) {
            if (!Modifier.isPublic(t.getModifiers()) || t.isAnonymousClass() || t.isLocalClass()) {
                return false;
            }
        }
        return true;
    }

    private static boolean member(int modifiers) {
        return Modifier.isPublic(modifiers) || Modifier.isProtected(modifiers);
    }

    private static String kind(Class<?> type) {
        return type.isAnnotation() ? "@interface" : type.isInterface() ? "interface" : type.isEnum() ? "enum"
                : type.isRecord() ? "record" : "class";
    }

    private static String supertypes(Class<?> type) {
        List<String> s = new ArrayList<>();
        if (type.getGenericSuperclass() != null && type.getSuperclass() != Object.class && !type.isEnum()
                && !type.isRecord()) {
            s.add("extends " + type.getGenericSuperclass().getTypeName());
        }
        for (var i : type.getGenericInterfaces()) {
            s.add("implements " + i.getTypeName());
        }
        return s.isEmpty() ? "" : " " + String.join(" ", s);
    }

    private static String signature(Executable e) {
        return e.toGenericString().replace(e.getDeclaringClass().getName() + ".", "");
    }

    @Test
    void theExportedSurfaceIsTheCommittedOne() throws IOException {
        List<String> packages = exportedPackages();
        assertFalse(packages.isEmpty(), "no kbench module descriptor on the class path");
        List<String> actual = surface(packages);
        Path written = Path.of("target", SURFACE);
        Files.createDirectories(written.getParent());
        Files.write(written, actual, StandardCharsets.UTF_8);
        List<String> committed;
        try (InputStream in = Objects.requireNonNull(ApiSurfaceTest.class.getResourceAsStream("/" + SURFACE), SURFACE)) {
            committed = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines()
                    .filter(l -> !l.isBlank() && !l.startsWith("#")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        TreeSet<String> added = new TreeSet<>(actual);
        committed.forEach(added::remove);
        TreeSet<String> removed = new TreeSet<>(committed);
        actual.forEach(removed::remove);
        assertEquals("", (added.isEmpty() ? "" : "added to the public API:\n  " + String.join("\n  ", added) + "\n")
                + (removed.isEmpty() ? "" : "removed from the public API:\n  " + String.join("\n  ", removed) + "\n"),
                "the public API changed; if intended, copy " + written.toAbsolutePath()
                        + " over bench/architecture/src/test/resources/" + SURFACE);
    }
}

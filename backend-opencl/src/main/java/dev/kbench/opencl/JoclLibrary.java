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

import dev.kbench.spi.kit.NativeLibraries;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import org.jocl.LibUtils;

/**
 * JOCL's JNI library put in {@code java.io.tmpdir} whole before JOCL's own loader runs. That loader loads
 * {@code ${java.io.tmpdir}/libJOCL_2_0_6-linux-x86_64.so} if a file of that name is there and otherwise writes
 * it from JOCL's jar, in place; forks starting in standby together found it half written and crashed loading
 * it (SIGSEGV in the library at offset 0). {@link NativeLibraries#placeJniLibrary} writes it atomically first.
 * Where it cannot (no version in JOCL's jar, a directory that cannot be written), JOCL's loader does as before
 * and says why if it fails. Thread-safe.
 */
final class JoclLibrary {

    /** Where JOCL's jar keeps its Maven coordinates, whose version names its library. */
    static final String POM_PROPERTIES = "META-INF/maven/org.jocl/jocl/pom.properties";

    private static boolean placed;

    private JoclLibrary() {
    }

    /**
     * JOCL's library file name on this platform, named as JOCL's {@code CL} names it from its version, e.g.
     * {@code libJOCL_2_0_6-linux-x86_64.so}.
     *
     * @param loader the class loader that sees JOCL's jar
     * @return the name, or empty if JOCL's jar says no version
     * @throws IOException if JOCL's Maven properties cannot be read
     */
    static Optional<String> fileName(ClassLoader loader) throws IOException {
        try (InputStream in = loader.getResourceAsStream(POM_PROPERTIES)) {
            if (in == null) {
                return Optional.empty();
            }
            Properties pom = new Properties();
            pom.load(in);
            String version = pom.getProperty("version");
            return version == null ? Optional.empty()
                    : Optional.of(LibUtils.createLibraryFileName(LibUtils.createPlatformLibraryName("JOCL_" + version.replace('.', '_'))));
        }
    }

    /** Places the library, once per JVM, before anything initializes JOCL's {@code CL}. */
    static synchronized void place() {
        if (placed) {
            return;
        }
        placed = true;
        ClassLoader loader = JoclLibrary.class.getClassLoader();
        try {
            Optional<String> name = fileName(loader);
            if (name.isPresent()) {
                NativeLibraries.placeJniLibrary(loader, name.get(), Path.of(System.getProperty("java.io.tmpdir")));
            }
        } catch (IOException e) {
            // JOCL's loader writes the library itself, as it would have, and names the problem if it cannot
        }
    }
}

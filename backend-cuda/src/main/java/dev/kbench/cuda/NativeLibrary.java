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

import dev.kbench.spi.kit.NativeLibraries;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import jcuda.JCudaVersion;
import jcuda.LibUtils;

/**
 * Makes JCuda's JNI library loadable on the module path.
 *
 * <p>JCuda's {@code LibUtils.loadLibrary} first tries {@code System.loadLibrary} (the library on
 * {@code java.library.path}), then looks for {@code ${java.io.tmpdir}/libJCudaDriver-12.6.0-linux-x86_64.so}
 * and, if that file is missing, writes it from the resource {@code /lib/...} found with
 * {@code LibUtils.class.getResourceAsStream}. On the module path that lookup only searches the module
 * {@code jcuda}, not the separate natives jar (module {@code jcuda.natives}), so it fails (https://github.com/jcuda/jcuda-main/issues/40). This class writes that file itself, reading the resource through the class loader, which
 * sees every module and the class path; JCuda's loader then finds it and loads it. The same works on
 * the class path.
 *
 * <p>The file is written to a temporary name and moved into place atomically, and an existing file is
 * kept only if its bytes equal the resource's, so concurrent JVMs and files truncated by a crashed
 * writer are safe ({@link NativeLibraries#placeJniLibrary}). Thread-safe.
 */
final class NativeLibrary {

    private NativeLibrary() {
    }

    /**
     * The resource and file name of JCuda's driver library on this platform, e.g.
     * {@code libJCudaDriver-12.6.0-linux-x86_64.so}.
     *
     * @return the file name
     */
    static String driverLibraryFileName() {
        return LibUtils.createLibraryFileName(LibUtils.createPlatformLibraryName("JCudaDriver-" + JCudaVersion.get()));
    }

    /**
     * Places JCuda's driver library where JCuda's loader looks for it, in {@code java.io.tmpdir}.
     *
     * @param loader the class loader to read the natives jar's resource with
     * @return the file
     * @throws IOException if the resource is missing (the natives jar is not on the path) or the file
     *     cannot be written, with the path and the next step
     */
    static synchronized Path extractDriverLibrary(ClassLoader loader) throws IOException {
        return extract(loader, driverLibraryFileName(), Path.of(System.getProperty("java.io.tmpdir")));
    }

    /**
     * Writes the resource {@code lib/NAME} to {@code directory/NAME} unless an identical file is there.
     *
     * @param loader the class loader to read the resource with
     * @param fileName the library's file name
     * @param directory where to put it
     * @return the file
     * @throws IOException if the resource is missing or the file cannot be written
     */
    static Path extract(ClassLoader loader, String fileName, Path directory) throws IOException {
        return NativeLibraries.placeJniLibrary(loader, fileName, directory).orElseThrow(() -> new IOException(
                "JCuda's native library 'lib/" + fileName + "' is not on the class or module path; "
                        + "add org.jcuda:jcuda-natives:" + JCudaVersion.get() + " with the classifier of this platform ("
                        + LibUtils.calculateOS().name().toLowerCase(Locale.ROOT) + "-"
                        + LibUtils.calculateArch().name().toLowerCase(Locale.ROOT) + ")"));
    }
}

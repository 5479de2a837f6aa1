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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NativeLibraryTest {

    private static final ClassLoader LOADER = NativeLibraryTest.class.getClassLoader();

    @Test
    void theFileNameIsJcudasForThisPlatform() {
        assertEquals("libJCudaDriver-12.6.0-linux-x86_64.so", NativeLibrary.driverLibraryFileName());
    }

    @Test
    void extractsTheResourceKeepsAnIdenticalFileAndReplacesATruncatedOne(@TempDir Path dir) throws IOException {
        String name = NativeLibrary.driverLibraryFileName();
        byte[] resource;
        try (InputStream in = LOADER.getResourceAsStream("lib/" + name)) {
            resource = in.readAllBytes();
        }

        Path file = NativeLibrary.extract(LOADER, name, dir);
        assertEquals(dir.resolve(name), file);
        assertArrayEquals(resource, Files.readAllBytes(file));

        FileTime old = FileTime.fromMillis(0);
        Files.setLastModifiedTime(file, old);
        NativeLibrary.extract(LOADER, name, dir);
        assertEquals(old, Files.getLastModifiedTime(file), "an identical file is not rewritten");

        Files.write(file, new byte[] {1, 2, 3});
        NativeLibrary.extract(LOADER, name, dir);
        assertArrayEquals(resource, Files.readAllBytes(file));
        try (var leftovers = Files.list(dir)) {
            assertEquals(1, leftovers.count(), "no partial files are left behind");
        }
    }

    @Test
    void aMissingNativesJarIsReportedWithTheArtifactToAdd(@TempDir Path dir) {
        IOException e = assertThrows(IOException.class, () -> NativeLibrary.extract(LOADER, "libNoSuch.so", dir));

        assertTrue(e.getMessage().contains("add org.jcuda:jcuda-natives:12.6.0 with the classifier of this platform "
                + "(linux-x86_64)"), e.getMessage());
    }
}

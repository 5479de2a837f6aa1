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

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JoclLibraryTest {

    private static final ClassLoader LOADER = JoclLibraryTest.class.getClassLoader();

    @Test
    void theFileNameIsJoclsForThisPlatformAndItsJarHasIt() throws IOException {
        // the name JOCL's CL loads (LibUtils.createPlatformLibraryName("JOCL_" + "2_0_6")); a JOCL that names its
        // library otherwise fails here rather than silently losing the placement
        assertEquals(Optional.of("libJOCL_2_0_6-linux-x86_64.so"), JoclLibrary.fileName(LOADER));
        try (InputStream in = LOADER.getResourceAsStream("lib/libJOCL_2_0_6-linux-x86_64.so")) {
            assertTrue(in != null, "JOCL's jar has lib/libJOCL_2_0_6-linux-x86_64.so");
        }
    }

    @Test
    void aHalfWrittenLibraryInTheTemporaryDirectoryIsReplacedBeforeJoclLoadsIt(@TempDir Path dir) throws Exception {
        // what a JVM starting beside another one that is writing JOCL's library finds: a file of the library's
        // name, cut short. JOCL's loader loads any file of that name (it crashed a fork with SIGSEGV in the
        // library at offset 0); the driver now puts the whole library in its place first.
        String name = JoclLibrary.fileName(LOADER).orElseThrow();
        byte[] whole;
        try (InputStream in = LOADER.getResourceAsStream("lib/" + name)) {
            whole = in.readAllBytes();
        }
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Files.write(tmp.resolve(name), Arrays.copyOf(whole, 4096));
        Jvm.Result result = Jvm.run(Jvm.Layout.MODULE_PATH,
                List.of("-Djava.io.tmpdir=" + tmp, "-XX:ErrorFile=" + dir.resolve("hs_err_%p.log")), Map.of(),
                "dev.kbench.opencl.ProbeMain", List.of("bench"));
        assertEquals(0, result.exitCode(), result::toString);
        assertTrue(result.stdout().contains("\nlookup: opencl\ngelu ok: "), result.stdout());
        assertArrayEquals(whole, Files.readAllBytes(tmp.resolve(name)));
    }
}

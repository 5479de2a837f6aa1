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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.Drivers;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Starts fresh JVMs with the backend, bench-api and JCuda's two jars on the module path and on the class
 * path, with an empty {@code java.io.tmpdir} (so no library extracted by an earlier run can help), and
 * checks discovery, the native library load and a quiet stderr. Without the backend's extraction the
 * module path fails with JCuda's "No resource found" (https://github.com/jcuda/jcuda-main/issues/40).
 */
class LaunchPathTest {

    private record Run(int exit, String out, String err) {
    }

    @Test
    void modulePath(@TempDir Path tmp) throws Exception {
        Run run = java(tmp, "--enable-native-access=jcuda", "--patch-module",
                "dev.kbench.cuda=" + location(CudaInfo.class), "-p", path(), "-m",
                "dev.kbench.cuda/" + CudaInfo.class.getName());

        assertQuietAndLoaded(run, tmp);
        assertTrue(run.out().startsWith("path: module path\n"), run.out());
        assertLaunchPath(run, "  launch path: jcuda (native access is not enabled for module dev.kbench.cuda "
                + "(add --enable-native-access=dev.kbench.cuda))\n");
    }

    @Test
    void modulePathWithNativeAccessForTheBackend(@TempDir Path tmp) throws Exception {
        Run run = java(tmp, "--enable-native-access=jcuda,dev.kbench.cuda", "--patch-module",
                "dev.kbench.cuda=" + location(CudaInfo.class), "-p", path(), "-m",
                "dev.kbench.cuda/" + CudaInfo.class.getName());

        assertQuietAndLoaded(run, tmp);
        assertLaunchPath(run, "  launch path: " + LaunchMode.FFM_DESCRIPTION + "\n");
    }

    @Test
    void classPath(@TempDir Path tmp) throws Exception {
        Run run = java(tmp, "--enable-native-access=ALL-UNNAMED", "-cp",
                path() + File.pathSeparator + location(CudaInfo.class), CudaInfo.class.getName());

        assertQuietAndLoaded(run, tmp);
        assertTrue(run.out().startsWith("path: class path\n"), run.out());
        assertLaunchPath(run, "  launch path: " + LaunchMode.FFM_DESCRIPTION + "\n");
    }

    /** Where the driver is active (a GPU machine), its inventory names the launch path. */
    private static void assertLaunchPath(Run run, String line) {
        if (run.out().contains("\ncuda: active")) {
            assertTrue(run.out().contains(line), "expected '" + line.strip() + "' in:\n" + run.out());
        }
    }

    @Test
    void withoutNativeAccessForTheBackendTheLaunchPathIsJcudaAndNothingIsPrinted(@TempDir Path tmp) throws Exception {
        // --enable-native-access=jcuda alone, as the launcher passed it before the FFM launch path
        Run module = java(tmp, "--enable-native-access=jcuda", "--patch-module",
                "dev.kbench.cuda=" + location(LaunchModeProbe.class), "-p", path(), "-m",
                "dev.kbench.cuda/" + LaunchModeProbe.class.getName());
        Run classPath = java(tmp, "-cp", path() + File.pathSeparator + location(LaunchModeProbe.class),
                LaunchModeProbe.class.getName());

        assertEquals(new Run(0, "jcuda (native access is not enabled for module dev.kbench.cuda "
                + "(add --enable-native-access=dev.kbench.cuda))\n", ""), module);
        assertEquals(new Run(0, "jcuda (native access is not enabled for the class path "
                + "(add --enable-native-access=ALL-UNNAMED))\n", ""), classPath);
    }

    @Test
    void withNativeAccessTheLaunchPathIsFfmWhereTheDriverIsInstalled(@TempDir Path tmp) throws Exception {
        Run run = java(tmp, "--enable-native-access=jcuda,dev.kbench.cuda", "--patch-module",
                "dev.kbench.cuda=" + location(LaunchModeProbe.class), "-p", path(), "-m",
                "dev.kbench.cuda/" + LaunchModeProbe.class.getName());

        assertEquals(0, run.exit(), run.out() + run.err());
        assertEquals("", run.err(), "nothing on stderr");
        if (NoGpu.libcudaPresent()) {
            assertEquals(LaunchMode.FFM_DESCRIPTION + "\n", run.out());
        } else {
            assertTrue(run.out().startsWith("jcuda (cannot link cuLaunchKernel in libcuda.so.1: "), run.out());
        }
    }

    private static void assertQuietAndLoaded(Run run, Path tmp) {
        assertEquals(0, run.exit(), run.out() + run.err());
        assertEquals("", run.err(), "nothing on stderr");
        assertFalse(run.out().contains("No resource found"), run.out());
        assertTrue(Files.isRegularFile(tmp.resolve(NativeLibrary.driverLibraryFileName())),
                "JCuda's library was extracted to java.io.tmpdir");
        String cuda = run.out().lines().filter(l -> l.startsWith("cuda: ")).findFirst().orElseThrow();
        if (NoGpu.libcudaPresent()) {
            assertFalse(cuda.contains("JCuda's native library could not be loaded"), cuda);
        } else {
            // the dynamic loader opened JCuda's library and then missed its dependency: the load path works
            assertTrue(cuda.startsWith("cuda: inactive: libcuda.so.1 not found"), cuda);
        }
    }

    private static Run java(Path tmp, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Djava.io.tmpdir=" + tmp);
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).start();
        var err = process.getErrorStream();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String errors = new String(err.readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the JVM finished");
        return new Run(process.exitValue(), out, errors);
    }

    /** The backend's classes, bench-api, jcuda and jcuda-natives, wherever this test run found them. */
    static String path() throws URISyntaxException {
        URL natives = LaunchPathTest.class.getClassLoader().getResource("lib/" + NativeLibrary.driverLibraryFileName());
        String jar = natives.toString();
        Path nativesJar = Path.of(new java.net.URI(jar.substring("jar:".length(), jar.indexOf("!/"))));
        return Stream.of(location(CudaDriver.class), location(Drivers.class), location(jcuda.Pointer.class), nativesJar)
                .map(Path::toString).collect(Collectors.joining(File.pathSeparator));
    }

    static Path location(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }
}

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
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The whole launch path without a GPU: a fake {@code libcuda.so.1} (test resource
 * {@code fake-libcuda.c}, compiled with {@code cc}; skipped where there is no C compiler) stands in for
 * the driver in fresh JVMs, JCuda's JNI library binds to it, and {@link FakeDriverLaunches} launches
 * through FFM (module path and class path) and through JCuda. The fake prints what
 * {@code cuLaunchKernel} received; both paths must hand it the same function, grid, block, dynamic shared
 * memory, stream and parameter bytes, and report the same errors.
 */
class FakeDriverTest {

    private record Run(int exit, String out, String err) {
    }

    @Test
    void ffmAndJcudaHandTheDriverTheSameLaunches(@TempDir Path tmp) throws Exception {
        Path fake = compileFake(tmp);
        String patch = "dev.kbench.cuda=" + LaunchPathTest.location(FakeDriverLaunches.class);
        String main = FakeDriverLaunches.class.getName();

        Run ffm = java(tmp, fake, "-Dkbench.cuda.launch=ffm", "--enable-native-access=jcuda,dev.kbench.cuda",
                "--patch-module", patch, "-p", LaunchPathTest.path(), "-m", "dev.kbench.cuda/" + main);
        Run jcuda = java(tmp, fake, "-Dkbench.cuda.launch=jcuda", "--enable-native-access=jcuda,dev.kbench.cuda",
                "--patch-module", patch, "-p", LaunchPathTest.path(), "-m", "dev.kbench.cuda/" + main);
        Run classPath = java(tmp, fake, "--enable-native-access=ALL-UNNAMED",
                "-cp", LaunchPathTest.path() + File.pathSeparator + LaunchPathTest.location(FakeDriverLaunches.class), main);

        for (Run run : List.of(ffm, jcuda, classPath)) {
            assertEquals(0, run.exit(), run.out() + run.err());
            assertEquals("", run.err(), "nothing on stderr");
        }
        assertTrue(ffm.out().contains("devices: 0: Fake GPU [0000:18:00.0]; 1: Fake GPU [0000:19:00.0]\n"
                + "second: DeviceIdentity[backend=cuda, index=1, name=Fake GPU, id=0000:19:00.0], uuid "
                + "b0b1b2b3b4b5b6b7b8b9babbbcbdbebf, NVIDIA driver 570.124.06, telemetry clock "
                + "OptionalDouble[1980.0], temperature OptionalDouble[41.0], throttle Optional[[SW_POWER_CAP]], power "
                + "limited OptionalLong[5000] ns, thermal limited OptionalLong.empty ns, energy read, update period "
                + "empty; period measured, then clock OptionalDouble[1980.0], temperature OptionalDouble[41.0], throttle "
                + "Optional[[SW_POWER_CAP]], power limited OptionalLong[5000] ns, thermal limited OptionalLong.empty ns, "
                + "energy read, update period measured\n"
                + "first: telemetry clock OptionalDouble.empty, temperature OptionalDouble.empty, throttle "
                + "Optional.empty, power limited OptionalLong.empty ns, thermal limited OptionalLong.empty ns, energy "
                + "empty, update period empty\n"), "cuDeviceGetCount, cuDeviceGetPCIBusId, cuDeviceGetUuid, and NVML "
                + "found by PCI bus id (device 0 is unknown to the fake NVML: empty, not an error); the energy counter's "
                + "period measured only when asked for, then carried by the readings; the throttling "
                + "bits without idle and sync boost, through the older function name; the violation struct's second "
                + "field; an unsupported policy empty: " + ffm.out());
        String ffmPath = "launchPath: " + LaunchMode.FFM_DESCRIPTION + "\n";
        assertTrue(ffm.out().contains(ffmPath), ffm.out());
        assertTrue(classPath.out().contains(ffmPath), "the default is FFM: " + classPath.out());
        assertEquals(ffm.out(), classPath.out());
        assertEquals(ffm.out().replace(ffmPath, "launchPath: jcuda (-Dkbench.cuda.launch=jcuda)\n"), jcuda.out(),
                "the JCuda path hands the driver the same launches");

        String launch = "cuLaunchKernel f=0xf001 grid=%s block=%s shared=%d stream=0x5ea0 extra=(nil) params=%s\n";
        String first = "00007f0000100000 00007f0000200000 fffffffd 0000010000000000 3fc00000 c002000000000000";
        String second = "00007f0000200000 00007f0000100000 7fffffff ffffffffffffffff 80000000 400921fb54442d18";
        String expected = launch.formatted("7,2,1", "256,1,1", 100, first)
                + launch.formatted("7,2,1", "256,1,1", 100, first)
                + launch.formatted("1,1,1", "32,4,2", 0, second)
                + launch.formatted("1,1,1", "32,4,2", 100, first)
                + launch.formatted("999,1,1", "256,1,1", 100, first)
                + "KernelException: launch of kernel 'k' (grid 999,1,1, block 256,1,1, dynamic shared memory 100 bytes) "
                + "failed: CUDA_ERROR_INVALID_VALUE (invalid argument); check the block size (at most 64 threads) and the "
                + "grid's y and z (at most 65535)\n"
                + "KernelException: a buffer argument of kernel 'k' is closed\n"
                + "KernelException: argument 0 of kernel 'k' is a closed buffer\n"
                + "IllegalStateException: the cuda module 'k.ptx' is closed\n";
        assertTrue(ffm.out().endsWith(ffmPath + expected), ffm.out());
    }

    @Test
    void telemetryIsSwitchedOffByOffAndAnyOtherValueMakesTheDriverInactive(@TempDir Path tmp) throws Exception {
        Path fake = compileFake(tmp);
        String main = FakeDriverLaunches.class.getName();
        String classPath = LaunchPathTest.path() + File.pathSeparator + LaunchPathTest.location(FakeDriverLaunches.class);
        Run on = java(tmp, fake, "--enable-native-access=ALL-UNNAMED", "-cp", classPath, main);
        Run nvml = java(tmp, fake, "-Dkbench.cuda.telemetry=NVML", "--enable-native-access=ALL-UNNAMED", "-cp", classPath,
                main);
        Run off = java(tmp, fake, "-Dkbench.cuda.telemetry=off", "--enable-native-access=ALL-UNNAMED", "-cp", classPath,
                main);
        Run typo = java(tmp, fake, "-Dkbench.cuda.telemetry=of", "--enable-native-access=ALL-UNNAMED", "-cp", classPath,
                main);
        for (Run run : List.of(on, nvml, off, typo)) {
            assertEquals(0, run.exit(), run.out() + run.err());
            assertEquals("", run.err(), "nothing on stderr");
        }
        assertTrue(on.out().contains("inventory: [telemetry: nvml]"), on.out());
        assertTrue(on.out().contains("telemetry clock OptionalDouble[1980.0]"), "the fake NVML is read: " + on.out());
        assertEquals(on.out(), nvml.out(), "nvml is the default, in any case");

        assertTrue(off.out().contains("inventory: [telemetry: off (-Dkbench.cuda.telemetry=off)]"), off.out());
        String empty = "telemetry clock OptionalDouble.empty, temperature OptionalDouble.empty, throttle Optional.empty, "
                + "power limited OptionalLong.empty ns, thermal limited OptionalLong.empty ns, energy empty, update "
                + "period empty; period empty, then clock OptionalDouble.empty";
        assertTrue(off.out().contains(empty), "off reads nothing, not even the device NVML knows: " + off.out());

        assertEquals("availability: Availability[active=false, reason=-Dkbench.cuda.telemetry=of is not a telemetry setting; "
                + "use nvml (the default) or off]\ninventory: []\n", typo.out(), "a mistyped switch is refused, not read as "
                + "on, and nothing is opened");
    }

    /** Compiles the fake driver into {@code tmp/fake/libcuda.so.1}, or skips the test without a C compiler. */
    private static Path compileFake(Path tmp) throws IOException, InterruptedException {
        Path dir = Files.createDirectories(tmp.resolve("fake"));
        Path source = dir.resolve("fake-libcuda.c");
        try (InputStream in = FakeDriverTest.class.getResourceAsStream("fake-libcuda.c")) {
            Files.write(source, in.readAllBytes());
        }
        Path nvml = dir.resolve("fake-libnvidia-ml.c");
        try (InputStream in = FakeDriverTest.class.getResourceAsStream("fake-libnvidia-ml.c")) {
            Files.write(nvml, in.readAllBytes());
        }
        Process cc;
        try {
            cc = new ProcessBuilder("cc", "-shared", "-fPIC", "-o", dir.resolve("libnvidia-ml.so.1").toString(), nvml.toString())
                    .redirectErrorStream(true).start();
            String nvmlLog = new String(cc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(cc.waitFor(60, TimeUnit.SECONDS) && cc.exitValue() == 0, "cc failed: " + nvmlLog);
            cc = new ProcessBuilder("cc", "-shared", "-fPIC", "-o", dir.resolve("libcuda.so.1").toString(), source.toString())
                    .redirectErrorStream(true).start();
        } catch (IOException e) {
            assumeTrue(false, "no C compiler (cc) to build the fake libcuda.so.1: " + e.getMessage());
            throw e;
        }
        String log = new String(cc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(cc.waitFor(60, TimeUnit.SECONDS) && cc.exitValue() == 0, "cc failed: " + log);
        return dir;
    }

    private static Run java(Path tmp, Path fake, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Djava.io.tmpdir=" + tmp);
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("LD_LIBRARY_PATH", fake.toString());
        builder.environment().put("FAKE_PARAM_SIZES", FakeDriverLaunches.PARAM_SIZES);
        Process process = builder.start();
        var err = process.getErrorStream();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String errors = new String(err.readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the JVM finished");
        return new Run(process.exitValue(), out, errors);
    }
}

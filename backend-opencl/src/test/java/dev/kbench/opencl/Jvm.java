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

import dev.kbench.spi.Driver;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jocl.CL;

/** Starts a test main in a fresh JVM, on the module path or the class path, and collects its output. */
final class Jvm {

    /** How a child JVM finds the code. */
    enum Layout {
        /** {@code -p} with the module and {@code --patch-module} for the test classes. */
        MODULE_PATH,
        /** {@code -cp} with everything. */
        CLASS_PATH,
        /** {@code -cp} without the JOCL jar. */
        CLASS_PATH_WITHOUT_JOCL
    }

    /**
     * What a child JVM did.
     *
     * @param exitCode its exit status
     * @param stdout its standard output
     * @param stderr its standard error
     */
    record Result(int exitCode, String stdout, String stderr) {
    }

    private Jvm() {
    }

    static Result run(Layout path, List<String> jvmOptions, Map<String, String> environment, String mainClass,
                      List<String> args) throws IOException, InterruptedException {
        Path base = Path.of(System.getProperty("basedir", "")).toAbsolutePath();
        Path classes = base.resolve("target/classes");
        Path testClasses = base.resolve("target/test-classes");
        String benchApi = location(Driver.class);
        String jocl = location(CL.class);
        // the GELU reference's erf (Commons Numbers), for ProbeMain's check
        String erf = location(org.apache.commons.numbers.gamma.Erf.class) + File.pathSeparator
                + location(org.apache.commons.numbers.core.Precision.class) + File.pathSeparator
                + location(org.apache.commons.numbers.fraction.Fraction.class);
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        switch (path) {
            case MODULE_PATH -> {
                command.add("--enable-native-access=jocl,dev.kbench.opencl");
                command.add("-p");
                command.add(String.join(File.pathSeparator, classes.toString(), benchApi, jocl, erf));
                command.add("--add-modules");
                command.add("org.apache.commons.numbers.gamma");
                command.add("--add-reads");
                command.add("dev.kbench.opencl=org.apache.commons.numbers.gamma");
                command.add("--patch-module");
                command.add("dev.kbench.opencl=" + testClasses);
                command.add("-m");
                command.add("dev.kbench.opencl/" + mainClass);
            }
            case CLASS_PATH, CLASS_PATH_WITHOUT_JOCL -> {
                command.add("--enable-native-access=ALL-UNNAMED");
                command.add("-cp");
                List<String> entries = new ArrayList<>(List.of(testClasses.toString(), classes.toString(), benchApi, erf));
                if (path == Layout.CLASS_PATH) {
                    entries.add(jocl);
                }
                command.add(String.join(File.pathSeparator, entries));
                command.add(mainClass);
            }
        }
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().remove("KBENCH_BACKEND");
        builder.environment().putAll(environment);
        Path out = Files.createTempFile("kbench-jvm", ".out");
        Path err = Files.createTempFile("kbench-jvm", ".err");
        try {
            builder.redirectOutput(out.toFile()).redirectError(err.toFile());
            Process process = builder.start();
            if (!process.waitFor(10, TimeUnit.MINUTES)) {
                process.destroyForcibly();
                throw new AssertionError("the child JVM did not finish in 10 minutes: " + command);
            }
            return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static String location(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}

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
package dev.kbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Each kind of error the command line knows, through the command line: its exit status (docs/formats.md
 * §8) and its one message. None of them reads as another kind: a failed write is not a usage error, a
 * device failure is not bad input, and an exception kbench does not expect says it is a bug.
 */
class ErrorKindsTest {

    private static final String HELP_HINT = "--help' for usage.";

    @TempDir
    Path dir;

    @Test
    void anErrorThrownInABackendFromOutsideKbenchIsThatBackendsNotAnInternalError() {
        java.util.function.Predicate<String> backends = java.util.Set.of("com.acme.metal", "dev.kbench.opencl")::contains;
        StackTraceElement jdk = new StackTraceElement(null, "java.base", null, "java.util.Objects", "requireNonNull", null, 1);
        StackTraceElement metal = new StackTraceElement(null, "com.acme.metal", null, "com.acme.metal.MetalDriver",
                "device", null, 2);
        StackTraceElement cli = new StackTraceElement(null, "dev.kbench.cli", null, "dev.kbench.cli.RunCommand", "call", null, 3);
        StackTraceElement opencl = new StackTraceElement(null, "dev.kbench.opencl", null, "dev.kbench.opencl.OpenClDriver",
                "device", null, 4);
        StackTraceElement classPath = new StackTraceElement("app", null, null, "com.acme.metal.MetalDriver", "device", null, 5);
        StackTraceElement jackson = new StackTraceElement(null, "com.fasterxml.jackson.databind", null, "x.Y", "z", null, 6);
        // thrown in the backend, through the JDK: the backend's; then kbench's own code, a built-in backend, the class
        // path (no module to tell by) and a library that provides no driver: kbench's
        assertEquals(java.util.Optional.of("module com.acme.metal"), Errors.backendModule(thrown(jdk, metal, cli), backends, Set.of()));
        for (StackTraceElement first : List.of(cli, opencl, classPath, jackson)) {
            assertEquals(java.util.Optional.empty(), Errors.backendModule(thrown(jdk, first, metal), backends, Set.of()), first.toString());
        }
        // a constructor of kbench's API refusing its arguments: its caller's fault, the backend's or kbench's; any
        // other method of the API is kbench's
        StackTraceElement facts = new StackTraceElement(null, "dev.kbench.api", null, "dev.kbench.api.DeviceFacts", "<init>",
                null, 7);
        StackTraceElement check = new StackTraceElement(null, "dev.kbench.api", null, "dev.kbench.api.DeviceFacts", "positive",
                null, 8);
        assertEquals(java.util.Optional.of("module com.acme.metal"), Errors.backendModule(thrown(check, facts, metal, cli), backends, Set.of()));
        assertEquals(java.util.Optional.empty(), Errors.backendModule(thrown(check, facts, cli, metal), backends, Set.of()));
        assertEquals(java.util.Optional.empty(), Errors.backendModule(thrown(check, metal, cli), backends, Set.of()));
    }

    @Test
    void onTheClassPathThePackageOfADriverTheClassPathProvidesTellsTheBackend() {
        // no module names: kbench's packages are kbench's, a provided driver's package is that backend's, any
        // other package (a library) kbench's; a constructor of the API refusing its arguments is passed over
        java.util.function.Predicate<String> noModules = module -> false;
        Set<String> provided = Set.of("com.acme.metal");
        StackTraceElement metal = new StackTraceElement("app", null, null, "com.acme.metal.MetalDriver$Device", "facts", null, 1);
        StackTraceElement cli = new StackTraceElement("app", null, null, "dev.kbench.cli.RunCommand", "call", null, 2);
        StackTraceElement library = new StackTraceElement("app", null, null, "com.fasterxml.jackson.X", "y", null, 3);
        StackTraceElement facts = new StackTraceElement("app", null, null, "dev.kbench.api.DeviceFacts", "<init>", null, 4);
        StackTraceElement kit = new StackTraceElement("app", null, null, "dev.kbench.spi.kit.DriverBase", "device", null, 5);
        assertEquals(java.util.Optional.of("package com.acme.metal on the class path"),
                Errors.backendModule(thrown(metal, cli), noModules, provided));
        assertEquals(java.util.Optional.of("package com.acme.metal on the class path"),
                Errors.backendModule(thrown(facts, metal, cli), noModules, provided));
        for (StackTraceElement first : List.of(cli, library, kit)) {
            assertEquals(java.util.Optional.empty(), Errors.backendModule(thrown(first, metal), noModules, provided), first.toString());
        }
        assertEquals(java.util.Optional.empty(), Errors.backendModule(thrown(metal, cli), noModules, Set.of()));
    }

    private static RuntimeException thrown(StackTraceElement... frames) {
        RuntimeException e = new IllegalStateException("no device");
        e.setStackTrace(frames);
        return e;
    }

    @Test
    void aBadOptionValueIsAUsageErrorNamingTheOption() {
        Path base = Cli.resource("compare/base.csv", dir);
        Path next = Cli.resource("compare/new.csv", dir);
        Cli.Result r = Cli.run("compare", base.toString(), next.toString(), "--alpha", "2");
        assertEquals(ExitCodes.INVALID_INPUT, r.status(), r.toString());
        assertTrue(r.err().startsWith("kbench compare: --alpha '2' is out of range"), r.toString());
        assertTrue(r.err().contains(HELP_HINT), r.toString());
    }

    @Test
    void aMalformedSamplesFileIsBadInputNamingTheFileAndLine() throws Exception {
        Path base = Cli.resource("compare/base.csv", dir);
        Path bad = dir.resolve("bad.csv");
        String text = Files.readString(base);
        String header = text.substring(0, text.indexOf('\n') + 1);
        Files.writeString(bad, header + text.lines().skip(1).findFirst().orElseThrow().replaceFirst(",[0-9.]+,", ",fast,")
                + "\n");
        Cli.Result r = Cli.run("compare", base.toString(), bad.toString());
        assertEquals(ExitCodes.INVALID_INPUT, r.status(), r.toString());
        assertTrue(r.err().startsWith("kbench compare: " + bad + ":2: "), r.toString());
        assertFalse(r.err().contains("internal error"), r.toString());
    }

    @Test
    void anOutputThatCannotBeWrittenIsExitFiveNotUsage() {
        Path in = Cli.resource("compare/base.csv", dir);
        Cli.Result r = Cli.run("merge", "-o", "/dev/full", in.toString());
        assertEquals(ExitCodes.WRITE_FAILED, r.status(), r.toString());
        assertTrue(r.err().contains("cannot write '/dev/full': No space left on device"), r.toString());
        assertFalse(r.err().contains(HELP_HINT), r.toString());
    }

    @Test
    void aKernelTheDeviceCannotBuildIsADeviceFailureNotUsage() throws Exception {
        Pocl.require();
        Path kernel = Files.writeString(dir.resolve("broken.cl"), "__kernel void k(__global float *x) { x[0] = ; }\n");
        Cli.Result r = Cli.run("--backend", "opencl", "run", "--kernel", kernel.toString(), "--entry", "k", "--grid", "1",
                "--block", "1", "--arg", "buf:f32:1", "--repetitions", "1", "--warmup-ms", "0", "--rep-ms", "1",
                "--cache-clear", "0", "--progress", "none");
        assertEquals(ExitCodes.FAILURE, r.status(), r.toString());
        assertTrue(r.err().contains("clBuildProgram"), r.toString());
        assertFalse(r.err().contains(HELP_HINT), r.toString());
        assertFalse(r.err().contains("internal error"), r.toString());
    }

    @Test
    void aNumberOptionSaysWhatIsWrongWithItsValue() {
        // run's options are converted before any driver is looked up
        List<List<String>> cases = List.of(
                List.of("--repetitions", "1.5", "'1.5' is not a whole number"),
                List.of("--repetitions", "99999999999999999999", "'99999999999999999999' is too large: at most 2147483647"),
                List.of("--repetitions", "-99999999999", "'-99999999999' is too small: at least -2147483648"),
                List.of("--seed", "9223372036854775808", "'9223372036854775808' is too large: at most 9223372036854775807"),
                List.of("--seed", "abc", "'abc' is not a number"),
                List.of("--rep-ms", "NaN", "'NaN' is not a number"),
                List.of("--rep-ms", " 1", "' 1' is not a number"),
                List.of("--rep-ms", "0x10", "'0x10' is not a number"),
                List.of("--rep-ms", "1e400", "'1e400' is too large"));
        for (List<String> c : cases) {
            Cli.Result r = Cli.run("run", c.get(0), c.get(1));
            assertEquals(ExitCodes.INVALID_INPUT, r.status(), r.toString());
            assertTrue(r.err().startsWith("kbench run: Invalid value for option '" + c.get(0) + "': " + c.get(2) + "\n"),
                    r.toString());
        }
        // a whole number may be written with a point or an exponent; each option's own range follows
        assertEquals(1000, NumberOptions.whole("1e3", Integer.MIN_VALUE, Integer.MAX_VALUE));
        assertEquals(2, NumberOptions.whole("2.0", Integer.MIN_VALUE, Integer.MAX_VALUE));
        assertEquals(Long.MIN_VALUE, NumberOptions.whole("-9223372036854775808", Long.MIN_VALUE, Long.MAX_VALUE));
        Cli.Result range = Cli.run("run", "--repetitions", "0");
        assertEquals(ExitCodes.INVALID_INPUT, range.status(), range.toString());
        assertTrue(range.err().startsWith("kbench run: --repetitions 0 is out of range: 1 to 1000000"), range.toString());
    }

    @Test
    void aSamplesFileThatIsNotUtf8IsNamedSoByEveryCommandThatReadsIt() throws Exception {
        Path good = Cli.resource("compare/base.csv", dir);
        Path latin1 = dir.resolve("latin1.csv");
        String text = Files.readString(good);
        // a header, then a row whose benchmark name is ISO-8859-1 (one byte 0xf6 where UTF-8 has two)
        String row = text.lines().skip(1).findFirst().orElseThrow();
        Files.write(latin1, (text.substring(0, text.indexOf('\n') + 1) + "c\u00f6" + row.substring(row.indexOf(',')) + "\n")
                .getBytes(java.nio.charset.StandardCharsets.ISO_8859_1));
        for (String[] command : List.of(new String[] {"summary", latin1.toString()},
                new String[] {"compare", good.toString(), latin1.toString()},
                new String[] {"merge", "-o", dir.resolve("m.csv").toString(), good.toString(), latin1.toString()},
                new String[] {"report", latin1.toString(), "-o", dir.resolve("r.html").toString()})) {
            Cli.Result r = Cli.run(command);
            assertEquals(ExitCodes.INVALID_INPUT, r.status(), r.toString());
            assertTrue(r.err().startsWith("kbench " + command[0] + ": " + latin1 + ":"), r.toString());
            assertTrue(r.err().contains(": is not UTF-8 text"), r.toString());
            assertFalse(r.err().contains("Exception"), r.toString());
        }
        assertFalse(Files.exists(dir.resolve("m.csv")));
    }

    /** A command that fails as kbench never means to, standing in for a bug. */
    @CommandLine.Command(name = "broken")
    static final class Broken implements Runnable {
        @Override
        public void run() {
            throw new NullPointerException("the bug's own message");
        }
    }

    @Test
    void anUnexpectedExceptionIsAnInternalErrorNotUsage() {
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new Broken());
        cli.setErr(new PrintWriter(err, true));
        Errors errors = new Errors();
        cli.setExecutionExceptionHandler(errors);
        cli.setExitCodeExceptionMapper(Errors::exitCode);
        assertEquals(ExitCodes.FAILURE, cli.execute());
        assertEquals("broken: " + Errors.INTERNAL + "java.lang.NullPointerException: the bug's own message\n",
                err.toString());
    }
}

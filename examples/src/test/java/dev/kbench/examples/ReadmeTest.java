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
package dev.kbench.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.SampleRecord;
import dev.kbench.stats.io.SamplesCsv;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Java in README.md is code a user can paste: every {@code ```java} block is extracted from the
 * README itself (no copy to drift), compiled as one module, with the README's {@code module-info.java},
 * against the installed kbench artifacts on the module path, and its programs run on PoCL. The Maven
 * coordinates in its {@code ```xml} block name the version this project builds against.
 */
class ReadmeTest {

    private static final Pattern FENCE = Pattern.compile("(?m)^```(\\w+)\\n(.*?)^```$", Pattern.DOTALL);
    private static final Pattern MODULE = Pattern.compile("(?m)^module\\s+([\\w.]+)\\s*\\{");
    private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+([\\w.]+);");
    private static final Pattern CLASS = Pattern.compile("(?m)^public\\s+(?:final\\s+)?(?:class|record|interface)\\s+(\\w+)");

    private static Path readme;
    private static String text;

    @TempDir
    static Path dir;

    private static Path classes;

    @BeforeAll
    static void compileTheReadmeBlocks() throws IOException {
        readme = Path.of(System.getProperty("kbench.readme", "../README.md"));
        text = Files.readString(readme);
        classes = Files.createDirectories(dir.resolve("classes"));
        List<Path> sources = new ArrayList<>();
        for (String block : blocks("java")) {
            sources.add(write(block));
        }
        assertTrue(sources.stream().anyMatch(p -> p.endsWith("module-info.java")), "README has a module-info.java block");

        compile(sources, classes);
    }

    /** Compiles sources as one module into a directory, failing on any error or warning. */
    private static void compile(List<Path> sources, Path into) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
            List<String> options = List.of("-d", into.toString(), "--module-path", modulePath(), "-Xlint:all",
                    "-proc:none");
            boolean ok = javac.getTask(null, files, diagnostics, options, null, files.getJavaFileObjectsFromPaths(sources)).call();
            String messages = diagnostics.getDiagnostics().stream().map(d -> d.getKind() + " " + d.getSource().getName()
                    + ":" + d.getLineNumber() + ": " + d.getMessage(Locale.ROOT)).collect(Collectors.joining("\n"));
            assertTrue(ok, "README.md's Java blocks do not compile:\n" + messages);
            assertFalse(diagnostics.getDiagnostics().stream().anyMatch(d -> d.getKind() == Diagnostic.Kind.WARNING
                    || d.getKind() == Diagnostic.Kind.MANDATORY_WARNING), "javac warns:\n" + messages);
        }
    }

    @Test
    void everyJavaBlockIsACompilationUnitAndTheCoordinatesNameThisVersion() {
        String version = System.getProperty("kbench.version");
        List<String> xml = blocks("xml");
        assertFalse(xml.isEmpty(), "README shows the Maven coordinates");
        Matcher m = Pattern.compile("<groupId>([^<]+)</groupId><artifactId>([^<]+)</artifactId><version>([^<]+)</version>")
                .matcher(String.join("\n", xml));
        int found = 0;
        while (m.find()) {
            found++;
            assertEquals("dev.kbench", m.group(1));
            assertEquals(version, m.group(3), "README's version of " + m.group(2));
        }
        assertTrue(found >= 2, "bench-api and a backend at least: " + xml);
        assertTrue(text.contains("`" + version + "`"), "README names the version in its text");
    }

    @Test
    void theDoBenchProgramRunsOnPocl() throws Exception {
        main("com.example.bench.Scale");
    }

    @Test
    void theSuiteProgramMeasuresStreamsAndComparesWithABase() throws Exception {
        Path base = dir.resolve("base.csv");
        Path next = dir.resolve("new.csv");
        main("com.example.bench.ScaleSuite", base.toString());
        String printed = printed(() -> main("com.example.bench.ScaleSuite", next.toString(), base.toString()));
        assertTrue(printed.contains("6 of 6 benchmark(s) have one fork on a side: between-run variance is unknown"),
                "the comparison says what one run a side cannot tell:\n" + printed);
        List<SampleRecord> samples = SamplesCsv.read(next);
        assertEquals(6, samples.stream().map(s -> s.benchmark() + s.params()).distinct().count(), "2 benchmarks x 3 sizes");
        assertEquals(5, samples.stream().mapToInt(s -> s.repetition().orElseThrow()).max().orElseThrow() + 1, "5 repetitions");
    }

    @Test
    void theForksProgramRunsAsAModuleOnTheModulePath() throws Exception {
        Program run = java(classes, "com.example.bench.ScaleForks");
        assertEquals(0, run.status(), run.toString());
        List<String> lines = run.out().lines().toList();
        assertEquals(6, lines.size(), run.toString());
        for (int fork = 0; fork < 5; fork++) {
            assertTrue(lines.get(fork).startsWith("run fork " + fork + " (seed ") && lines.get(fork).contains(") completed: "),
                    run.toString());
        }
        Matcher total = Pattern.compile("(\\d+) samples of 5 forks").matcher(lines.getLast());
        assertTrue(total.matches() && Integer.parseInt(total.group(1)) > 0, run.toString());
    }

    @Test
    void withoutTheExportEveryForkFailsLoudly() throws Exception {
        // the README's module-info less its exports line, as the README once had it
        Path src = dir.resolve("src");
        Path info = src.resolve("module-info.java");
        String declared = Files.readString(info);
        String withoutExport = declared.lines().filter(l -> !l.strip().startsWith("exports "))
                .collect(Collectors.joining("\n", "", "\n"));
        assertTrue(withoutExport.length() < declared.length(), "README's module-info exports its package:\n" + declared);
        Path copy = dir.resolve("unexported");
        List<Path> sources = new ArrayList<>();
        try (Stream<Path> files = Files.walk(src)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                Path target = copy.resolve("src").resolve(src.relativize(file));
                Files.createDirectories(target.getParent());
                sources.add(Files.writeString(target, file.equals(info) ? withoutExport : Files.readString(file)));
            }
        }
        Path out = Files.createDirectories(copy.resolve("classes"));
        compile(sources, out);
        Program run = java(out, "com.example.bench.ScaleForks");
        assertTrue(run.status() != 0, "every fork died, yet it exited 0:\n" + run);
        assertTrue(run.err().contains("ForksFailedException: every fork died (5 of 5), nothing was measured"), run.toString());
        assertTrue(run.err().contains("does not export com.example.bench"), run.toString());
        assertFalse(run.out().contains("samples of"), run.toString());
    }

    /** What a program printed and how it exited. */
    record Program(int status, String out, String err) {
        @Override
        public String toString() {
            return "exit status " + status + "\n--- stdout ---\n" + out + "--- stderr ---\n" + err;
        }
    }

    /**
     * Runs a README program as a user would: {@code java -p KBENCH_JARS:CLASSES -m com.example.bench/CLASS},
     * in a JVM of its own (its forks are JVMs of their own too).
     */
    private static Program java(Path moduleClasses, String className) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = List.of(java, "--enable-native-access=jocl,dev.kbench.opencl", "-p",
                modulePath() + File.pathSeparator + moduleClasses, "-m", "com.example.bench/" + className);
        Path out = Files.createTempFile(dir, "program", ".out");
        Path err = Files.createTempFile(dir, "program", ".err");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null"))).start();
        if (!process.waitFor(10, TimeUnit.MINUTES)) {
            process.destroyForcibly();
            throw new AssertionError("not ended in 10 minutes (a guard against a hang, not a timing): " + command);
        }
        return new Program(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    /** What a program run in this JVM printed on System.out. */
    private static String printed(ThrowingRunnable program) throws Exception {
        PrintStream saved = System.out;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        try {
            program.run();
        } finally {
            System.setOut(saved);
        }
        String text = bytes.toString(StandardCharsets.UTF_8);
        saved.print(text);
        return text;
    }

    private interface ThrowingRunnable {
        void run() throws Exception;
    }

    /** The code of every block fenced with {@code ```lang}. */
    private static List<String> blocks(String lang) {
        List<String> found = new ArrayList<>();
        Matcher m = FENCE.matcher(text);
        while (m.find()) {
            if (m.group(1).equals(lang)) {
                found.add(m.group(2));
            }
        }
        return found;
    }

    /** Writes a block where javac expects it: module-info.java, or its package's directory and its class's name. */
    private static Path write(String block) throws IOException {
        Path src = dir.resolve("src");
        Matcher module = MODULE.matcher(block);
        Path file;
        if (module.find()) {
            file = src.resolve("module-info.java");
        } else {
            Matcher pkg = PACKAGE.matcher(block);
            Matcher type = CLASS.matcher(block);
            assertTrue(pkg.find() && type.find(), "a Java block of README.md is not a complete compilation unit "
                    + "(package, imports, a public class):\n" + block);
            file = src.resolve(pkg.group(1).replace('.', File.separatorChar)).resolve(type.group(1) + ".java");
        }
        assertFalse(Files.exists(file), "two README blocks define " + file);
        Files.createDirectories(file.getParent());
        return Files.writeString(file, block);
    }

    /** The jars of this test's class path (kbench and what it needs), less the test framework's. */
    private static String modulePath() {
        return Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(p -> p.endsWith(".jar"))
                .filter(p -> Stream.of("junit-", "opentest4j", "apiguardian", "surefire")
                        .noneMatch(name -> Path.of(p).getFileName().toString().startsWith(name)))
                .collect(Collectors.joining(File.pathSeparator));
    }

    private static void main(String className, String... args) throws Exception {
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()}, ReadmeTest.class.getClassLoader())) {
            Method main = loader.loadClass(className).getMethod("main", String[].class);
            main.invoke(null, (Object) args);
        }
    }
}

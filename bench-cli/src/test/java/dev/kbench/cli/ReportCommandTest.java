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

import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kbench report}: the page is self-contained and a real browser renders it, checked in headless
 * Chromium (Debian's {@code chromium}; a missing browser fails the test, it does not skip it).
 */
class ReportCommandTest {

    private static final Pattern SVG = Pattern.compile("<svg[ >]");

    @TempDir
    Path dir;

    private Path base;
    private Path next;

    @BeforeEach
    void files() throws IOException {
        base = Cli.resource("compare/base.csv", Files.createDirectories(dir.resolve("base")));
        next = Cli.resource("compare/new.csv", Files.createDirectories(dir.resolve("new")));
    }

    @Test
    void aComparisonReportRendersInChromiumWithItsPlots() throws Exception {
        Path html = dir.resolve("report.html");
        Cli.Result r = Cli.run("report", "--base", base.toString(), next.toString(), "-o", html.toString());
        assertEquals(0, r.status(), r.toString());
        String page = Files.readString(html);
        assertTrue(page.startsWith("<!DOCTYPE html>"), page);
        assertFalse(page.contains("<script") || page.contains("src=\"http") || page.contains("href=\"http"),
                "self-contained: no scripts, nothing fetched");
        // the comparison chart, then one plot per benchmark of the new file
        assertEquals(1 + 5, count(SVG, page));

        String dom = chromium(html, "--dump-dom");
        assertEquals(6, count(SVG, dom), "the browser's DOM has every SVG");
        assertTrue(dom.contains("Comparison") && dom.contains("copy[n=1024]") && dom.contains("sgemm[size=64]"), dom);
        assertTrue(dom.contains("<circle"), "dots of the strip plots");

        Path png = dir.resolve("report.png");
        chromium(html, "--screenshot=" + png, "--window-size=1200,2400", "--hide-scrollbars");
        BufferedImage image = ImageIO.read(png.toFile());
        assertTrue(image != null && image.getWidth() >= 1000, "a screenshot was taken");
        int red = 0;
        int blue = 0;
        int orange = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int rgb = image.getRGB(x, y);
                int cr = (rgb >> 16) & 0xff;
                int cg = (rgb >> 8) & 0xff;
                int cb = rgb & 0xff;
                red += cr > 170 && cg < 120 && cb < 120 ? 1 : 0;           // slower bars
                blue += cb > cr + 60 && cb > cg + 20 ? 1 : 0;              // new samples
                orange += cr > 200 && cg > 100 && cg < 190 && cb < 110 ? 1 : 0;  // base samples
            }
        }
        assertTrue(red > 200, "the slower bars are drawn: " + red + " red pixels");
        assertTrue(blue > 200, "the new samples are drawn: " + blue + " blue pixels");
        assertTrue(orange > 200, "the base samples are drawn: " + orange + " orange pixels");
    }

    @Test
    void aSingleFileReportHasOnePlotPerBenchmark() throws Exception {
        Path html = dir.resolve("single.html");
        Cli.Result r = Cli.run("report", base.toString(), "-o", html.toString());
        assertEquals(0, r.status(), r.toString());
        String page = Files.readString(html);
        assertEquals(5, count(SVG, page));
        assertFalse(page.contains("id=\"comparison\""), page);
        String dom = chromium(html, "--dump-dom");
        assertEquals(5, count(SVG, dom));
    }

    @Test
    void twoPositionalFilesAreRefusedNotReadInEitherOrder() {
        Path html = dir.resolve("old-order.html");
        Cli.Result r = Cli.run("report", next.toString(), base.toString(), "-o", html.toString());
        assertEquals(2, r.status(), r.toString());
        assertTrue(r.err().contains("--base") && r.err().contains("'" + next + "' '" + base + "'"), r.err());
        assertFalse(r.err().contains("at dev.kbench"), "no stack trace: " + r.err());
        assertFalse(Files.exists(html), "nothing written");
    }

    @Test
    void badInputIsExitTwo() throws IOException {
        assertEquals(2, Cli.run("report", base.toString()).status(), "-o is required");
        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, "benchmark,sample\ncopy,0\n");
        Cli.Result r = Cli.run("report", bad.toString(), "-o", dir.resolve("x.html").toString());
        assertEquals(2, r.status());
        assertTrue(r.err().contains("time_ms"), r.err());
        assertFalse(Files.exists(dir.resolve("x.html")));
    }

    @Test
    void aBaseWithNoSharedBenchmarkIsRefusedAsCompareRefusesIt() throws IOException {
        Path other = dir.resolve("other.csv");
        Files.writeString(other, Files.readString(base).replaceAll("(?m)^(?!benchmark,)([^,]+),", "renamed_$1,"));
        Path html = dir.resolve("nothing-shared.html");
        Cli.Result r = Cli.run("report", "--base", base.toString(), other.toString(), "-o", html.toString());
        assertEquals(2, r.status(), r.toString());
        assertTrue(r.err().contains("no benchmark is in both"), r.err());
        assertFalse(r.err().contains("0 slower, 0 faster"), r.err());
        assertFalse(Files.exists(html), "nothing written");
    }

    private static int count(Pattern pattern, String text) {
        return (int) pattern.matcher(text).results().count();
    }

    /** Runs headless Chromium on a file and returns its stdout. */
    private String chromium(Path page, String... options) throws IOException, InterruptedException {
        String browser = browser().orElseThrow(() -> new AssertionError(
                "the report test needs Chromium: apt-get install chromium (./kbench test installs it)"));
        List<String> command = new ArrayList<>(List.of(browser, "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-background-networking", "--no-first-run", "--disable-dev-shm-usage",
                "--user-data-dir=" + Files.createTempDirectory(dir, "chromium")));
        command.addAll(List.of(options));
        command.add(page.toUri().toString());
        Path out = Files.createTempFile(dir, "chromium", ".out");
        Path err = Files.createTempFile(dir, "chromium", ".err");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        boolean exited = process.waitFor(180, TimeUnit.SECONDS);
        if (!exited) {
            process.destroyForcibly();
        }
        assertTrue(exited && process.exitValue() == 0, "chromium failed: " + command + "\n"
                + Files.readString(err, StandardCharsets.UTF_8));
        return Files.readString(out, StandardCharsets.UTF_8);
    }

    private static Optional<String> browser() {
        return Stream.of("chromium", "chromium-browser", "google-chrome")
                .flatMap(name -> Stream.of(System.getenv("PATH").split(File.pathSeparator)).map(d -> Path.of(d, name)))
                .filter(Files::isExecutable).map(Path::toString).findFirst();
    }
}

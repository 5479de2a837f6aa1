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
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.SampleRecord;
import dev.kbench.stats.io.SamplesCsv;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Crash-safe runs (docs/formats.md §5): a run in a separate JVM, killed with SIGKILL after some repetitions, leaves a
 * valid samples CSV holding every repetition it completed. The child reports each repetition on
 * stderr ({@code --progress lines}) only after the CSV writer has handed it to the operating system.
 */
class KillTest {

    private static final Pattern REPORTED = Pattern.compile("^spin repetition (\\d+): (\\d+) samples, .*");

    @TempDir
    Path dir;

    @BeforeAll
    static void pocl() {
        Pocl.require();
    }

    @Test
    void aKilledRunLeavesAValidCsvWithEveryCompletedRepetition() throws Exception {
        Path kernel = Cli.resource("kernels/spin.cl", dir);
        Path csv = dir.resolve("killed.csv");
        List<String> command = Jvm.onClassPath(e -> true, "run", "--kernel", kernel.toString(), "--entry", "spin",
                "--grid", "16", "--block", "256", "--arg", "buf:f32:4096:fill=1", "--arg", "i32:4096", "--arg", "i32:50",
                "--repetitions", "1000000", "--max-samples", "3", "--rep-ms", "1", "--cache-clear", "64KiB",
                "--progress", "lines", "--csv-samples", csv.toString());
        Process child = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        Map<Integer, Integer> reported = new TreeMap<>();
        List<String> stderr = new ArrayList<>();
        try (BufferedReader err = new BufferedReader(new InputStreamReader(child.getErrorStream(), StandardCharsets.UTF_8))) {
            String line;
            while (reported.size() < 8 && (line = err.readLine()) != null) {
                stderr.add(line);
                Matcher m = REPORTED.matcher(line);
                if (m.matches()) {
                    reported.put(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
                }
            }
            assertTrue(child.isAlive(), "the run ended by itself before it could be killed:\n" + String.join("\n", stderr));
            child.destroyForcibly();   // SIGKILL: no shutdown hooks, no finally blocks
            assertTrue(child.waitFor(60, TimeUnit.SECONDS));
        } finally {
            child.destroyForcibly();
        }
        assertNotEquals(0, child.exitValue(), "killed, not finished");
        assertEquals(8, reported.size(), String.join("\n", stderr));

        List<SampleRecord> samples = SamplesCsv.read(csv);   // valid: parses with the strict reader
        Map<Integer, List<Integer>> byRepetition = samples.stream().collect(Collectors.groupingBy(
                s -> s.repetition().getAsInt(), TreeMap::new, Collectors.mapping(SampleRecord::sample, Collectors.toList())));
        for (Map.Entry<Integer, Integer> r : reported.entrySet()) {
            List<Integer> indices = byRepetition.get(r.getKey());
            assertTrue(indices != null, "reported repetition " + r.getKey() + " is missing from the CSV");
            assertEquals(r.getValue(), indices.size(), "repetition " + r.getKey() + " is complete");
        }
        int repetitions = byRepetition.size();
        assertTrue(repetitions >= reported.size());
        assertEquals(repetitions - 1, byRepetition.keySet().stream().mapToInt(Integer::intValue).max().orElseThrow(),
                "repetitions are 0..R-1 without gaps: " + byRepetition.keySet());
        int perRepetition = reported.values().iterator().next();
        for (Map.Entry<Integer, List<Integer>> r : byRepetition.entrySet()) {
            assertEquals(perRepetition, r.getValue().size(), "every repetition in the file is whole: " + r);
            assertEquals(java.util.stream.IntStream.range(0, perRepetition).boxed().toList(), r.getValue());
        }
        assertFalse(samples.isEmpty());
    }
}

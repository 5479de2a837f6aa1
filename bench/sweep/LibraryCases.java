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

import dev.kbench.api.BenchOptions;
import dev.kbench.api.SuiteOptions;
import dev.kbench.stats.io.SamplesCsv;
import dev.kbench.stats.SamplesFormatException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The library cases of bench/sweep/sweep.sh: what the CLI refuses, the library must refuse too. Run
 * with the built classes on the class path: {@code java -cp ... LibraryCases.java CASE DIR}. Prints
 * {@code ok: ...} and exits 0 when the library behaves, {@code BROKEN: ...} and exits 1 otherwise.
 */
public final class LibraryCases {

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[1]);
        boolean ok = switch (args[0]) {
            case "duplicated" -> duplicated(dir);
            case "cacheclear" -> refused("SuiteOptions.withCacheClearBytes(3)",
                    () -> SuiteOptions.withDefaults().withCacheClearBytes(3))
                    & refused("BenchOptions.withCacheClearBytes(3)", () -> BenchOptions.withDefaults().withCacheClearBytes(3))
                    & refused("SuiteOptions.withCacheClearBytes(-4)", () -> SuiteOptions.withDefaults().withCacheClearBytes(-4))
                    & refused("BenchOptions.withCacheClearBytes(-4)", () -> BenchOptions.withDefaults().withCacheClearBytes(-4));
            default -> throw new IllegalArgumentException("no case " + args[0]);
        };
        System.exit(ok ? 0 : 1);
    }

    /** A file whose every row appears twice, as `cat a.csv a.csv` minus the second header. */
    private static boolean duplicated(Path dir) throws Exception {
        String header = String.join(",", SamplesCsv.COLUMNS);
        // one row in the current columns, those not named here empty
        Map<String, String> values = Map.of("benchmark", "copy", "params", "n=1024", "repetition", "0", "sample", "0",
                "time_ms", "0.05", "backend", "opencl", "device", "cpu", "bytes", "8192", "fork", "0", "host", "vm");
        String row = String.join(",", SamplesCsv.COLUMNS.stream().map(c -> c.equals("device_id") ? "cl:0:0"
                : c.equals("run_id") ? "20261201T000000Z-00000001" : values.getOrDefault(c, "")).toList());
        Path file = Files.writeString(dir.resolve("twice.csv"), header + "\n" + row + "\n" + row + "\n");
        try {
            int n = SamplesCsv.read(file).size();
            System.out.println("BROKEN: SamplesCsv.read counted " + n + " samples of a file holding one twice");
            return false;
        } catch (SamplesFormatException e) {
            boolean named = e.getMessage().contains(":3: repeats line 2");
            System.out.println((named ? "ok: " : "BROKEN: refused for another reason: ") + e.getMessage());
            return named;
        }
    }

    private static boolean refused(String what, Supplier<Object> call) {
        try {
            call.get();
            System.out.println("BROKEN: " + what + " accepted");
            return false;
        } catch (IllegalArgumentException e) {
            System.out.println("ok: " + what + ": " + e.getMessage());
            return true;
        }
    }
}

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
package dev.kbench.stats.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.SampleRecord;
import dev.kbench.stats.SamplesFormatException;
import dev.kbench.stats.internal.Decimals;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SamplesCsvTest {

    @TempDir
    Path dir;

    private static List<SampleRecord> read(String text) {
        return SamplesCsv.read(new StringReader(text), "s.csv");
    }

    private static SampleRecord row(String benchmark, String params, Integer rep, int sample, double time) {
        return SampleRecord.builder(benchmark, params).repetition(rep == null ? OptionalInt.empty() : OptionalInt.of(rep))
                .sample(sample).timeMillis(time).build();
    }

    @Test
    void readsEveryColumnAndIgnoresExtraOnes() {
        List<SampleRecord> rows = read("""
                \uFEFFbenchmark,params,repetition,sample,time_ms,backend,device,bytes,flops,comment
                "gemm, fp16","m=64;n=32",0,0,0.0589,cuda,"NVIDIA H200",1048576,2097152,"said ""hi""\"
                gemm,,1,3,5.89e-2,,,,,
                """);
        assertEquals(List.of(
                SampleRecord.builder("gemm, fp16", "m=64;n=32").repetition(0).sample(0).timeMillis(0.0589)
                        .backend("cuda").device("NVIDIA H200").bytes(1048576).flops(2097152).build(),
                row("gemm", "", 1, 3, 0.0589)), rows);
    }

    @Test
    void optionalColumnsMayBeAbsentAndLinesMayEndInCrLfOrBlank() {
        List<SampleRecord> rows = read("time_ms,sample,benchmark\r\n1.5,0,a\r\n\r\n 2 ,1,a\r\n\n");
        assertEquals(List.of(row("a", "", null, 0, 1.5), row("a", "", null, 1, 2)), rows);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            missing column   | benchmark,sample\\na,0\\n               | s.csv:1: column 'time_ms': is missing from the header [benchmark, sample]; a samples file needs at least benchmark,sample,time_ms
            not a number     | benchmark,sample,time_ms\\na,0,1\\na,1,fast\\n | s.csv:3: column 'time_ms': 'fast' is not a number; expected milliseconds as a decimal with a '.' point, e.g. 0.0589
            decimal comma    | benchmark,sample,time_ms\\na,0,"0,5"\\n    | s.csv:2: column 'time_ms': '0,5' is not a number; expected milliseconds as a decimal with a '.' point, e.g. 0.0589
            negative         | benchmark,sample,time_ms\\na,0,-0.1\\n     | s.csv:2: column 'time_ms': '-0.1' is negative; a time is >= 0
            NaN              | benchmark,sample,time_ms\\na,0,NaN\\n      | s.csv:2: column 'time_ms': 'NaN' is not a number; expected milliseconds as a decimal with a '.' point, e.g. 0.0589
            infinite         | benchmark,sample,time_ms\\na,0,1e999\\n    | s.csv:2: column 'time_ms': '1e999' is not finite
            hexadecimal      | benchmark,sample,time_ms\\na,0,0x1p3\\n    | s.csv:2: column 'time_ms': '0x1p3' is not a number; expected milliseconds as a decimal with a '.' point, e.g. 0.0589
            empty time       | benchmark,sample,time_ms\\na,0,\\n         | s.csv:2: column 'time_ms': is empty; expected milliseconds, e.g. 0.0589
            negative sample  | benchmark,sample,time_ms\\na,-1,1\\n       | s.csv:2: column 'sample': '-1' is not an integer >= 0
            fractional sample| benchmark,sample,time_ms\\na,1.5,1\\n      | s.csv:2: column 'sample': '1.5' is not an integer >= 0
            huge sample      | benchmark,sample,time_ms\\na,9999999999,1\\n | s.csv:2: column 'sample': '9999999999' is too large for an index
            bad repetition   | benchmark,repetition,sample,time_ms\\na,x,0,1\\n | s.csv:2: column 'repetition': 'x' is not an integer >= 0
            bad bytes        | benchmark,sample,time_ms,bytes\\na,0,1,-5\\n | s.csv:2: column 'bytes': '-5' is not an integer >= 0
            empty benchmark  | benchmark,sample,time_ms\\n,0,1\\n         | s.csv:2: column 'benchmark': is empty; every row needs a benchmark name
            ragged row       | benchmark,sample,time_ms\\na,0,1,2\\n      | s.csv:2: has 4 field(s) but the header has 3; quote values that contain commas
            duplicate column | benchmark,sample,time_ms,sample\\na,0,1,2\\n | s.csv:1: column 'sample': appears twice in the header
            bad throttle     | benchmark,sample,time_ms,throttle\\na,0,1,hot\\n | s.csv:2: column 'throttle': 'hot' has 'hot', not a throttling reason; expected none or some of [sw_power_cap, hw_slowdown, sw_thermal, hw_thermal, hw_power_brake, power_limit, thermal_limit] joined by ';'
            negative energy  | benchmark,sample,time_ms,joules_per_call\\na,0,1,-0.5\\n | s.csv:2: column 'joules_per_call': '-0.5' is not an energy in J >= 0
            empty file       | ''                                         | s.csv: is empty; expected a header row with the columns benchmark,params,repetition,sample,time_ms,backend,device,bytes,flops,fork,host,device_id,sm_clock_mhz,run_id,throttle,joules_per_call
            """)
    void rejectsBadFilesSayingWhere(String what, String text, String message) {
        SamplesFormatException e = assertThrows(SamplesFormatException.class,
                () -> read(text.replace("\\n", "\n")), what);
        assertEquals(message, e.getMessage());
        assertEquals("s.csv", e.source());
    }

    @Test
    void lineNumbersCountBlankLinesAndQuotedLineBreaks() {
        SamplesFormatException e = assertThrows(SamplesFormatException.class, () -> read(
                "benchmark,sample,time_ms\n\n\"two\nlines\",0,1\na,1,1\na,2,x\n"));
        assertEquals(6, e.line());
        assertEquals(Optional.of("time_ms"), e.column());
        SamplesFormatException quote = assertThrows(SamplesFormatException.class, () -> read(
                "benchmark,sample,time_ms\na,0,1\n\"open,1,2\n"));
        assertEquals(3, quote.line());
        assertTrue(quote.getMessage().startsWith("s.csv:3: is not valid CSV"), quote.getMessage());
    }

    @Test
    void readNamesTheFile() throws IOException {
        Path file = dir.resolve("base.csv");
        Files.writeString(file, "benchmark,sample\n");
        SamplesFormatException e = assertThrows(SamplesFormatException.class, () -> SamplesCsv.read(file));
        assertTrue(e.getMessage().startsWith(file + ":1: column 'time_ms'"), e.getMessage());
    }

    @Test
    void writerAppendsFlushedBatchesAndRoundTripsEveryDouble() throws IOException {
        Path file = dir.resolve("samples.csv");
        List<SampleRecord> first = List.of(
                row("gemm", "m=64", 0, 0, 0.1 + 0.2),
                row("gemm", "m=64", 0, 1, 1.0e-7),
                SampleRecord.builder("say \"hi\", then", "").sample(2).timeMillis(123456789.125).backend("opencl")
                        .device("PoCL").bytes(4096).build());
        List<SampleRecord> second = List.of(row("copy", "", 1, 0, Double.MIN_VALUE), row("copy", "", 1, 1, 0));
        try (SamplesCsvWriter out = SamplesCsvWriter.open(file, WriteMode.CREATE_NEW)) {
            out.append(first);
            // Readable while still open: what a killed run would leave.
            assertEquals(first, SamplesCsv.read(file));
        }
        try (SamplesCsvWriter out = SamplesCsvWriter.open(file, WriteMode.APPEND)) {
            out.append(List.of());
            out.append(second);
            out.sync();
        }
        assertEquals(List.of(first.get(0), first.get(1), first.get(2), second.get(0), second.get(1)), SamplesCsv.read(file));
        String text = Files.readString(file, StandardCharsets.UTF_8);
        assertEquals(1, text.split("benchmark,params", -1).length - 1, "one header");
        assertTrue(text.contains("\"say \"\"hi\"\", then\",,,2,123456789.125,opencl,PoCL,4096,,0,,,,,,\n"), text);
        assertTrue(text.contains(",0.30000000000000004,"), text);
        assertTrue(text.contains(",0.0000001,"), text);
    }

    @Test
    void writerRefusesAnotherFilesHeaderOrAHalfWrittenLine() throws IOException {
        Path other = dir.resolve("other.csv");
        Files.writeString(other, "name,value\nx,1\n");
        IOException e = assertThrows(IOException.class, () -> SamplesCsvWriter.open(other, WriteMode.APPEND));
        assertTrue(e.getMessage().contains("its header is 'name,value'"), e.getMessage());

        Path killed = dir.resolve("killed.csv");
        Files.writeString(killed, String.join(",", SamplesCsv.COLUMNS) + "\ngemm,,0,0,0.5");
        IOException half = assertThrows(IOException.class, () -> SamplesCsvWriter.open(killed, WriteMode.APPEND));
        assertTrue(half.getMessage().contains("its last line is incomplete"), half.getMessage());
    }

    @Test
    void writerModesNeverLoseAnExistingFile() throws IOException {
        Path file = dir.resolve("kept.csv");
        List<SampleRecord> rows = List.of(row("gemm", "m=64", 0, 0, 0.5));
        try (SamplesCsvWriter out = SamplesCsvWriter.open(file, WriteMode.CREATE_NEW)) {
            out.append(rows);
            assertEquals(1, out.rowsWritten());
        }
        String before = Files.readString(file, StandardCharsets.UTF_8);
        assertThrows(java.nio.file.FileAlreadyExistsException.class, () -> SamplesCsvWriter.open(file, WriteMode.CREATE_NEW));
        assertEquals(before, Files.readString(file, StandardCharsets.UTF_8));
        // REPLACE replaces the file only when rows come: a run that measures nothing keeps it
        try (SamplesCsvWriter out = SamplesCsvWriter.open(file, WriteMode.REPLACE)) {
            out.append(List.of());
        }
        assertEquals(before, Files.readString(file, StandardCharsets.UTF_8));
        List<SampleRecord> other = List.of(row("copy", "", 0, 0, 0.25));
        try (SamplesCsvWriter out = SamplesCsvWriter.open(file, WriteMode.REPLACE)) {
            out.append(other);
        }
        assertEquals(other, SamplesCsv.read(file));
    }

    /**
     * A replacing writer's first rows go to a file written beside the old one and renamed over it: the file then
     * holds the new rows alone, is still locked against a second writer, takes the next rows, and nothing is
     * left beside it.
     */
    @Test
    void aReplacedFileIsTheNewOneLockedAndNothingIsLeftBesideIt() throws IOException {
        Path file = dir.resolve("replaced.csv");
        try (SamplesCsvWriter out = SamplesCsvWriter.open(file, WriteMode.CREATE_NEW)) {
            out.append(List.of(row("gemm", "", 0, 0, 1), row("gemm", "", 0, 1, 2)));
        }
        List<SampleRecord> first = List.of(row("copy", "", 0, 0, 0.25));
        List<SampleRecord> second = List.of(row("copy", "", 1, 0, 0.5));
        try (SamplesCsvWriter out = SamplesCsvWriter.open(file, WriteMode.REPLACE)) {
            out.append(first);
            assertEquals(first, SamplesCsv.read(file));
            IOException e = assertThrows(IOException.class, () -> SamplesCsvWriter.open(file, WriteMode.APPEND));
            assertTrue(e.getMessage().contains("'" + file + "' is being written by another kbench run"), e.getMessage());
            out.append(second);
            assertEquals(2, out.rowsWritten());
        }
        assertEquals(java.util.stream.Stream.concat(first.stream(), second.stream()).toList(), SamplesCsv.read(file));
        try (java.util.stream.Stream<Path> files = Files.list(dir)) {
            assertEquals(List.of(file), files.filter(f -> f.getFileName().toString().startsWith(".replaced")
                    || f.equals(file)).toList());
        }
    }

    @Test
    void aSecondWriterOfOneFileIsRefusedWhileTheFirstIsOpen() throws IOException {
        Path file = dir.resolve("locked.csv");
        try (SamplesCsvWriter first = SamplesCsvWriter.open(file, WriteMode.CREATE_NEW)) {
            for (WriteMode mode : List.of(WriteMode.APPEND, WriteMode.REPLACE)) {
                IOException e = assertThrows(IOException.class, () -> SamplesCsvWriter.open(file, mode));
                assertTrue(e.getMessage().contains("'" + file + "' is being written by another kbench run"), e.getMessage());
            }
            first.append(List.of(row("gemm", "", 0, 0, 1)));
        }
        try (SamplesCsvWriter again = SamplesCsvWriter.open(file, WriteMode.APPEND)) {
            again.append(List.of(row("gemm", "", 1, 0, 2)));
        }
        assertEquals(2, SamplesCsv.read(file).size());
    }

    @Test
    void aDeviceIsWrittenToAndNeverReplaced() throws IOException {
        Path devNull = Path.of("/dev/null");
        assertTrue(SamplesCsvWriter.isStream(devNull));
        for (WriteMode mode : WriteMode.values()) {
            try (SamplesCsvWriter out = SamplesCsvWriter.open(devNull, mode)) {
                out.append(List.of(row("gemm", "", 0, 0, 1)));
            }
            assertFalse(Files.isRegularFile(devNull), "/dev/null is still a device");
        }
        assertFalse(SamplesCsvWriter.isStream(dir.resolve("missing.csv")));
        assertFalse(SamplesCsvWriter.isStream(dir), "a directory is no stream");
        assertFalse(SamplesCsvWriter.isStream(Path.of("/dev/shm")), "a directory under /dev is no stream");
    }

    @ParameterizedTest
    @CsvSource({"0.0589, 0.0589", "1, 1", "0, 0", "-0.0, 0", "1.0E-4, 0.0001", "1.0E7, 10000000", "2.5, 2.5",
            "0.30000000000000004, 0.30000000000000004", "1.0E-7, 0.0000001"})
    void numbersAreShortestPlainDecimals(double value, String expected) {
        assertEquals(expected, Decimals.plain(value));
        assertEquals(value + 0.0, Double.parseDouble(expected));
    }

    @Test
    void plainMatchesTheBigDecimalLayoutOfEveryDouble() {
        // the layout it had before its fast path: BigDecimal(Double.toString(v)).stripTrailingZeros()
        java.util.SplittableRandom random = new java.util.SplittableRandom(20261202L);
        for (int i = 0; i < 200_000; i++) {
            double v = switch (i % 4) {
                case 0 -> Double.longBitsToDouble(random.nextLong()); // any bits: every exponent
                case 1 -> random.nextDouble() * 100;                  // times in ms, clocks
                case 2 -> Math.round(random.nextDouble() * 1e6) / 1e3; // few digits, trailing zeros
                default -> (double) random.nextInt(10_000_000);       // integral values, 1.0E7 and up aside
            };
            if (!Double.isFinite(v)) {
                continue;
            }
            String expected = v == 0 ? "0"
                    : new java.math.BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
            assertEquals(expected, Decimals.plain(v), () -> Double.toString(v));
        }
        assertThrows(NumberFormatException.class, () -> Decimals.plain(Double.NaN));
        assertThrows(NumberFormatException.class, () -> Decimals.plain(Double.POSITIVE_INFINITY));
    }

    @Test
    void writtenRowsReadAsEachRowPrintedAsOneRecord() throws IOException {
        // runs of rows that differ in sample and time only, broken by rows that differ in any other field,
        // with fields that need quotes (first or not), empty ones and a leading '#'
        List<SampleRecord> rows = new java.util.ArrayList<>();
        String[][] names = {{"gemm", "m=64"}, {"say \"hi\", then", "a,b"}, {"#lead", "line\nbreak"},
            {" spaced ", ""}};
        int n = 0;
        for (String[] name : names) {
            for (String backend : new String[] {"", "cuda", "open,cl"}) {
                for (int rep = 0; rep < 2; rep++) {
                    for (int s = 0; s < 3; s++) {
                        SampleRecord.Builder b = SampleRecord.builder(name[0], name[1]).repetition(rep).sample(s)
                                .timeMillis(0.00725 + n++ * 1e-6).backend(backend).device(backend.isEmpty() ? "" : "H200")
                                .fork(s == 2 ? 1 : 0).host("#h").deviceId("\"id\"").runId(rep == 0 ? "" : "r1")
                                .smClockMHz(java.util.OptionalDouble.of(1980.5))
                                .throttling(rep == 0 ? Optional.empty()
                                        : Optional.of(java.util.EnumSet.of(dev.kbench.api.ThrottleReason.values()[0])));
                        rows.add(s == 1 ? b.bytes(4096).build() : b.build());
                    }
                }
            }
        }
        Path file = dir.resolve("grouped.csv");
        try (SamplesCsvWriter out = SamplesCsvWriter.open(file, WriteMode.CREATE_NEW)) {
            out.append(rows);
        }
        StringBuilder expected = new StringBuilder(String.join(",", SamplesCsv.COLUMNS)).append('\n');
        try (org.apache.commons.csv.CSVPrinter printer = new org.apache.commons.csv.CSVPrinter(expected, SamplesCsv.format())) {
            for (SampleRecord r : rows) {
                printer.printRecord(r.benchmark(), r.params(), Integer.toString(r.repetition().getAsInt()),
                        Integer.toString(r.sample()), Decimals.plain(r.timeMillis()), r.backend(), r.device(),
                        r.bytes().isPresent() ? Long.toString(r.bytes().getAsLong()) : "", "",
                        Integer.toString(r.fork()), r.host(), r.deviceId(), "1980.5", r.runId(),
                        SamplesCsvWriter.throttle(r), "");
            }
        }
        assertEquals(expected.toString(), Files.readString(file, StandardCharsets.UTF_8));
        assertEquals(rows, SamplesCsv.read(file));
    }

    @Test
    void extremeNumbersStillRoundTrip() {
        for (double v : new double[] {Double.MIN_VALUE, 1.5e-300, Double.MAX_VALUE, Math.PI * 1e20}) {
            String text = Decimals.plain(v);
            assertEquals(v, Double.parseDouble(text), text);
            assertTrue(!text.contains("E"), text);
        }
    }
}

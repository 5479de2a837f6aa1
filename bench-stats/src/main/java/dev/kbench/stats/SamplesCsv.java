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
package dev.kbench.stats;

import dev.kbench.api.SampleRecord;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;

/**
 * The samples CSV of docs/formats.md §2: UTF-8, comma-separated, one header row, one row per timed
 * sample, {@code Locale.ROOT} numbers. Reading is strict and says where a file is wrong; writing
 * goes through {@link SamplesCsvWriter}. Stateless and thread-safe.
 *
 * {@snippet :
 * List<SampleRecord> base = SamplesCsv.read(Path.of("base.csv"));  // SamplesFormatException if bad
 * }
 *
 * <p>Columns: {@code benchmark} (required, not blank), {@code params}, {@code repetition} (integer
 * {@code >= 0}), {@code sample} (required, integer {@code >= 0}), {@code time_ms} (required, a finite
 * decimal {@code >= 0}), {@code backend}, {@code device}, {@code bytes}, {@code flops} (integers
 * {@code >= 0}), {@code fork} (integer {@code >= 0}; a file without it is one fork, 0),
 * {@code host}, {@code device_id}, {@code sm_clock_mhz} (a decimal {@code >= 0}). Optional columns may be absent or empty; others are ignored, as are blank lines. Numbers
 * are plain or scientific decimals ({@code 0.0589}, {@code 5.89e-2}); {@code NaN}, {@code Infinity},
 * hexadecimal and locale forms ({@code 0,0589}) are rejected.
 */
public final class SamplesCsv {

    /** The columns, in the order {@link SamplesCsvWriter} writes them. */
    public static final List<String> COLUMNS = List.of("benchmark", "params", "repetition", "sample", "time_ms",
            "backend", "device", "bytes", "flops", "fork", "host", "device_id", "sm_clock_mhz");
    /** The columns a file must have. */
    public static final List<String> REQUIRED = List.of("benchmark", "sample", "time_ms");

    private static final CSVFormat FORMAT = CSVFormat.RFC4180.builder().setRecordSeparator('\n').get();
    private static final char BOM = '\uFEFF';

    private SamplesCsv() {
    }

    /**
     * The CSV dialect of the samples files: RFC 4180 with {@code \n} line ends.
     *
     * @return the format
     */
    static CSVFormat format() {
        return FORMAT;
    }

    /**
     * Reads a samples file.
     *
     * @param file the file
     * @return the samples, in file order
     * @throws SamplesFormatException naming the file, line and column if the file is not a valid
     *         samples CSV
     * @throws UncheckedIOException if it cannot be read
     */
    public static List<SampleRecord> read(Path file) {
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            return read(reader, file.toString());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read samples file '" + file + "': " + e.getMessage(), e);
        }
    }

    /**
     * The column names of a samples file's header row, as written (a byte-order mark removed).
     *
     * @param file the file
     * @return the names, in order; empty for an empty file
     * @throws UncheckedIOException if it cannot be read
     */
    public static List<String> header(Path file) {
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            CSVParser parser = CSVParser.builder().setReader(reader).setFormat(FORMAT).get();
            Iterator<CSVRecord> records = parser.iterator();
            while (records.hasNext()) {
                CSVRecord record = records.next();
                if (record.size() == 1 && record.get(0).isBlank()) {
                    continue;
                }
                List<String> names = new ArrayList<>();
                for (String name : record) {
                    names.add(names.isEmpty() && !name.isEmpty() && name.charAt(0) == BOM ? name.substring(1).strip()
                            : name.strip());
                }
                return names;
            }
            return List.of();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read samples file '" + file + "': " + e.getMessage(), e);
        }
    }

    /**
     * Reads samples from a reader.
     *
     * @param reader the CSV text; not closed
     * @param source the file name for messages, e.g. {@code base.csv} or {@code <stdin>}
     * @return the samples, in input order
     * @throws SamplesFormatException naming {@code source}, line and column if the input is not a
     *         valid samples CSV
     * @throws UncheckedIOException if reading fails
     */
    public static List<SampleRecord> read(Reader reader, String source) {
        try {
            CSVParser parser = CSVParser.builder().setReader(reader).setFormat(FORMAT).get();
            return new Reading(parser, source).records();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read samples from '" + source + "': " + e.getMessage(), e);
        }
    }

    /** One pass over a parser: the header, then the records, with line numbers. */
    private static final class Reading {

        private final CSVParser parser;
        private final String source;
        private final Map<String, Integer> columns = new HashMap<>();
        private long line;

        Reading(CSVParser parser, String source) {
            this.parser = parser;
            this.source = source;
        }

        List<SampleRecord> records() {
            List<SampleRecord> result = new ArrayList<>();
            boolean header = true;
            int width = 0;
            Iterator<CSVRecord> records = parser.iterator();
            while (hasNext(records)) {
                CSVRecord record = records.next();
                long start = line + 1;
                line = parser.getCurrentLineNumber();
                if (record.size() == 1 && record.get(0).isBlank()) {
                    continue;
                }
                if (header) {
                    readHeader(record, start);
                    width = record.size();
                    header = false;
                    continue;
                }
                if (record.size() != width) {
                    throw new SamplesFormatException(source, start, null, "has " + record.size()
                            + " field(s) but the header has " + width + "; quote values that contain commas");
                }
                result.add(row(record, start));
            }
            if (header) {
                throw new SamplesFormatException(source, 0, null, "is empty; expected a header row with the columns "
                        + String.join(",", COLUMNS));
            }
            return result;
        }

        private boolean hasNext(Iterator<CSVRecord> records) {
            try {
                return records.hasNext();
            } catch (UncheckedIOException e) {
                // commons-csv reports bad quoting as an unchecked wrapper of a CSVException.
                Throwable cause = e.getCause() == null ? e : e.getCause();
                throw new SamplesFormatException(source, line + 1, null, "is not valid CSV (" + cause.getMessage()
                        + "); quote values with '\"' and double the quotes inside them");
            }
        }

        private void readHeader(CSVRecord record, long at) {
            for (int i = 0; i < record.size(); i++) {
                String name = record.get(i).strip();
                if (i == 0 && !name.isEmpty() && name.charAt(0) == BOM) {
                    name = name.substring(1).strip();
                }
                if (columns.putIfAbsent(name, i) != null && COLUMNS.contains(name)) {
                    throw new SamplesFormatException(source, at, name, "appears twice in the header");
                }
            }
            for (String required : REQUIRED) {
                if (!columns.containsKey(required)) {
                    throw new SamplesFormatException(source, at, required, "is missing from the header "
                            + record.toList() + "; a samples file needs at least " + String.join(",", REQUIRED));
                }
            }
        }

        private SampleRecord row(CSVRecord record, long at) {
            String benchmark = text(record, "benchmark");
            if (benchmark.isBlank()) {
                throw new SamplesFormatException(source, at, "benchmark", "is empty; every row needs a benchmark name");
            }
            OptionalInt repetition = optionalInt(record, "repetition", at);
            int sample = integer(record, "sample", at);
            double time = time(record, at);
            return new SampleRecord(benchmark, text(record, "params"), repetition, sample, time,
                    text(record, "backend"), text(record, "device"), optionalLong(record, "bytes", at),
                    optionalLong(record, "flops", at), optionalInt(record, "fork", at).orElse(0),
                    text(record, "host"), text(record, "device_id"), clock(record, at));
        }

        private String text(CSVRecord record, String column) {
            Integer i = columns.get(column);
            return i == null ? "" : record.get(i);
        }

        private double time(CSVRecord record, long at) {
            String raw = text(record, "time_ms");
            String value = raw.strip();
            if (value.isEmpty()) {
                throw new SamplesFormatException(source, at, "time_ms", "is empty; expected milliseconds, e.g. 0.0589");
            }
            double t = Decimals.parse(value);
            if (Double.isNaN(t)) {
                throw new SamplesFormatException(source, at, "time_ms", "'" + raw + "' is not a number; expected"
                        + " milliseconds as a decimal with a '.' point, e.g. 0.0589");
            }
            if (Double.isInfinite(t)) {
                throw new SamplesFormatException(source, at, "time_ms", "'" + raw + "' is not finite");
            }
            if (t < 0) {
                throw new SamplesFormatException(source, at, "time_ms", "'" + raw + "' is negative; a time is >= 0");
            }
            return t + 0.0;
        }

        private OptionalDouble clock(CSVRecord record, long at) {
            String raw = text(record, "sm_clock_mhz").strip();
            if (raw.isEmpty()) {
                return OptionalDouble.empty();
            }
            double v = Decimals.parse(raw);
            if (!(v >= 0) || Double.isInfinite(v)) {
                throw new SamplesFormatException(source, at, "sm_clock_mhz", "'" + raw + "' is not a clock in MHz >= 0");
            }
            return OptionalDouble.of(v);
        }

        private int integer(CSVRecord record, String column, long at) {
            String raw = text(record, column);
            if (raw.isBlank()) {
                throw new SamplesFormatException(source, at, column, "is empty; expected a 0-based index");
            }
            long v = parseLong(raw, column, at);
            if (v > Integer.MAX_VALUE) {
                throw new SamplesFormatException(source, at, column, "'" + raw + "' is too large for an index");
            }
            return (int) v;
        }

        private OptionalInt optionalInt(CSVRecord record, String column, long at) {
            return text(record, column).isBlank() ? OptionalInt.empty() : OptionalInt.of(integer(record, column, at));
        }

        private OptionalLong optionalLong(CSVRecord record, String column, long at) {
            String raw = text(record, column);
            return raw.isBlank() ? OptionalLong.empty() : OptionalLong.of(parseLong(raw, column, at));
        }

        private long parseLong(String raw, String column, long at) {
            String value = raw.strip();
            if (!Decimals.INTEGER.matcher(value).matches()) {
                throw new SamplesFormatException(source, at, column, "'" + raw + "' is not an integer >= 0");
            }
            try {
                return Long.parseLong(value);
            } catch (NumberFormatException e) {
                throw new SamplesFormatException(source, at, column, "'" + raw + "' is too large");
            }
        }
    }
}

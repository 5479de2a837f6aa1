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

import dev.kbench.api.SampleRecord;
import dev.kbench.api.ThrottleReason;
import dev.kbench.api.internal.IoErrors;
import dev.kbench.stats.SampleSet;
import dev.kbench.stats.SamplesFormatException;
import dev.kbench.stats.internal.Decimals;
import java.io.BufferedReader;
import java.io.FilterReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Consumer;
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
 * {@code host}, {@code device_id}, {@code sm_clock_mhz} (a decimal {@code >= 0}), {@code run_id} (the
 * run a sample belongs to; a file without it is one run), {@code throttle} (the throttling reasons seen
 * during the sample's repetition, {@link ThrottleReason#token()}s joined by {@code ;}, {@code none} for
 * none; empty when unknown), {@code joules_per_call} (a decimal {@code >= 0}).
 * Two rows with the same host, backend, device, device id, run id, benchmark, params, fork, repetition
 * and sample are an error (the same sample twice). Optional columns may be absent or empty; others are ignored, as are blank lines. Numbers
 * are plain or scientific decimals ({@code 0.0589}, {@code 5.89e-2}); {@code NaN}, {@code Infinity},
 * hexadecimal and locale forms ({@code 0,0589}) are rejected.
 */
public final class SamplesCsv {

    /** The columns, in the order {@link SamplesCsvWriter} writes them. */
    public static final List<String> COLUMNS = List.of("benchmark", "params", "repetition", "sample", "time_ms",
            "backend", "device", "bytes", "flops", "fork", "host", "device_id", "sm_clock_mhz", "run_id",
            "throttle", "joules_per_call");
    /** How {@code throttle} says that nothing throttled the repetition. */
    public static final String NO_THROTTLE = "none";
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
     * Reads a samples file, strictly: a last line cut off by a crash is an error too (see
     * {@link #read(Path, Consumer)}).
     *
     * @param file the file
     * @return the samples, in file order
     * @throws SamplesFormatException naming the file, line and column if the file is not a valid
     *         samples CSV
     * @throws UncheckedIOException if it cannot be read
     */
    public static List<SampleRecord> read(Path file) {
        return read(file, Reading.STRICT);
    }

    /**
     * The column names of a samples file's header row, as written (a byte-order mark removed).
     *
     * @param file the file
     * @return the names, in order; empty for an empty file
     * @throws UncheckedIOException if it cannot be read
     */
    public static List<String> header(Path file) {
        // bytes that are not UTF-8 become U+FFFD here: the names of a good header are read whatever follows it
        // (the decoder reads ahead), and the reader of the rows names the file and line of the bad bytes
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(Files.newInputStream(file),
                StandardCharsets.UTF_8))) {
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
            throw new UncheckedIOException("cannot read samples file '" + file + "': " + IoErrors.reason(e), e);
        }
    }

    /**
     * Reads a samples file whose last line may have been cut off by a crash or a full disk: every
     * complete row is used and {@code warnings} receives one message naming the file and the line
     * that was left out. A line is complete when a line break ends it, as the writer ends every row;
     * a bad line anywhere else is an error.
     *
     * @param file the file
     * @param warnings receives the warning, at most once
     * @return the samples, in file order
     * @throws SamplesFormatException naming the file, line and column if the file is not a valid
     *         samples CSV, or holds binary data; naming both lines if two rows are the same sample
     *         (same host, backend, device, device id, run id, benchmark, params, fork, repetition and sample)
     * @throws UncheckedIOException if it cannot be read
     */
    public static List<SampleRecord> read(Path file, Consumer<String> warnings) {
        List<SampleRecord> result = new ArrayList<>();
        SampleSet.Builder unique = SampleSet.builder(file.toString()).rejectDuplicates();
        readRows(file, warnings, row -> {
            SampleRecord record = row.record();
            result.add(record);
            unique.add(record, row.line);
        });
        unique.build();
        return result;
    }

    /**
     * Reads samples from a reader, strictly, as {@link #read(Path)}.
     *
     * @param reader the CSV text; not closed
     * @param source the file name for messages, e.g. {@code base.csv} or {@code <stdin>}
     * @return the samples, in input order
     * @throws SamplesFormatException naming {@code source}, line and column if the input is not a
     *         valid samples CSV
     * @throws UncheckedIOException if reading fails
     */
    public static List<SampleRecord> read(Reader reader, String source) {
        return read(reader, source, Reading.STRICT);
    }

    /**
     * Reads samples from a reader, as {@link #read(Path, Consumer)}.
     *
     * @param reader the CSV text; not closed
     * @param source the file name for messages, e.g. {@code base.csv} or {@code <stdin>}
     * @param warnings receives the warning about a cut-off last line, at most once
     * @return the samples, in input order
     * @throws SamplesFormatException naming {@code source}, line and column if the input is not a
     *         valid samples CSV
     * @throws UncheckedIOException if reading fails
     */
    public static List<SampleRecord> read(Reader reader, String source, Consumer<String> warnings) {
        List<SampleRecord> result = new ArrayList<>();
        SampleSet.Builder unique = SampleSet.builder(source).rejectDuplicates();
        readRows(reader, source, warnings, row -> {
            SampleRecord record = row.record();
            result.add(record);
            unique.add(record, row.line);
        });
        unique.build();
        return result;
    }

    /**
     * Reads a samples file into primitive columns per benchmark, in memory proportional to the rows
     * (about 20 bytes a row), for files of millions of samples; otherwise as {@link #read(Path, Consumer)}.
     *
     * @param file the file
     * @param warnings receives the warning about a cut-off last line, at most once
     * @return the samples
     * @throws SamplesFormatException naming the file and line(s) if the file is not a valid samples
     *         CSV, or if two rows have the same benchmark, params, fork, repetition and sample
     * @throws UncheckedIOException if it cannot be read
     */
    public static SampleSet readSet(Path file, Consumer<String> warnings) {
        SampleSet.Builder builder = SampleSet.builder(file.toString()).rejectDuplicates();
        readRows(file, warnings, row -> builder.add(row.record(), row.line));
        return builder.build();
    }

    /**
     * Reads samples from a reader into primitive columns, as {@link #readSet(Path, Consumer)}.
     *
     * @param reader the CSV text; not closed
     * @param source the file name for messages
     * @param warnings receives the warning about a cut-off last line, at most once
     * @return the samples
     * @throws SamplesFormatException as {@link #readSet(Path, Consumer)}
     * @throws UncheckedIOException if reading fails
     */
    public static SampleSet readSet(Reader reader, String source, Consumer<String> warnings) {
        SampleSet.Builder builder = SampleSet.builder(source).rejectDuplicates();
        readRows(reader, source, warnings, row -> builder.add(row.record(), row.line));
        return builder.build();
    }

    static void readRows(Path file, Consumer<String> warnings, Consumer<Row> sink) {
        CharsetDecoder strict = StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT);
        try (Reader reader = new BufferedReader(new InputStreamReader(Files.newInputStream(file), strict), 1 << 16)) {
            readRows(reader, file.toString(), warnings, sink);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read samples file '" + file + "': " + IoErrors.reason(e), e);
        }
    }

    private static void readRows(Reader reader, String source, Consumer<String> warnings, Consumer<Row> sink) {
        Objects.requireNonNull(warnings, "warnings");
        try {
            Ending ending = new Ending(reader);
            CSVParser parser = CSVParser.builder().setReader(ending).setFormat(FORMAT).get();
            new Reading(parser, source, ending).rows(sink, warnings);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read samples from '" + source + "': " + IoErrors.reason(e), e);
        }
    }

    /** One valid row, reused from line to line. */
    static final class Row {
        String benchmark;
        String params;
        /** The repetition, -1 for none. */
        int repetition;
        int sample;
        double timeMillis;
        String backend;
        String device;
        /** -1 for none. */
        long bytes;
        /** -1 for none. */
        long flops;
        int fork;
        String host;
        String deviceId;
        /** The SM clock in MHz, NaN for none. */
        double smClockMHz = Double.NaN;
        String runId = "";
        /** The throttling reasons, null for unknown. */
        Set<ThrottleReason> throttling;
        /** Joules per call, NaN for none. */
        double joulesPerCall = Double.NaN;
        /** The 1-based line where the row starts. */
        long line;

        SampleRecord record() {
            return SampleRecord.builder(benchmark, params)
                    .repetition(repetition < 0 ? OptionalInt.empty() : OptionalInt.of(repetition))
                    .sample(sample).timeMillis(timeMillis).backend(backend).device(device)
                    .bytes(bytes < 0 ? OptionalLong.empty() : OptionalLong.of(bytes))
                    .flops(flops < 0 ? OptionalLong.empty() : OptionalLong.of(flops))
                    .fork(fork).host(host).deviceId(deviceId)
                    .smClockMHz(Double.isNaN(smClockMHz) ? OptionalDouble.empty() : OptionalDouble.of(smClockMHz))
                    .runId(runId).throttling(Optional.ofNullable(throttling))
                    .joulesPerCall(Double.isNaN(joulesPerCall) ? OptionalDouble.empty() : OptionalDouble.of(joulesPerCall))
                    .build();
        }
    }

    /** A reader that remembers whether the text ended with a line break and counts the line feeds. */
    private static final class Ending extends FilterReader {
        private int last = -1;
        private long lineFeeds;
        private boolean atEnd;

        Ending(Reader in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int c = super.read();
            if (c < 0) {
                atEnd = true;
            } else {
                last = c;
                if (c == '\n') {
                    lineFeeds++;
                }
            }
            return c;
        }

        @Override
        public int read(char[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n < 0) {
                atEnd = true;
            } else if (n > 0) {
                last = buffer[offset + n - 1];
                for (int i = offset; i < offset + n; i++) {
                    if (buffer[i] == '\n') {
                        lineFeeds++;
                    }
                }
            }
            return n;
        }

        /** Whether the whole text has been read and its last line is unterminated and starts at {@code line}. */
        boolean cutOffAt(long line) {
            return atEnd && last != '\n' && last != '\r' && last != -1 && line == lineFeeds + 1;
        }
    }

    /** One pass over a parser: the header, then the records, with line numbers. */
    private static final class Reading {

        /** The strict readers' warning handler: a cut-off last line is an error. */
        static final Consumer<String> STRICT = warning -> {
            throw new StrictCutOff(warning);
        };

        private final CSVParser parser;
        private final String source;
        private final Ending ending;
        private final Map<String, Integer> columns = new HashMap<>();
        private final Row row = new Row();
        private long line;

        Reading(CSVParser parser, String source, Ending ending) {
            this.parser = parser;
            this.source = source;
            this.ending = ending;
        }

        void rows(Consumer<Row> sink, Consumer<String> warnings) {
            boolean header = true;
            int width = 0;
            long rows = 0;
            CSVRecord pending = null;
            long pendingStart = 0;
            Iterator<CSVRecord> records = parser.iterator();
            while (true) {
                CSVRecord record;
                long start = line + 1;
                try {
                    if (!records.hasNext()) {
                        break;
                    }
                    record = records.next();
                } catch (UncheckedIOException e) {
                    if (pending != null) {
                        rows++;
                        sink.accept(row(pending, pendingStart, width));
                        pending = null;
                    }
                    if (!header && ending.cutOffAt(start)) {
                        cutOff(warnings, start, rows);
                        return;
                    }
                    throw invalid(e, start);
                }
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
                if (pending != null) {
                    rows++;
                    sink.accept(row(pending, pendingStart, width));
                }
                pending = record;
                pendingStart = start;
            }
            if (header) {
                throw new SamplesFormatException(source, 0, null, "is empty; expected a header row with the columns "
                        + String.join(",", COLUMNS));
            }
            if (pending != null) {
                if (ending.cutOffAt(pendingStart)) {
                    cutOff(warnings, pendingStart, rows);
                } else {
                    sink.accept(row(pending, pendingStart, width));
                }
            }
        }

        private void cutOff(Consumer<String> warnings, long at, long complete) {
            String message = source + ":" + at + ": the last line has no line break at its end: it was cut off "
                    + "(a crash or a full disk?) and is left out; the " + complete + " complete row(s) before it are used";
            try {
                warnings.accept(message);
            } catch (StrictCutOff e) {
                throw new SamplesFormatException(source, at, null, "the last line has no line break at its end: it"
                        + " was cut off (a crash or a full disk?); every row ends with a line break");
            }
        }

        private SamplesFormatException invalid(UncheckedIOException e, long at) {
            // commons-csv reports bad quoting (and the decoder bad bytes) as an unchecked wrapper.
            Throwable cause = e.getCause() == null ? e : e.getCause();
            if (cause instanceof CharacterCodingException) {
                return new SamplesFormatException(source, at, null, "is not UTF-8 text: a binary file, or one"
                        + " damaged by a crash; not a samples CSV");
            }
            return new SamplesFormatException(source, at, null, "is not valid CSV (" + cause.getMessage()
                    + "); quote values with '\"' and double the quotes inside them");
        }

        private void checkText(CSVRecord record, long at) {
            for (String value : record) {
                if (value.indexOf('\0') >= 0) {
                    throw new SamplesFormatException(source, at, null, "holds binary data (NUL bytes): a binary file,"
                            + " or one damaged by a crash; not a samples CSV");
                }
            }
        }

        private void readHeader(CSVRecord record, long at) {
            checkText(record, at);
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

        private Row row(CSVRecord record, long at, int width) {
            checkText(record, at);
            if (record.size() < width) {
                throw new SamplesFormatException(source, at, null, "has " + record.size() + " of the header's " + width
                        + " fields: the line is incomplete or garbled");
            }
            if (record.size() > width) {
                throw new SamplesFormatException(source, at, null, "has " + record.size()
                        + " field(s) but the header has " + width + "; quote values that contain commas");
            }
            String benchmark = text(record, "benchmark");
            if (benchmark.isBlank()) {
                throw new SamplesFormatException(source, at, "benchmark", "is empty; every row needs a benchmark name");
            }
            row.benchmark = benchmark;
            row.params = text(record, "params");
            row.repetition = optionalInt(record, "repetition", at).orElse(-1);
            row.sample = integer(record, "sample", at);
            row.timeMillis = time(record, at);
            row.backend = text(record, "backend");
            row.device = text(record, "device");
            row.bytes = optionalLong(record, "bytes", at).orElse(-1);
            row.flops = optionalLong(record, "flops", at).orElse(-1);
            row.fork = optionalInt(record, "fork", at).orElse(0);
            row.host = text(record, "host");
            row.deviceId = text(record, "device_id");
            row.smClockMHz = clock(record, at).orElse(Double.NaN);
            row.runId = text(record, "run_id").strip();
            row.throttling = throttling(record, at);
            row.joulesPerCall = nonNegative(record, "joules_per_call", "an energy in J", at).orElse(Double.NaN);
            row.line = at;
            return row;
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
            return nonNegative(record, "sm_clock_mhz", "a clock in MHz", at);
        }

        private OptionalDouble nonNegative(CSVRecord record, String column, String what, long at) {
            String raw = text(record, column).strip();
            if (raw.isEmpty()) {
                return OptionalDouble.empty();
            }
            double v = Decimals.parse(raw);
            if (!(v >= 0) || Double.isInfinite(v)) {
                throw new SamplesFormatException(source, at, column, "'" + raw + "' is not " + what + " >= 0");
            }
            return OptionalDouble.of(v);
        }

        private Set<ThrottleReason> throttling(CSVRecord record, long at) {
            String raw = text(record, "throttle").strip();
            if (raw.isEmpty()) {
                return null;
            }
            if (raw.equals(NO_THROTTLE)) {
                return Set.of();
            }
            Set<ThrottleReason> reasons = EnumSet.noneOf(ThrottleReason.class);
            for (String token : raw.split(";", -1)) {
                reasons.add(ThrottleReason.ofToken(token.strip()).orElseThrow(() -> new SamplesFormatException(
                        source, at, "throttle", "'" + raw + "' has '" + token + "', not a throttling reason; expected "
                        + NO_THROTTLE + " or some of " + java.util.Arrays.stream(ThrottleReason.values())
                        .map(ThrottleReason::token).toList() + " joined by ';'")));
            }
            return reasons;
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

    /** The strict readers' signal that the last line was cut off. */
    private static final class StrictCutOff extends RuntimeException {
        private static final long serialVersionUID = 1L;

        StrictCutOff(String message) {
            super(message, null, false, false);
        }
    }
}

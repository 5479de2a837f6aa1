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

import dev.kbench.api.InputException;
import java.util.Objects;
import java.util.Optional;

/**
 * A samples CSV that does not follow docs/formats.md §2, with where: the file, the 1-based line and the
 * column. Its message has the form {@code FILE:LINE: column 'time_ms': ...}.
 */
public final class SamplesFormatException extends InputException {

    private static final long serialVersionUID = 1L;

    /** The file name as given to the reader. */
    private final String source;
    /** The 1-based line, 0 for the whole file. */
    private final long line;
    /** The column's name, {@code null} for none. */
    private final String column;

    /**
     * A format error.
     *
     * @param source the file name, as given to the reader
     * @param line the 1-based line, 0 if the whole file is at fault
     * @param column the column's name, {@code null} if no one column is at fault
     * @param problem what is wrong, with the bad value and the fix
     */
    public SamplesFormatException(String source, long line, String column, String problem) {
        super(Objects.requireNonNull(source, "source") + (line > 0 ? ":" + line : "") + ": "
                + (column == null ? "" : "column '" + column + "': ") + problem);
        this.source = source;
        this.line = line;
        this.column = column;
    }

    /**
     * The file.
     *
     * @return the file name as given to the reader
     */
    public String source() {
        return source;
    }

    /**
     * The line.
     *
     * @return the 1-based line, 0 when the whole file is at fault (e.g. empty)
     */
    public long line() {
        return line;
    }

    /**
     * The column.
     *
     * @return the column's name, empty when no one column is at fault
     */
    public Optional<String> column() {
        return Optional.ofNullable(column);
    }
}

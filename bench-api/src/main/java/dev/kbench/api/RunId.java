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
package dev.kbench.api;

import java.security.SecureRandom;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The identity of one run (one {@code kbench run}, one {@link Suite#run} call): the UTC start time and
 * 8 random hexadecimal digits, e.g. {@code 20261201T111500Z-3f9a2c1b}. Ids sort by start time (to the
 * second) and are unique across hosts without coordination (2<sup>32</sup> suffixes a second). Every
 * sample of a run carries it ({@link SampleRecord#runId()}), so runs appended to one samples file, or
 * merged from several, stay apart. Stateless and thread-safe.
 */
public final class RunId {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("uuuuMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);
    private static final SecureRandom RANDOM = new SecureRandom();
    /** What a run id given by the user may hold: letters, digits and {@code . _ : + -}, 1 to 64 of them. */
    private static final Pattern ALLOWED = Pattern.compile("[A-Za-z0-9._:+-]{1,64}");

    private RunId() {
    }

    /**
     * A new run id for a run starting now.
     *
     * @return e.g. {@code 20261201T111500Z-3f9a2c1b}
     */
    public static String next() {
        return of(Instant.now(), RANDOM.nextInt());
    }

    /**
     * The run id of a run started at {@code start} with the given random suffix.
     *
     * @param start the start time
     * @param random the suffix's bits
     * @return the id, {@code uuuuMMdd'T'HHmmss'Z'-xxxxxxxx}
     */
    static String of(Instant start, int random) {
        return TIME.format(start) + "-" + HexFormat.of().toHexDigits(random);
    }

    /**
     * Checks a run id given by a user (a CI build id, say): 1 to 64 letters, digits, {@code .},
     * {@code _}, {@code :}, {@code +} or {@code -}, so it needs no quoting in CSV, JSON or a shell.
     *
     * @param id the id
     * @return {@code id}
     * @throws IllegalArgumentException naming the id if it has other characters, or none
     */
    public static String check(String id) {
        Objects.requireNonNull(id, "id");
        if (!ALLOWED.matcher(id).matches()) {
            throw new IllegalArgumentException("run id '" + id + "' is not 1 to 64 letters, digits, '.', '_', ':', "
                    + "'+' or '-', e.g. 20261201T111500Z-3f9a2c1b");
        }
        return id;
    }
}

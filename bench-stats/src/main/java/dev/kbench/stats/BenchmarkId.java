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
import java.util.Comparator;
import java.util.Objects;

/**
 * A benchmark's identity in the samples CSV: name and parameters (docs/formats.md §2).
 *
 * @param benchmark the name, not blank
 * @param params the parameters, {@code k=v} pairs joined by {@code ;}, empty for none
 */
public record BenchmarkId(String benchmark, String params) {

    /**
     * The order of rows in summaries and comparisons: by benchmark name, then by parameters pair by
     * pair in the order written, numbers by value ({@code n=1024} before {@code n=1048576}), other
     * values as text.
     */
    public static final Comparator<BenchmarkId> ORDER = Comparator.comparing(BenchmarkId::benchmark)
            .thenComparing(BenchmarkId::params, BenchmarkId::compareParams);

    /** Validates the fields. */
    public BenchmarkId {
        Objects.requireNonNull(benchmark, "benchmark");
        Objects.requireNonNull(params, "params");
    }

    /**
     * The identity of a sample's benchmark.
     *
     * @param record the sample
     * @return its benchmark and params
     */
    public static BenchmarkId of(SampleRecord record) {
        return new BenchmarkId(record.benchmark(), record.params());
    }

    private static int compareParams(String a, String b) {
        String[] x = a.isEmpty() ? new String[0] : a.split(";", -1);
        String[] y = b.isEmpty() ? new String[0] : b.split(";", -1);
        for (int i = 0; i < Math.min(x.length, y.length); i++) {
            int c = comparePair(x[i], y[i]);
            if (c != 0) {
                return c;
            }
        }
        return Integer.compare(x.length, y.length);
    }

    private static int comparePair(String a, String b) {
        int ea = a.indexOf('=');
        int eb = b.indexOf('=');
        String ka = ea < 0 ? a : a.substring(0, ea);
        String kb = eb < 0 ? b : b.substring(0, eb);
        int c = ka.compareTo(kb);
        if (c != 0) {
            return c;
        }
        String va = ea < 0 ? "" : a.substring(ea + 1);
        String vb = eb < 0 ? "" : b.substring(eb + 1);
        Double na = number(va);
        Double nb = number(vb);
        if (na != null && nb != null) {
            c = Double.compare(na, nb);
            if (c != 0) {
                return c;
            }
        } else if (na != null || nb != null) {
            return na != null ? -1 : 1;
        }
        return va.compareTo(vb);
    }

    private static Double number(String value) {
        try {
            return Double.valueOf(value);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /**
     * The identity as text, as {@link SampleRecord#id()}.
     *
     * @return {@code benchmark}, or {@code benchmark[params]} when there are parameters
     */
    @Override
    public String toString() {
        return SampleRecord.id(benchmark, params);
    }

    /**
     * The benchmark as the tables' lines name it.
     *
     * @return {@code benchmark}, or {@code benchmark params} when there are parameters (e.g. {@code copy n=1024})
     */
    public String label() {
        return params.isEmpty() ? benchmark : benchmark + " " + params;
    }
}

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

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.kbench.stats.CompareReport;
import dev.kbench.stats.Summary;
import dev.kbench.stats.SummaryWarning;
import dev.kbench.stats.json.JsonFields;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.util.List;

/**
 * JSON documents of {@code kbench compare --format json} (docs/formats.md §3) and
 * {@code kbench summary --format json} (§4), built with Jackson. Keys come in the contract's order,
 * extra keys after; numbers are Jackson's shortest round-trip form of each double, independent of
 * the default locale; non-finite numbers (an infinite statistic, a ratio over a zero median, an
 * undefined interval bound) are {@code null}. Two-space indentation, {@code "key": value}, {@code []}
 * for an empty list, {@code \n} line ends, a final {@code \n}. Stateless and thread-safe.
 */
public final class StatsJson {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final ObjectWriter WRITER;

    static {
        DefaultIndenter indenter = new DefaultIndenter("  ", "\n");
        Separators separators = Separators.createDefaultInstance()
                .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                .withObjectEmptySeparator("")
                .withArrayEmptySeparator("");
        DefaultPrettyPrinter printer = new DefaultPrettyPrinter()
                .withSeparators(separators)
                .withObjectIndenter(indenter)
                .withArrayIndenter(indenter);
        WRITER = new ObjectMapper().writer(printer);
    }

    private StatsJson() {
    }

    /**
     * The compare document: {@code method}, {@code alpha}, {@code results} (each with
     * {@code benchmark}, {@code params}, {@code n_base}, {@code n_new}, {@code median_base_ms},
     * {@code median_new_ms}, {@code ratio}, {@code statistic}, {@code pvalue_two_sided},
     * {@code pvalue_less}, {@code pvalue_greater}, {@code verdict}, then the extras
     * {@code samples_base}, {@code samples_new}, {@code ratio_ci_low}, {@code ratio_ci_high},
     * {@code stability}, {@code stable}, {@code notes}, {@code unit}, {@code n_forks_base},
     * {@code n_forks_new}, {@code between_run_variance}, {@code test_verdict}, {@code mdc},
     * {@code sm_clock_mhz_base}, {@code sm_clock_mhz_new}, {@code cycles_ratio}),
     * {@code only_in_base}, {@code only_in_new} (objects with {@code benchmark} and {@code params}),
     * then the extras {@code distribution}, {@code aggregation}, {@code correction},
     * {@code alpha_per_benchmark}, {@code confidence_level}, {@code unit}, {@code threshold}.
     *
     * @param report the report
     * @return the JSON text
     */
    public static String compare(CompareReport report) {
        return text(JsonFields.compare(report));
    }

    /**
     * Writes the compare document.
     *
     * @param report the report
     * @param out where to write; not closed
     * @throws IOException if writing fails
     */
    public static void compare(CompareReport report, Writer out) throws IOException {
        out.write(compare(report));
        out.flush();
    }

    /**
     * The summary document with exactly the keys of docs/formats.md §4: {@code results}, each with
     * {@code benchmark}, {@code params}, {@code n}, {@code min_ms}, {@code max_ms}, {@code mean_ms},
     * {@code median_ms}, {@code stddev_ms} and {@code quantiles} keyed by the probabilities as given.
     *
     * @param summaries the summaries
     * @return the JSON text
     */
    public static String summary(List<Summary> summaries) {
        return text(summaryTree(summaries, false));
    }

    /**
     * The summary document with, after the keys of {@link #summary(List)}, the robust details:
     * {@code iqr_ms}, {@code mad_ms}, {@code median_ci_low_ms}, {@code median_ci_high_ms},
     * {@code confidence_level}, {@code relative_noise}, {@code outliers} (counts {@code low_severe},
     * {@code low_mild}, {@code high_mild}, {@code high_severe}) and {@code warnings} (objects with
     * {@code kind} and {@code message}).
     *
     * @param summaries the summaries
     * @return the JSON text
     */
    public static String summaryWithDetails(List<Summary> summaries) {
        return text(summaryTree(summaries, true));
    }

    private static ObjectNode summaryTree(List<Summary> summaries, boolean details) {
        ObjectNode root = NODES.objectNode();
        ArrayNode results = root.putArray("results");
        for (Summary s : summaries) {
            ObjectNode r = results.addObject();
            r.put("benchmark", s.id().benchmark());
            r.put("params", s.id().params());
            JsonFields.summary(r, s);
            if (details) {
                number(r, "iqr_ms", s.iqrMillis());
                number(r, "mad_ms", s.madMillis());
                number(r, "median_ci_low_ms", s.medianInterval().lower());
                number(r, "median_ci_high_ms", s.medianInterval().upper());
                number(r, "confidence_level", s.medianInterval().confidenceLevel());
                number(r, "relative_noise", s.relativeNoise());
                ObjectNode o = r.putObject("outliers");
                o.put("low_severe", s.outliers().lowSevere());
                o.put("low_mild", s.outliers().lowMild());
                o.put("high_mild", s.outliers().highMild());
                o.put("high_severe", s.outliers().highSevere());
                ArrayNode warnings = r.putArray("warnings");
                for (SummaryWarning w : s.warnings()) {
                    ObjectNode wn = warnings.addObject();
                    wn.put("kind", w.kind().jsonName());
                    wn.put("message", w.message());
                }
            }
        }
        return root;
    }

    private static void number(ObjectNode node, String key, double value) {
        JsonFields.number(node, key, value);
    }

    private static String text(ObjectNode tree) {
        try {
            return WRITER.writeValueAsString(tree) + "\n";
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException("cannot write JSON: " + e.getMessage(), e);
        }
    }
}

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
package dev.kbench.evidence;

import dev.kbench.api.SampleRecord;
import dev.kbench.api.internal.Quantiles;
import dev.kbench.forks.ForkOutcome;
import dev.kbench.forks.SequentialAb;
import dev.kbench.stats.BenchmarkComparison;
import dev.kbench.stats.Center;
import dev.kbench.stats.Compare;
import dev.kbench.stats.Unit;
import dev.kbench.stats.io.SamplesCsv;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * kbench ab's stop-when-decided loop ({@link SequentialAb}, the loop {@code kbench ab --max-forks} runs)
 * over pools of forks measured on a GPU by {@code bench/gpu/fork-pool.sh}: each comparison draws its
 * forks at random, without replacement, from the pool's forks of a size, one side from the forks of n and
 * the other from the forks of n (A/A), of round(1.01 n) (a planted +1 %, with threshold 0.5 %) or of
 * round(1.02 n) (a planted +2 %, default threshold 1 %), the two sides from different rounds. The
 * comparison is {@code kbench ab}'s: {@code kbench compare}'s defaults (fork unit, Brunner-Munzel on the t
 * distribution, alpha 0.001), the looks of the group-sequential design, at most half the pool a side.
 * One JVM runs all comparisons through the library's loop, the one {@code kbench ab} calls; the forks come
 * from the pool instead of being launched, and nothing else differs.
 *
 * <pre>
 * java -cp ... dev.kbench.evidence.PoolAb [--center median|trimmed_mean] POOL_DIR POOL SIZES DRAWS SEED OUT.csv [trimmed|hd|median]
 *     e.g. pool user 20,22,24 100 1 out.csv
 * </pre>
 *
 * <p>{@code --center} is {@code kbench compare --center}: how each side's fork medians are centered for the ratio and
 * its interval (default here the median, as the recorded CSVs were made; compare's default is the trimmed mean).
 *
 * <p>With a last argument, each fork's samples are replaced by one sample before the comparisons: {@code trimmed}
 * their 10 % trimmed mean, {@code hd} their Harrell-Davis median (the weighted sum of the order statistics that
 * {@code scipy.stats.mstats.hdquantiles(x, prob=[0.5])} gives), {@code median} their median. Offline questions:
 * would a fork summary that the timer's steps do not quantize decide better than the fork median that kbench
 * uses ({@code median} tells the estimator's part from the bootstrap's: its interval then resamples forks only).
 *
 * <p>POOL is {@code user} or {@code builtin}, or either with a suffix such as {@code -pe2} (fork-pool.sh's pools
 * measured with {@code --place-every 2}). For {@code user}, POOL_DIR holds {@code user/2^S/V/fork-RRR.csv} for V
 * in 1.00, 1.01, 1.02, one benchmark each. For {@code builtin} it holds {@code builtin/fork-RRR.csv}, each fork with gelu, copy and triad at n and
 * at the planted sizes; each kernel is compared on its own (the planted rows relabelled n). Writes one CSV row
 * per comparison (pool, benchmark, size, case, draw, verdict, settled, forks a side, change, interval, MDC) and
 * prints a table.
 */
public final class PoolAb {

    private static final String[] CASES = {"aa", "plus1", "plus2"};
    private static final String[] VARIANTS = {"1.00", "1.01", "1.02"};

    private PoolAb() {
    }

    /**
     * Runs the comparisons.
     *
     * @param args [--center C] POOL_DIR POOL SIZES DRAWS SEED OUT.csv [SUMMARY]
     * @throws IOException if a file cannot be read or written
     */
    public static void main(String[] args) throws IOException {
        Center center = Center.MEDIAN;
        if (args.length > 1 && args[0].equals("--center")) {
            String word = args[1];
            center = Arrays.stream(Center.values()).filter(c -> c.jsonName().equals(word)).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("--center '" + word + "' is none of median, trimmed_mean"));
            args = Arrays.copyOfRange(args, 2, args.length);
        }
        Path pool = Path.of(args[0]);
        String name = args[1];
        boolean builtin = name.startsWith("builtin");
        int draws = Integer.parseInt(args[3]);
        long seed = Long.parseLong(args[4]);
        String summary = args.length > 6 ? args[6] : "";
        if (!List.of("", "trimmed", "hd", "median").contains(summary)) {
            throw new IllegalArgumentException("the fork summary '" + summary + "' is none of trimmed, hd, median");
        }
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(Path.of(args[5])))) {
            out.println("pool,benchmark,size,case,draw,verdict,settled,forks_a_side,change_percent,low_percent,"
                    + "high_percent,mdc_percent");
            System.out.println("| pool | benchmark | n | case | comparisons | slower | faster | same | settled | "
                    + "forks a side (median, most) |");
            System.out.println("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
            TreeMap<Integer, List<SampleRecord>> all = builtin ? forks(pool.resolve(name)) : null;
            for (String size : args[2].split(",")) {
                long n = 1L << Integer.parseInt(size);
                for (String benchmark : builtin ? List.of("gelu", "copy", "triad") : List.of("")) {
                    TreeMap<Integer, List<SampleRecord>> base = summarized(builtin ? select(all, benchmark, n, n)
                            : forks(pool.resolve(name + "/2^" + size + "/" + VARIANTS[0])), summary);
                    for (int c = 0; c < CASES.length; c++) {
                        TreeMap<Integer, List<SampleRecord>> next = summarized(builtin
                                ? select(all, benchmark, Math.round(n * Double.parseDouble(VARIANTS[c])), n)
                                : forks(pool.resolve(name + "/2^" + size + "/" + VARIANTS[c])), summary);
                        compare(out, name, benchmark.isEmpty() ? "gelu_ptx" : benchmark, size,
                                c, base, next, draws, seed, center);
                    }
                }
            }
        }
    }

    /** Draws {@code draws} comparisons of one case and writes and prints them. */
    private static void compare(PrintWriter out, String pool, String benchmark, String size, int c,
                                TreeMap<Integer, List<SampleRecord>> base, TreeMap<Integer, List<SampleRecord>> next,
                                int draws, long seed, Center center) {
        // the forks both pools have (A/A: the same pool), so that the two sides never share a fork
        List<Integer> rounds = new ArrayList<>(base.keySet());
        rounds.retainAll(next.keySet());
        int most = rounds.size() / 2;
        Compare compare = Compare.withDefaults().with(Unit.AUTO).with(center)
                .withThreshold(c == 1 ? 0.005 : 0.01);
        SequentialAb ab = SequentialAb.of(compare, 0.001).withMaxForks(most);
        Random random = new Random(seed * 1_000_003L + Integer.parseInt(size) * 31L + c + benchmark.hashCode());
        int slower = 0;
        int faster = 0;
        int same = 0;
        int settled = 0;
        List<Integer> used = new ArrayList<>();
        for (int d = 0; d < draws; d++) {
            List<Integer> order = new ArrayList<>(rounds);
            Collections.shuffle(order, random);
            List<Integer> b = order.subList(0, most);
            List<Integer> n = order.subList(most, 2 * most);
            SequentialAb.Result result = ab.run((fork, ahead, samples) -> {
                int round = (fork.side() == 0 ? b : n).get(fork.index());
                List<SampleRecord> rows = (fork.side() == 0 ? base : next).get(round).stream()
                        .map(r -> r.withFork(fork.index())).toList();
                samples.accept(rows);
                return new ForkOutcome(fork.side() == 0 ? "base" : "new", fork.index(), fork.seed(),
                        OptionalInt.of(0), rows.size(), Optional.of(rows.getLast().id()), Optional.empty(),
                        Path.of("."), List.of());
            }, random.nextLong(), look -> { });
            BenchmarkComparison r = result.report().orElseThrow().results().getFirst();
            String verdict = r.verdict().name().toLowerCase(Locale.ROOT);
            switch (verdict) {
                case "slower" -> slower++;
                case "faster" -> faster++;
                default -> same++;
            }
            settled += result.decided() ? 1 : 0;
            used.add(result.pairs());
            out.printf(Locale.ROOT, "%s,%s,%s,%s,%d,%s,%b,%d,%.4f,%.4f,%.4f,%.4f%n", pool, benchmark, size, CASES[c], d,
                    verdict, result.decided(), result.pairs(), 100 * (r.ratio() - 1),
                    100 * (r.ratioInterval().lower() - 1), 100 * (r.ratioInterval().upper() - 1), 100 * r.mdc());
        }
        Collections.sort(used);
        System.out.printf(Locale.ROOT, "| %s | %s | 2^%s | %s | %d | %d | %d | %d | %d | %d, %d |%n", pool, benchmark,
                size, CASES[c], draws, slower, faster, same, settled, used.get(used.size() / 2), used.getLast());
    }

    /** Each fork's samples as one sample (their 10 % trimmed mean, Harrell-Davis median or median); or the forks as they are. */
    private static TreeMap<Integer, List<SampleRecord>> summarized(TreeMap<Integer, List<SampleRecord>> forks,
                                                                   String summary) {
        if (summary.isEmpty()) {
            return forks;
        }
        TreeMap<Integer, List<SampleRecord>> out = new TreeMap<>();
        forks.forEach((key, rows) -> {
            double[] t = rows.stream().mapToDouble(SampleRecord::timeMillis).sorted().toArray();
            double value;
            if (summary.equals("hd")) {
                value = 0;
                double a = (t.length + 1) / 2.0;
                double before = 0;
                for (int i = 1; i <= t.length; i++) {
                    double now = org.apache.commons.numbers.gamma.RegularizedBeta.value((double) i / t.length, a, a);
                    value += (now - before) * t[i - 1];
                    before = now;
                }
            } else if (summary.equals("median")) {
                value = Quantiles.ofSorted(t, 0.5);
            } else {
                int cut = t.length / 10;
                double sum = 0;
                for (int i = cut; i < t.length - cut; i++) {
                    sum += t[i];
                }
                value = sum / (t.length - 2 * cut);
            }
            SampleRecord r = rows.getFirst();
            out.put(key, List.of(new SampleRecord(r.benchmark(), r.params(), r.repetition(), r.sample(),
                    value, r.backend(), r.device(), r.bytes(), r.flops(), r.fork(), r.host(),
                    r.deviceId(), r.smClockMHz(), r.runId(), r.throttling(), r.joulesPerCall())));
        });
        return out;
    }

    /** The rows of one benchmark at {@code n=measured} in each fork, relabelled {@code n=as}. */
    private static TreeMap<Integer, List<SampleRecord>> select(TreeMap<Integer, List<SampleRecord>> forks,
                                                               String benchmark, long measured, long as) {
        TreeMap<Integer, List<SampleRecord>> out = new TreeMap<>();
        forks.forEach((round, rows) -> out.put(round, rows.stream()
                .filter(r -> r.benchmark().equals(benchmark) && r.params().equals("n=" + measured))
                .map(r -> new SampleRecord(r.benchmark(), "n=" + as, r.repetition(), r.sample(), r.timeMillis(),
                        r.backend(), r.device(), r.bytes(), r.flops(), r.fork(), r.host(), r.deviceId(), r.smClockMHz(),
                        r.runId(), r.throttling(), r.joulesPerCall()))
                .toList()));
        return out;
    }

    /**
     * The pool's forks of one size and variant, keyed by round * 1000 + fork: a file {@code fork-RRR.csv} holds
     * round RRR, one fork (a plain {@code kbench run}) or several ({@code run --forks B}, by the fork column).
     */
    private static TreeMap<Integer, List<SampleRecord>> forks(Path directory) throws IOException {
        TreeMap<Integer, List<SampleRecord>> forks = new TreeMap<>();
        try (Stream<Path> files = Files.list(directory)) {
            for (Path f : files.filter(p -> p.getFileName().toString().matches("fork-\\d+\\.csv")).toList()) {
                String name = f.getFileName().toString();
                int round = Integer.parseInt(name.substring(5, name.length() - 4));
                try {
                    for (SampleRecord r : SamplesCsv.read(f)) {
                        forks.computeIfAbsent(round * 1000 + r.fork(), k -> new ArrayList<>()).add(r);
                    }
                } catch (UncheckedIOException e) {
                    throw e.getCause();
                }
            }
        }
        return forks;
    }
}

/**
 * kbench's command line: {@code kbench info|run|ab|compare|summary|report|demo}, the built-in kernel
 * suite ({@code empty}, {@code copy}, {@code triad}, {@code gelu}, {@code reduce_sum}, {@code sgemm})
 * and the result formats. Backends are found at run time with {@link java.util.ServiceLoader}; the CLI
 * compiles against none of them. Nothing is exported: the entry point is {@code dev.kbench.cli.Main}.
 */
module dev.kbench.cli {
    requires dev.kbench.api;
    requires dev.kbench.stats;
    requires info.picocli;
    requires org.apache.commons.numbers.gamma;
    requires org.apache.commons.statistics.distribution;
    requires org.apache.commons.csv;
    requires com.fasterxml.jackson.databind;

    opens dev.kbench.cli to info.picocli;
}

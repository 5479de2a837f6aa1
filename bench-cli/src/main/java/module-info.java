/** kbench's command line: {@code kbench info|run|compare|summary|report|demo}. */
module dev.kbench.cli {
    requires dev.kbench.api;
    requires dev.kbench.stats;
    requires info.picocli;

    opens dev.kbench.cli to info.picocli;
}

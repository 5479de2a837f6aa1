/** kbench's statistics: robust summaries and SciPy-exact comparisons of samples. */
module dev.kbench.stats {
    requires transitive dev.kbench.api;

    exports dev.kbench.stats;
}

/** Summaries and significance tests of benchmark samples. */
package dev.kbench.stats;

package dev.kbench.stats;

/** Keeps the package non-empty until the statistics land (issue 6); delete then. */
final class Placeholder {
    private Placeholder() {
    }
}

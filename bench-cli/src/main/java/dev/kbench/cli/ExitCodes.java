package dev.kbench.cli;

/** The CLI's exit statuses (CONTRACTS.md §3). */
final class ExitCodes {
    /** Success; for compare: no regression. */
    static final int OK = 0;
    /** A significant regression was found (compare), or a generic failure. */
    static final int REGRESSION = 1;
    /** Bad input or usage: one line and a hint on stderr. */
    static final int INVALID_INPUT = 2;
    /** No single backend could be chosen, or the device failed. */
    static final int NO_DRIVER = 3;

    private ExitCodes() {
    }
}

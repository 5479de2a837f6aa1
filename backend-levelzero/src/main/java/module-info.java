/** kbench's levelzero backend. */
module dev.kbench.levelzero {
    requires dev.kbench.api;

    provides dev.kbench.api.Driver with dev.kbench.levelzero.LevelZeroDriver;
}

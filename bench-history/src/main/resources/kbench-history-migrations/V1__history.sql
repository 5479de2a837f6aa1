-- The history's schema, version 1. Portable SQL: the same file migrates SQLite and PostgreSQL.
-- Times are ISO-8601 UTC instants as text (they sort as they happened); '' means unknown.

-- One row per run (a run id of the samples CSV): where and at which commit it ran.
CREATE TABLE runs (
    run_id         VARCHAR(64)   NOT NULL PRIMARY KEY,
    started        VARCHAR(40)   NOT NULL,
    commit_sha     VARCHAR(64)   NOT NULL,
    branch         VARCHAR(255)  NOT NULL,
    dirty          INTEGER       NOT NULL,
    host           VARCHAR(255)  NOT NULL,
    kbench_version VARCHAR(64)   NOT NULL,
    source         VARCHAR(4096) NOT NULL,
    added          VARCHAR(40)   NOT NULL
);

-- Every timed sample, with its fork and repetition: the history keeps distributions, not medians.
CREATE TABLE samples (
    run_id       VARCHAR(64)   NOT NULL REFERENCES runs (run_id),
    benchmark    VARCHAR(1024) NOT NULL,
    params       VARCHAR(4096) NOT NULL,
    host         VARCHAR(255)  NOT NULL,
    backend      VARCHAR(64)   NOT NULL,
    device       VARCHAR(1024) NOT NULL,
    device_id    VARCHAR(255)  NOT NULL,
    fork         INTEGER       NOT NULL,
    repetition   INTEGER       NOT NULL,
    sample       INTEGER       NOT NULL,
    time_ms      DOUBLE PRECISION NOT NULL,
    bytes        BIGINT,
    flops        BIGINT,
    sm_clock_mhz DOUBLE PRECISION
);
CREATE INDEX samples_run ON samples (run_id);
CREATE INDEX samples_series ON samples (benchmark, params);

-- Change points someone has seen: history changes --acknowledge records them, and they no longer fail it.
CREATE TABLE acknowledged_changes (
    series       VARCHAR(4096) NOT NULL,
    after_run_id VARCHAR(64)   NOT NULL,
    acknowledged VARCHAR(40)   NOT NULL,
    PRIMARY KEY (series, after_run_id)
);

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
/**
 * kbench's history: runs kept in a database (an embedded SQLite file by default, PostgreSQL through a JDBC
 * URL) with their forks and samples, the trend of each benchmark over commits, change points found by
 * E-divisive means (as Apache Otava does) and the comparison of stored runs. {@link dev.kbench.history.History}
 * is the entry point; the schema is versioned with Flyway migrations shipped in this module.
 */
module dev.kbench.history {
    requires transitive dev.kbench.stats;
    requires transitive java.sql;
    requires org.apache.commons.statistics.distribution;
    requires com.fasterxml.jackson.databind;
    requires flyway.core;
    requires flyway.database.postgresql;
    requires org.xerial.sqlitejdbc;
    requires org.postgresql.jdbc;
    exports dev.kbench.history;
}

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
 * kbench's command line: {@code kbench info|run|ab|compare|summary|report|demo}, the built-in kernel
 * suite ({@code empty}, {@code copy}, {@code triad}, {@code gelu}, {@code reduce_sum}, {@code sgemm})
 * and the command-line side of the result formats (the formats themselves are in bench-stats). Backends are found at run time with {@link java.util.ServiceLoader}; the CLI
 * compiles against none of them. Nothing is exported: the entry point is {@code dev.kbench.cli.Main}.
 */
module dev.kbench.cli {
    requires dev.kbench.api;
    requires dev.kbench.stats;
    requires dev.kbench.forks;
    requires dev.kbench.history;
    requires info.picocli;
    requires org.apache.commons.numbers.gamma;
    requires org.apache.commons.statistics.distribution;
    requires org.apache.commons.csv;
    requires com.fasterxml.jackson.databind;

    opens dev.kbench.cli to info.picocli;
}

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
package dev.kbench.stats;

/** Correction of the significance level for comparing many benchmarks at once. */
public enum Correction {
    /** Each benchmark is tested at alpha. The default, as in benchstats. */
    NONE("none"),
    /**
     * Each benchmark is tested at alpha divided by the number of benchmarks compared, so that the
     * chance of any false verdict over the whole comparison stays below alpha.
     */
    BONFERRONI("bonferroni");

    private final String jsonName;

    Correction(String jsonName) {
        this.jsonName = jsonName;
    }

    /**
     * The name compare JSON gives it (docs/formats.md).
     *
     * @return {@code none} or {@code bonferroni}
     */
    public String jsonName() {
        return jsonName;
    }
}

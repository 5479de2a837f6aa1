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

/** The comparison methods of {@code kbench compare --method} (docs/formats.md §3). */
public enum TestMethod {
    /** {@code scipy.stats.brunnermunzel}: the default. */
    BRUNNER_MUNZEL("brunnermunzel"),
    /** {@code scipy.stats.mannwhitneyu} with SciPy's defaults. */
    MANN_WHITNEY_U("mannwhitneyu"),
    /** {@code scipy.stats.ttest_ind(equal_var=False)}. */
    WELCH("welch");

    private final String jsonName;

    TestMethod(String jsonName) {
        this.jsonName = jsonName;
    }

    /**
     * The name compare JSON gives it (docs/formats.md).
     *
     * @return e.g. {@code brunnermunzel}
     */
    public String jsonName() {
        return jsonName;
    }


    /**
     * The test of this method.
     *
     * @param distribution the p-value distribution, used by {@link #BRUNNER_MUNZEL} only
     * @return the test, with SciPy's defaults otherwise
     */
    public TwoSampleTest test(BrunnerMunzelTest.Distribution distribution) {
        return switch (this) {
            case BRUNNER_MUNZEL -> BrunnerMunzelTest.withDefaults().with(distribution);
            case MANN_WHITNEY_U -> MannWhitneyUTest.withDefaults();
            case WELCH -> WelchTTest.withDefaults();
        };
    }
}

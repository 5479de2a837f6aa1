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

/**
 * A two-sample significance test with SciPy's semantics. Implementations are immutable and
 * thread-safe.
 */
public sealed interface TwoSampleTest permits BrunnerMunzelTest, MannWhitneyUTest, WelchTTest {

    /**
     * Tests {@code x} against {@code y} for the three alternatives; the arrays are not modified.
     *
     * @param x the first sample (the base), at least as many values as the test needs
     * @param y the second sample (the new code)
     * @return SciPy's statistic and p-values, NaN where SciPy's are NaN
     * @throws IllegalArgumentException if a sample is too small or holds NaN
     */
    TestResult test(double[] x, double[] y);

    /**
     * Which test this is.
     *
     * @return the method
     */
    TestMethod method();
}

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
 * Tukey's outliers of a summary: values beyond the fences {@code Q1 - k IQR} and {@code Q3 + k IQR}
 * with {@code k = 1.5} (mild) and {@code k = 3} (severe); quartiles by NumPy's linear method. Mild
 * counts exclude the severe ones.
 *
 * @param lowSevere values below {@code Q1 - 3 IQR}
 * @param lowMild values in {@code [Q1 - 3 IQR, Q1 - 1.5 IQR)}
 * @param highMild values in {@code (Q3 + 1.5 IQR, Q3 + 3 IQR]}
 * @param highSevere values above {@code Q3 + 3 IQR}
 * @param lowerFenceMillis {@code Q1 - 1.5 IQR}
 * @param upperFenceMillis {@code Q3 + 1.5 IQR}
 */
public record Outliers(int lowSevere, int lowMild, int highMild, int highSevere, double lowerFenceMillis,
                       double upperFenceMillis) {

    /** The mild fence factor. */
    public static final double MILD = 1.5;
    /** The severe fence factor. */
    public static final double SEVERE = 3;

    /**
     * All outliers.
     *
     * @return the number of values beyond the mild fences
     */
    public int total() {
        return lowSevere + lowMild + highMild + highSevere;
    }
}

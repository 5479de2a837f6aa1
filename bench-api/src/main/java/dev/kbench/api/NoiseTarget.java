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
package dev.kbench.api;

/**
 * Noise-based stopping in the spirit of NVBench's {@code --stopping-criterion stdrel}: a benchmark
 * gets repetitions until the distribution-free confidence interval of its median is narrow enough,
 * its time budget is spent, or it has had the most repetitions allowed, whichever comes first.
 *
 * @param relativeHalfWidth the target half-width of the median's interval relative to the median, e.g. 0.005
 * @param confidence the interval's coverage, e.g. 0.95
 * @param minRepetitions repetitions always made before the target is checked
 * @param maxRepetitions the most repetitions made
 * @param budgetMillis wall-clock time a benchmark may spend being measured (its warmup excluded)
 */
public record NoiseTarget(double relativeHalfWidth, double confidence, int minRepetitions, int maxRepetitions,
                          double budgetMillis) {

    /** Validates the fields; messages name the bad value. */
    public NoiseTarget {
        if (!(relativeHalfWidth > 0 && relativeHalfWidth < 1)) {
            throw new IllegalArgumentException("the noise target must be in (0, 1), e.g. 0.005 for 0.5%, got " + relativeHalfWidth);
        }
        if (!(confidence > 0 && confidence < 1)) {
            throw new IllegalArgumentException("confidence must be in (0, 1), got " + confidence);
        }
        if (minRepetitions < 1 || maxRepetitions < minRepetitions) {
            throw new IllegalArgumentException("need 1 <= minRepetitions <= maxRepetitions, got " + minRepetitions
                    + " and " + maxRepetitions);
        }
        if (!(budgetMillis > 0) || Double.isInfinite(budgetMillis)) {
            throw new IllegalArgumentException("budgetMillis must be positive and finite, got " + budgetMillis);
        }
    }

    /**
     * A target with 95% confidence, at least 3 and at most 1000 repetitions, and a 10 s budget.
     *
     * @param relativeHalfWidth e.g. 0.005 for 0.5%
     * @return the target
     */
    public static NoiseTarget of(double relativeHalfWidth) {
        return new NoiseTarget(relativeHalfWidth, 0.95, 3, 1000, 10_000);
    }

    /**
     * With another time budget.
     *
     * @param millis the budget per benchmark
     * @return a new target
     */
    public NoiseTarget withBudgetMillis(double millis) {
        return new NoiseTarget(relativeHalfWidth, confidence, minRepetitions, maxRepetitions, millis);
    }

    /**
     * With other repetition bounds.
     *
     * @param min repetitions before the target is checked
     * @param max the most repetitions
     * @return a new target
     */
    public NoiseTarget withRepetitions(int min, int max) {
        return new NoiseTarget(relativeHalfWidth, confidence, min, max, budgetMillis);
    }
}

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
 * The permutation stability check of a comparison, benchstats' "p-value bootstrapping": each side's
 * samples are shuffled across its repetitions (keeping each repetition's size), re-aggregated by
 * repetition mean and re-tested; the share of shuffles whose verdict agrees with the main one says
 * whether the outcome depends on the order the samples were taken in.
 *
 * @param shuffles how many shuffles were tested
 * @param agreement the share of shuffles with the main verdict, in [0, 1]
 * @param stable whether {@code agreement} reached the threshold of {@link Compare#withStabilityThreshold(double)}
 */
public record Stability(int shuffles, double agreement, boolean stable) {
}

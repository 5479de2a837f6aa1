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

import java.util.Locale;

/** What a comparison concludes about the new code relative to the base (docs/formats.md §3). */
public enum Verdict {
    /** The base is stochastically smaller: the new code is slower (a regression). */
    SLOWER,
    /** The base is stochastically larger: the new code is faster. */
    FASTER,
    /** No significant difference in either direction (or a significant one in both). */
    SAME;

    /**
     * The name in JSON and text reports.
     *
     * @return {@code slower}, {@code faster} or {@code same}
     */
    public String jsonName() {
        return name().toLowerCase(Locale.ROOT);
    }
}

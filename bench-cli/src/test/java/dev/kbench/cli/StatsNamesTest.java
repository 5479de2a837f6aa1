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
package dev.kbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kbench.stats.Aggregation;
import dev.kbench.stats.BrunnerMunzelTest.Distribution;
import dev.kbench.stats.Correction;
import dev.kbench.stats.TestMethod;
import org.junit.jupiter.api.Test;

/** The command line's words for the statistics choices. */
class StatsNamesTest {

    @Test
    void wordsParseCaseInsensitivelyAndNameTheChoicesOtherwise() {
        assertEquals(TestMethod.MANN_WHITNEY_U, StatsNames.method("MannWhitneyU"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> StatsNames.method("ttest"));
        assertEquals("unknown method 'ttest'; choose one of brunnermunzel, mannwhitneyu, welch", e.getMessage());
        assertEquals(Distribution.NORMAL, StatsNames.distribution("normal"));
        assertEquals(Aggregation.REPETITION_MEAN, StatsNames.aggregation("repetition_mean"));
        assertEquals(Correction.BONFERRONI, StatsNames.correction("bonferroni"));
        assertEquals("unknown correction 'holm'; choose one of none, bonferroni",
                assertThrows(IllegalArgumentException.class, () -> StatsNames.correction("holm")).getMessage());
    }

    @Test
    void theWordsAreTheNamesCompareJsonWrites() {
        for (TestMethod m : TestMethod.values()) {
            assertEquals(m.jsonName(), StatsNames.of(m));
            assertEquals(m, StatsNames.method(m.jsonName()));
        }
        for (Distribution d : Distribution.values()) {
            assertEquals(d.jsonName(), StatsNames.of(d));
        }
        for (Aggregation a : Aggregation.values()) {
            assertEquals(a.jsonName(), StatsNames.of(a));
        }
        for (Correction c : Correction.values()) {
            assertEquals(c.jsonName(), StatsNames.of(c));
        }
    }
}

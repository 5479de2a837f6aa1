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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.module.ModuleDescriptor;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The tests run on the module path: the module, its exported packages and its dependencies resolve as modules. */
class ModuleTest {

    @Test
    void exportedPackagesAndNamedDependencies() {
        Module module = Compare.class.getModule();
        assertTrue(module.isNamed(), "tests run on the class path, not the module path");
        ModuleDescriptor d = module.getDescriptor();
        assertEquals("dev.kbench.stats", d.name());
        assertEquals(Set.of("dev.kbench.stats", "dev.kbench.stats.io", "dev.kbench.stats.format"),
                d.exports().stream().filter(e -> !e.isQualified()).map(ModuleDescriptor.Exports::source)
                        .collect(Collectors.toSet()));
        // the formats' shared JSON fields go to the history's formats only, not to everyone
        assertEquals(Set.of("dev.kbench.stats.json -> [dev.kbench.history]"), d.exports().stream()
                .filter(ModuleDescriptor.Exports::isQualified).map(e -> e.source() + " -> " + e.targets())
                .collect(Collectors.toSet()));
        for (Class<?> dependency : new Class<?>[] {
                org.apache.commons.statistics.distribution.TDistribution.class,
                org.apache.commons.statistics.ranking.NaturalRanking.class,
                org.apache.commons.statistics.descriptive.DoubleStatistics.class,
                org.apache.commons.csv.CSVFormat.class,
                com.fasterxml.jackson.databind.ObjectMapper.class,
                dev.kbench.api.SampleRecord.class}) {
            assertTrue(dependency.getModule().isNamed(), dependency + " is not on the module path");
            assertTrue(module.canRead(dependency.getModule()), dependency.getModule().getName());
        }
        // bench-api's internals are exported to this module only, not to everyone
        Module api = dev.kbench.api.SampleRecord.class.getModule();
        assertTrue(api.isExported("dev.kbench.api.internal", module));
        assertTrue(!api.isExported("dev.kbench.api.internal"), "dev.kbench.api.internal is exported to everyone");
        // the extender door is open to every module (that bench-stats does not use it is LayeringTest's rule)
        assertTrue(api.isExported("dev.kbench.spi") && api.isExported("dev.kbench.spi.kit"),
                "the SPI and the backend kit are exported to everyone");
    }
}

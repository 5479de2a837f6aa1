package dev.kbench.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.module.ModuleDescriptor;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The tests run on the module path: the module, its one exported package and its dependencies resolve as modules. */
class ModuleTest {

    @Test
    void oneExportedPackageAndNamedDependencies() {
        Module module = Compare.class.getModule();
        assertTrue(module.isNamed(), "tests run on the class path, not the module path");
        ModuleDescriptor d = module.getDescriptor();
        assertEquals("dev.kbench.stats", d.name());
        assertEquals(Set.of("dev.kbench.stats"),
                d.exports().stream().map(ModuleDescriptor.Exports::source).collect(Collectors.toSet()));
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
    }
}

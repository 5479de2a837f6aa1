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
package dev.kbench.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaModifier.PUBLIC;
import static com.tngtech.archunit.core.domain.properties.HasModifiers.Predicates.modifier;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.io.IOException;
import java.lang.module.ModuleDescriptor;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The floors of kbench, checked on the compiled product classes: bench-api at the bottom and depending
 * on nothing; bench-stats on bench-api only; bench-forks on bench-stats and bench-api; each backend on
 * bench-api's extender door only; bench-cli on top, through the user door only; no arrow points up or
 * sideways. bench-api has two doors: the user package {@code dev.kbench.api} and the extender packages
 * {@code dev.kbench.spi} (what a backend implements) and {@code dev.kbench.spi.kit} (what it reuses).
 * README.md ("Modules (JPMS)") and docs/api.md draw the same picture.
 */
class LayeringTest {

    /** Which packages form which floor: the one place to edit when a module's packages change. */
    static final class Layers {
        /** The extender door: the SPI a backend implements and the kit it reuses. */
        static final String[] EXTENDER = {"dev.kbench.spi", "dev.kbench.spi.kit"};
        /** What a backend may use of bench-api: both doors (a device hands out user types). */
        static final String[] BACKEND_VISIBLE = {"dev.kbench.api", "dev.kbench.spi", "dev.kbench.spi.kit"};
        /** bench-api's internals, shared with bench-stats and bench-cli only. */
        static final String[] INTERNAL = {"dev.kbench.api.internal.."};
        /** Every package of bench-api. */
        static final String[] BENCH_API = {"dev.kbench.api..", "dev.kbench.spi.."};
        static final String[] STATS = {"dev.kbench.stats.."};
        /** bench-stats' statistics: the package alone, without its sub-packages. */
        static final String STATISTICS = "dev.kbench.stats";
        /** bench-stats' files: the samples CSV and the JSON reports, built on the statistics. */
        static final String STATS_IO = "dev.kbench.stats.io";
        static final String[] FORKS = {"dev.kbench.forks.."};
        static final String[] HISTORY = {"dev.kbench.history.."};
        static final String[] CUDA = {"dev.kbench.cuda.."};
        static final String[] OPENCL = {"dev.kbench.opencl.."};
        static final String[] LEVELZERO = {"dev.kbench.levelzero.."};
        static final String[] CLI = {"dev.kbench.cli.."};
        /** The conformance kit: tests a backend runs, written against the doors only. */
        static final String[] TCK = {"dev.kbench.tck.."};

        static String[] backends() {
            return Stream.of(CUDA, OPENCL, LEVELZERO).flatMap(Stream::of).toArray(String[]::new);
        }

        static String[] all() {
            return Stream.of(BENCH_API, STATS, FORKS, HISTORY, backends(), CLI, TCK).flatMap(Stream::of).distinct().toArray(String[]::new);
        }

        private Layers() {
        }
    }

    private static JavaClasses product;

    @BeforeAll
    static void importTheProduct() {
        product = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.kbench");
    }

    @Test
    void everyModuleWasImported() {
        for (String[] layer : new String[][] {Layers.BENCH_API, Layers.STATS, Layers.FORKS, Layers.HISTORY, Layers.CUDA, Layers.OPENCL,
                Layers.LEVELZERO, Layers.CLI, Layers.TCK}) {
            assertFalse(product.that(resideInAnyPackage(layer)).isEmpty(),
                    "no classes in " + String.join(", ", layer) + ": the rules below would pass vacuously");
        }
    }

    @Test
    void nothingDependsUpwardOrSideways() {
        layeredArchitecture().consideringOnlyDependenciesInAnyPackage("dev.kbench..")
                .layer("bench-api").definedBy(Layers.BENCH_API)
                .layer("bench-stats").definedBy(Layers.STATS)
                .layer("bench-forks").definedBy(Layers.FORKS)
                .layer("bench-history").definedBy(Layers.HISTORY)
                .layer("backend-cuda").definedBy(Layers.CUDA)
                .layer("backend-opencl").definedBy(Layers.OPENCL)
                .layer("backend-levelzero").definedBy(Layers.LEVELZERO)
                .layer("bench-cli").definedBy(Layers.CLI)
                .layer("bench-tck").definedBy(Layers.TCK)
                .whereLayer("bench-cli").mayNotBeAccessedByAnyLayer()
                .whereLayer("bench-tck").mayNotBeAccessedByAnyLayer()
                .whereLayer("backend-cuda").mayNotBeAccessedByAnyLayer()
                .whereLayer("backend-opencl").mayNotBeAccessedByAnyLayer()
                .whereLayer("backend-levelzero").mayNotBeAccessedByAnyLayer()
                .whereLayer("bench-forks").mayOnlyBeAccessedByLayers("bench-cli")
                .whereLayer("bench-history").mayOnlyBeAccessedByLayers("bench-cli")
                .whereLayer("bench-stats").mayOnlyBeAccessedByLayers("bench-forks", "bench-history", "bench-cli")
                .whereLayer("bench-api").mayOnlyBeAccessedByLayers("bench-stats", "bench-forks", "bench-history", "backend-cuda",
                        "backend-opencl", "backend-levelzero", "bench-cli", "bench-tck")
                .check(product);
    }

    @Test
    void benchApiDependsOnNothingButTheJdk() {
        classes().that().resideInAnyPackage(Layers.BENCH_API).should().onlyDependOnClassesThat()
                .resideInAnyPackage(Stream.concat(Stream.of(Layers.BENCH_API), Stream.of("java..")).toArray(String[]::new))
                .check(product);
    }

    @Test
    void backendsSeeOnlyTheDoors() {
        for (String[] backend : new String[][] {Layers.CUDA, Layers.OPENCL, Layers.LEVELZERO, Layers.TCK}) {
            noClasses().that().resideInAnyPackage(backend).should().dependOnClassesThat(
                            resideInAnyPackage(Layers.all()).and(not(resideInAnyPackage(Layers.BACKEND_VISIBLE)))
                                    .and(not(resideInAnyPackage(backend))))
                    .orShould().dependOnClassesThat(resideInAnyPackage(Layers.BACKEND_VISIBLE).and(not(modifier(PUBLIC))))
                    .because("a backend goes through the extender door, as a stranger's backend must: never into "
                            + "kbench's internals or another backend")
                    .check(product);
        }
    }

    @Test
    void benchStatsSeesOnlyPublicApi() {
        noClasses().that().resideInAnyPackage(Layers.STATS).should().dependOnClassesThat(
                        resideInAnyPackage(Layers.BENCH_API).and(not(modifier(PUBLIC))))
                .check(product);
    }

    @Test
    void theStatisticsNeverDependOnTheirFiles() {
        for (String layer : new String[] {Layers.STATISTICS, Layers.STATS_IO}) {
            assertFalse(product.that(resideInAnyPackage(layer)).isEmpty(), "no classes in " + layer
                    + ": the rule below would pass vacuously");
        }
        noClasses().that().resideInAPackage(Layers.STATISTICS).should().dependOnClassesThat()
                .resideInAPackage(Layers.STATS_IO + "..")
                .because("the files are read and written on top of the statistics (" + Layers.STATS_IO + " uses "
                        + Layers.STATISTICS + "), and the statistics work on samples whatever file they came from")
                .check(product);
    }

    @Test
    void benchForksSeesOnlyPublicApi() {
        noClasses().that().resideInAnyPackage(Layers.FORKS).should().dependOnClassesThat(
                        resideInAnyPackage(Stream.concat(Stream.of(Layers.BENCH_API), Stream.of(Layers.STATS))
                                .toArray(String[]::new)).and(not(modifier(PUBLIC))))
                .orShould().dependOnClassesThat(resideInAnyPackage(Layers.INTERNAL))
                .because("the fork runner is library code built on the public API and the samples CSV")
                .check(product);
    }

    @Test
    void benchHistorySeesOnlyPublicApi() {
        noClasses().that().resideInAnyPackage(Layers.HISTORY).should().dependOnClassesThat(
                        resideInAnyPackage(Stream.concat(Stream.of(Layers.BENCH_API), Stream.of(Layers.STATS))
                                .toArray(String[]::new)).and(not(modifier(PUBLIC))))
                .orShould().dependOnClassesThat(resideInAnyPackage(Layers.INTERNAL))
                .because("the history is library code built on the public API and the statistics")
                .check(product);
    }

    @Test
    void benchCliSeesOnlyPublicApi() {
        noClasses().that().resideInAnyPackage(Layers.CLI).should().dependOnClassesThat(
                        resideInAnyPackage(Stream.of(Layers.BENCH_API, Layers.STATS, Layers.FORKS, Layers.HISTORY).flatMap(Stream::of)
                                .toArray(String[]::new)).and(not(modifier(PUBLIC))))
                .orShould().dependOnClassesThat(resideInAnyPackage(Layers.backends()))
                .because("the CLI finds backends with ServiceLoader and uses the library as any user would")
                .check(product);
    }

    /**
     * The rules above read class files, where a constant of another class (a {@code static final String}) is
     * copied in, not referenced: a module that uses nothing of bench-api's internals but such a constant passes
     * them. The module system reads the source: bench-api exports its internals only to the modules whose rules
     * allow them (bench-stats, bench-cli), so javac refuses them to any other module, constants included; and
     * bench-stats' JSON tree only to bench-history, which reads the JSON it wrote.
     */
    @Test
    void onlyTheModulesTheRulesAllowAreGivenQualifiedExports() throws IOException {
        Map<String, Set<String>> qualified = new TreeMap<>();
        List<ModuleDescriptor> modules = ApiSurfaceTest.kbenchModules();
        for (ModuleDescriptor module : modules) {
            module.exports().stream().filter(ModuleDescriptor.Exports::isQualified)
                    .forEach(e -> qualified.put(e.source(), e.targets()));
        }
        assertFalse(modules.size() < 5, "only " + modules.size() + " kbench module descriptors on the class path: the "
                + "check would pass vacuously");
        assertEquals(Map.of("dev.kbench.api.internal", Set.of("dev.kbench.stats", "dev.kbench.cli"),
                "dev.kbench.stats.json", Set.of("dev.kbench.history")), qualified, "qualified exports (package=[modules]) "
                + "beyond what the rules above allow: a module given one compiles against what its rules forbid");
    }

    @Test
    void usersOfTheLibraryComeThroughTheUserDoor() {
        noClasses().that().resideInAnyPackage(Stream.of(Layers.STATS, Layers.FORKS, Layers.HISTORY, Layers.CLI).flatMap(Stream::of)
                        .toArray(String[]::new))
                .should().dependOnClassesThat().resideInAnyPackage(Layers.EXTENDER)
                .because("bench-stats, bench-forks, bench-history and bench-cli use kbench as any user does: through dev.kbench.api, never "
                        + "the SPI or the backend kit")
                .check(product);
    }
}

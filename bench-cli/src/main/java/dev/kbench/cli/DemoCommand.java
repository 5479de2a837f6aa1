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

import dev.kbench.api.Backend;
import dev.kbench.api.CacheSizes;
import dev.kbench.api.DeviceFacts;
import dev.kbench.api.DriverStatus;
import dev.kbench.api.Drivers;
import dev.kbench.api.Suite;
import dev.kbench.api.SuiteOptions;
import dev.kbench.api.internal.BackendAnswers;
import dev.kbench.cli.suite.BuiltinSuite;
import dev.kbench.cli.suite.SuiteKernels;
import java.io.PrintWriter;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code kbench demo}: the built-in suite on the active driver with modest settings, and a table. Where
 * several drivers are active and none is chosen it takes the first in {@link #ORDER} and says so; with no
 * active driver (or a chosen one that is not) it fails with docs/formats.md §1's text.
 */
@Command(name = "demo", sortOptions = false, mixinStandardHelpOptions = true,
        description = {"Run the built-in suite with modest settings and print the table.", "",
                "On the active (or --backend) driver; where several are active and none is chosen, on the first of them in "
                + "the order cuda, levelzero, opencl, vulkan (then by name), named on stderr.", "",
                "5 interleaved repetitions of ~10 ms and at least 5 timed calls each "
                + "(a slow kernel's repetitions take longer), a cache clear of twice the device's last-level cache "
                + "(Triton's 256 MiB where the device reports none, as PoCL may), the default sizes. `kbench run` "
                + "takes every option."},
        footer = {"", "Exit status: 0 all measured; 1 a benchmark failed or nothing was measured; 3 no active driver (or the chosen one is not); "
                + "4 stopped by the --timeout watchdog; 5 an output could not be written."})
final class DemoCommand implements Callable<Integer> {

    /** The fewest timed calls of a demo repetition: the number below which a repetition is a warning. */
    static final int MIN_SAMPLES = dev.kbench.api.MeasurementWarning.MIN_SAMPLES_PER_REPETITION;

    /**
     * The demo's settings: 5 interleaved repetitions of about 10 ms after a 10 ms warmup, each of at least
     * {@link #MIN_SAMPLES} timed calls whatever the machine (a CPU device clearing 256 MiB before every call
     * would otherwise get 1), with a cache clear before every timed call sized to the device (twice its
     * last-level cache, Triton's 256 MiB when unknown).
     */
    static SuiteOptions settings(DeviceFacts facts) {
        return SuiteOptions.withDefaults().withRepetitions(5).withMillis(10, 10).withMinSamplesPerRepetition(MIN_SAMPLES)
                .withCacheClearBytes(CacheSizes.deviceSized(facts, 2));
    }

    /**
     * The order in which the demo takes one of several active drivers where none is chosen: the vendors'
     * own APIs before the portable ones, then any other by name. Every other command keeps the lookup
     * rule: exactly one active driver, or one chosen.
     */
    static final List<String> ORDER = List.of("cuda", "levelzero", "opencl", "vulkan");

    @CommandLine.ParentCommand
    private Main main;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    private OutputOptions output;

    private static List<String> activeNames() {
        return Drivers.system().statuses().stream().filter(DriverStatus::active).map(DriverStatus::name).toList();
    }

    /** The driver the demo takes where several are active and none is chosen; empty where the lookup rule applies. */
    private Optional<String> picked(List<String> active) {
        if (main.backendChosen() || Drivers.system().chosenExplicitly() || active.size() < 2) {
            return Optional.empty();
        }
        return active.stream().min(Comparator.comparingInt((String name) -> ORDER.contains(name) ? ORDER.indexOf(name)
                : ORDER.size()).thenComparing(Comparator.naturalOrder()));
    }

    @Override
    public Integer call() {
        output.validate(Map.of());
        PrintWriter err = spec.commandLine().getErr();
        List<String> active = activeNames();
        Optional<String> picked = picked(active);
        Backend driver = picked.isPresent() ? Drivers.system().select(picked.get(), "the demo's order") : main.driver();
        if (picked.isPresent() && !output.quiet) {
            err.println("kbench demo: " + active.size() + " active drivers (" + String.join(", ", active)
                    + "); the demo runs on " + picked.get() + ", the first in its order (" + String.join(", ", ORDER)
                    + ", then by name); every other command needs one chosen: --backend NAME");
        }
        DeviceFacts facts = BackendAnswers.opened(driver).facts();
        try (SuiteKernels kernels = SuiteKernels.forDevice(driver.device(), Optional.empty())) {
            Suite suite = BuiltinSuite.create(kernels, facts.totalMemoryBytes());
            if (!output.quiet) {
                err.println("kbench demo: the built-in suite on " + driver.name() + " (" + facts.name() + "), kernels from "
                        + kernels.kind() + "; each kernel is checked against a CPU reference before it is timed.");
                err.flush();
            }
            int status = SuiteSession.run(main, driver, suite, settings(facts), output, spec.commandLine().getOut(), err,
                    spec.root().commandLine().getParseResult().originalArgs(), () -> { });
            if (!output.quiet) {
                // where the driver had to be named (or was), the next runs name it too
                String typed = Main.typed();
                String run = typed + (picked.isPresent() || main.backendChosen() ? " --backend " + driver.name() : "") + " run";
                err.println("kbench demo: next, `" + run + " --csv-samples base.csv`, change something, `"
                        + run + " --csv-samples new.csv`, then `" + typed + " compare base.csv new.csv`.");
                err.flush();
            }
            return status;
        }
    }
}

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
import dev.kbench.api.DeviceFacts;
import dev.kbench.api.DeviceIdentity;
import dev.kbench.api.DriverLookupException;
import dev.kbench.api.DriverStatus;
import dev.kbench.api.Drivers;
import dev.kbench.api.internal.BackendAnswers;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code kbench info}: every discovered driver, its state and reason, and the active device's facts. */
@Command(name = "info", mixinStandardHelpOptions = true,
        description = "List every discovered driver, active or not and why, and the active device.",
        footer = {"", "Exit status: 0."})
final class InfoCommand implements Callable<Integer> {

    @CommandLine.ParentCommand
    private Main main;

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        out.println("drivers:");
        if (Drivers.system().statuses().isEmpty()) {
            out.println("  none: no kbench backend on the class path or module path (add a backend module, "
                    + "a jar that provides a kbench driver)");
        }
        for (DriverStatus status : Drivers.system().statuses()) {
            out.println("  " + status.describe());
            // a backend whose inventory or device list fails is said so, and the listing goes on to the others
            status.backend().ifPresent(d -> backendSays(out, "inventory", () -> d.inventory().forEach(line -> out.println("    " + line))));
            if (status.active()) {
                status.backend().ifPresent(d -> backendSays(out, "devices", () -> {
                    List<DeviceIdentity> devices = d.devices();
                    out.println("    devices (" + Main.typed() + " run --backend " + d.name() + " --devices all|INDEX,...):");
                    devices.forEach(id -> out.println("      " + id.describe()));
                }));
            }
        }
        Backend driver;
        try {
            driver = main.driver();
        } catch (DriverLookupException e) {
            if (main.backendChosen()) {
                throw e;   // an explicit --backend that names no usable backend is an error, as in every command
            }
            out.println("active: none (" + e.getMessage().lines().findFirst().orElse("") + ")");
            out.flush();
            return ExitCodes.OK;
        }
        DeviceFacts facts = BackendAnswers.opened(driver).facts();
        out.println("active: " + driver.name() + " (kernel sources: " + driver.device().acceptedSources() + ")");
        out.println("  device: " + driver.identity().describe());
        out.println("  host: " + dev.kbench.api.HostName.current());
        out.println("  vendor: " + facts.vendor());
        facts.totalMemoryBytes().ifPresent(v -> out.println("  memory: " + mib(v)));
        facts.lastLevelCacheBytes().ifPresent(v -> out.println("  last-level cache: " + mib(v)));
        facts.computeUnits().ifPresent(v -> out.println("  compute units: " + v));
        facts.clockMHz().ifPresent(v -> out.printf(Locale.ROOT, "  clock: %.0f MHz%n", v));
        facts.peakBandwidthBytesPerSecond().ifPresent(v -> out.printf(Locale.ROOT, "  peak bandwidth: %.1f GB/s%n", v / 1e9));
        facts.extra().forEach((k, v) -> out.println("  " + k + ": " + v));
        out.flush();
        return ExitCodes.OK;
    }

    /** Runs a question to a backend, and prints its failure under the backend's line instead of ending the listing. */
    private static void backendSays(PrintWriter out, String what, Runnable question) {
        try {
            question.run();
        } catch (RuntimeException | LinkageError e) {
            out.println("    (its " + what + " failed: " + e + ")");
        }
    }

    private static String mib(long bytes) {
        return String.format(Locale.ROOT, "%.1f MiB", bytes / 1048576.0);
    }
}

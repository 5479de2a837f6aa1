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
package dev.kbench.cuda;

import dev.kbench.api.Backend;
import dev.kbench.api.DeviceFacts;
import dev.kbench.api.DriverStatus;
import dev.kbench.api.Drivers;
import java.io.PrintStream;
import java.util.Locale;

/**
 * Prints what driver discovery found (one {@code name: state: reason} line per driver, as
 * {@code kbench info}), the cuda driver's inventory and, when it is active, its device facts. Used to
 * check the backend on the module path and the class path (test code, patched into the module):
 *
 * {@snippet lang=sh :
 * java --enable-native-access=jcuda,dev.kbench.cuda --patch-module dev.kbench.cuda=TESTS -p LIBS -m dev.kbench.cuda/dev.kbench.cuda.CudaInfo
 * java --enable-native-access=ALL-UNNAMED -cp LIBS:TESTS dev.kbench.cuda.CudaInfo
 * }
 */
public final class CudaInfo {

    private CudaInfo() {
    }

    /**
     * Prints the report to standard output.
     *
     * @param args none
     */
    public static void main(String[] args) {
        PrintStream out = System.out;
        out.println("path: " + (CudaInfo.class.getModule().isNamed() ? "module path" : "class path"));
        for (DriverStatus status : Drivers.system().statuses()) {
            out.println(status.describe());
            if (!status.name().equals("cuda") || status.backend().isEmpty()) {
                continue;
            }
            Backend driver = status.backend().get();
            driver.inventory().forEach(line -> out.println("  " + line));
            if (status.active()) {
                DeviceFacts facts = driver.device().facts();
                out.println("  name: " + facts.name() + ", vendor: " + facts.vendor());
                facts.totalMemoryBytes().ifPresent(v -> out.println("  totalMemoryBytes: " + v));
                facts.lastLevelCacheBytes().ifPresent(v -> out.println("  lastLevelCacheBytes: " + v));
                facts.computeUnits().ifPresent(v -> out.println("  computeUnits: " + v));
                facts.clockMHz().ifPresent(v -> out.println(String.format(Locale.ROOT, "  clockMHz: %.0f", v)));
                facts.peakBandwidthBytesPerSecond().ifPresent(v -> out.println(
                        String.format(Locale.ROOT, "  peakBandwidth: %.1f GB/s", v / 1e9)));
                facts.extra().forEach((k, v) -> out.println("  " + k + ": " + v));
                driver.close();
            }
        }
    }
}

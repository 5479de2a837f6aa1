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
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.kbench.api.Backend;
import dev.kbench.api.Device;
import dev.kbench.api.DeviceFacts;
import dev.kbench.api.DeviceIdentity;
import dev.kbench.api.DeviceTelemetry;
import dev.kbench.stats.io.WriteMode;
import java.lang.reflect.Proxy;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunEnvironmentTest {

    @TempDir
    Path dir;

    /** A backend double: a device with facts and the telemetry the supplier gives (null: a faulty backend's). */
    private static Backend backend(Supplier<DeviceTelemetry> telemetry) {
        DeviceFacts facts = new DeviceFacts("test device", "kbench tests", OptionalLong.empty(), OptionalLong.empty(),
                OptionalLong.empty(), OptionalDouble.empty(), OptionalDouble.empty(), Map.of());
        Device device = (Device) Proxy.newProxyInstance(Device.class.getClassLoader(), new Class<?>[] {Device.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "facts" -> facts;
                    case "telemetry" -> telemetry.get();
                    case "toString" -> "test device";
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        return (Backend) Proxy.newProxyInstance(Backend.class.getClassLoader(), new Class<?>[] {Backend.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "device" -> device;
                    case "identity" -> new DeviceIdentity("test", 0, "test device", "");
                    case "name" -> "test";
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    @Test
    void aDeviceStateTheBackendFailsToGiveAtTheEndIsLeftOutAndSaidNotTheRunsRecord() {
        DeviceTelemetry read = new DeviceTelemetry(OptionalDouble.of(1980), OptionalDouble.of(40));
        DeviceTelemetry[] now = {read};
        Backend driver = backend(() -> now[0]);
        RunEnvironment env = RunEnvironment.start(driver, "run-1");
        now[0] = null;
        Optional<String> why = env.finish(driver);
        assertTrue(why.orElseThrow().startsWith("the backend answered Device.telemetry() with null ("), why.toString());
        Path samples = dir.resolve("s.csv");
        env.write(OutputTarget.samples("--csv-samples", samples, WriteMode.CREATE_NEW), List.of("kbench", "run"));
        JsonNode run = RunEnvironment.runs(RunEnvironment.sidecar(samples)).getFirst();
        assertEquals(1980, run.get("start").get("sm_clock_mhz").asInt());
        assertEquals(0, run.get("end").size());
        assertTrue(run.has("ended"));
    }

    @Test
    void aDeviceStateReadAtTheEndIsRecorded() {
        DeviceTelemetry read = new DeviceTelemetry(OptionalDouble.of(1755), OptionalDouble.of(41));
        Backend driver = backend(() -> read);
        RunEnvironment env = RunEnvironment.start(driver, "run-2");
        assertEquals(Optional.empty(), env.finish(driver));
        Path samples = dir.resolve("s.csv");
        env.write(OutputTarget.samples("--csv-samples", samples, WriteMode.CREATE_NEW), List.of("kbench", "run"));
        assertEquals(1755, RunEnvironment.runs(RunEnvironment.sidecar(samples)).getFirst().get("end").get("sm_clock_mhz").asInt());
    }
}

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
package dev.kbench.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.spi.Driver;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The lookup rule and the exact text of docs/formats.md §1. */
class DriversTest {

    private final SimulatedDriver cuda = new SimulatedDriver("cuda", false);
    private final SimulatedDriver opencl = new SimulatedDriver("opencl", false);
    private final SimulatedDriver levelzero = new SimulatedDriver("levelzero", false);

    @Test
    void noActiveDriverFailsWithTritonsMessage() {
        Drivers drivers = Drivers.of(List.of(cuda, opencl, levelzero));
        DriverLookupException e = assertThrows(DriverLookupException.class, drivers::active);
        assertEquals("""
                0 active drivers ([]). There should only be one.
                cuda: inactive: simulated: no device
                opencl: inactive: simulated: no device
                levelzero: inactive: simulated: no device
                Choose one with Drivers.system().select(NAME) or setActive(backend), -Dkbench.backend=NAME or \
                KBENCH_BACKEND=NAME; Drivers.system().statuses() lists every driver's state.""", e.getMessage());
        assertEquals(e.getMessage().substring(0, e.getMessage().lastIndexOf('\n')), e.diagnosis(),
                "the diagnosis is the message without the library's hint");
        assertTrue(!e.getMessage().contains("--backend") && !e.getMessage().contains("kbench info"),
                "the library does not speak command line: " + e.getMessage());
    }

    @Test
    void twoActiveDriversFailWithTheirNamesInDiscoveryOrder() {
        SimulatedDriver a = new SimulatedDriver("cuda", true);
        SimulatedDriver b = new SimulatedDriver("opencl", true);
        DriverLookupException e = assertThrows(DriverLookupException.class,
                () -> Drivers.of(List.of(a, b, levelzero)).active());
        List<String> lines = e.getMessage().lines().toList();
        assertEquals("2 active drivers ([cuda, opencl]). There should only be one.", lines.get(0));
        assertEquals("cuda: active: simulated device", lines.get(1));
        assertEquals("levelzero: inactive: simulated: no device", lines.get(3));
    }

    @Test
    void exactlyOneActiveDriverIsReturned() {
        SimulatedDriver active = new SimulatedDriver("opencl", true);
        assertSame(active, Drivers.of(List.of(cuda, active, levelzero)).active());
    }

    @Test
    void explicitChoiceWinsOverTheCount() {
        SimulatedDriver a = new SimulatedDriver("cuda", true);
        SimulatedDriver b = new SimulatedDriver("opencl", true);
        Drivers drivers = Drivers.of(List.of(a, b));
        assertSame(b, drivers.select("opencl"));
        drivers.setActive(a);
        assertSame(a, drivers.active());
        drivers.resetActive();
        assertThrows(DriverLookupException.class, drivers::active);
    }

    @Test
    void choosingUnknownOrInactiveListsTheOthers() {
        Drivers drivers = Drivers.of(List.of(cuda, new SimulatedDriver("opencl", true)));
        String unknown = assertThrows(DriverLookupException.class, () -> drivers.select("metal")).getMessage();
        assertTrue(unknown.startsWith("unknown backend 'metal' (from Drivers.select); available: [cuda, opencl]\n"), unknown);
        String inactive = assertThrows(DriverLookupException.class, () -> drivers.select("cuda", "--backend")).getMessage();
        assertTrue(inactive.startsWith("backend 'cuda' (from --backend) is inactive: simulated: no device\n"), inactive);
    }

    @Test
    void aDriverThatThrowsWhileProbingIsReportedNotSwallowed() {
        Driver broken = new SimulatedDriver("levelzero", true) {
            @Override
            public Availability availability() {
                throw new UnsatisfiedLinkError("libze_loader.so.1: cannot open shared object file");
            }
        };
        Drivers drivers = Drivers.of(List.of(cuda, broken));
        DriverStatus status = drivers.statuses().get(1);
        assertEquals(DriverStatus.State.BROKEN, status.state());
        assertEquals("levelzero: broken: probing threw java.lang.UnsatisfiedLinkError: "
                + "libze_loader.so.1: cannot open shared object file", status.describe());
        assertTrue(assertThrows(DriverLookupException.class, drivers::active).getMessage()
                .contains("levelzero: broken: probing threw"));
    }

    @Test
    void noProviderAtAllSaysWhichModulesToAdd() {
        String message = assertThrows(DriverLookupException.class, () -> Drivers.of(List.of()).active()).getMessage();
        assertTrue(message.startsWith("0 active drivers ([]). There should only be one.\nno kbench backend was found"), message);
    }
}

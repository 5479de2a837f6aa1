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
import java.util.Set;
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
    void aBackendThatCannotNameItselfOrSayItsKindsIsBrokenAndTheOthersStillWork() {
        SimulatedDriver healthy = new SimulatedDriver("opencl", true);
        List<Driver> faulty = new java.util.ArrayList<>();
        for (String name : new String[] {null, "", "evil one", "EVIL"}) {
            faulty.add(new SimulatedDriver(name, true));
        }
        faulty.add(new SimulatedDriver("kinds", true) {
            @Override
            public Set<SourceKind> sourceKinds() {
                throw new IllegalStateException("not yet");
            }
        });
        List<Driver> all = new java.util.ArrayList<>(faulty);
        all.add(healthy);
        Drivers drivers = Drivers.of(all);
        // a null name failed every lookup with NullPointerException (the healthy backend's too), a thrown
        // sourceKinds() every kernel file's kind, and 'EVIL' was listed active under a name no --backend selects
        assertSame(healthy, drivers.active());
        assertSame(healthy, drivers.select("opencl", "--backend"));
        assertEquals(Set.of(SourceKind.OPENCL_C), drivers.sourceKinds());
        List<String> described = drivers.statuses().stream().map(DriverStatus::describe).toList();
        String simulated = SimulatedDriver.class.getName();
        assertEquals(List.of(
                simulated + ": broken: its name: java.lang.IllegalArgumentException: a backend's name is lower-case "
                        + "letters, digits, '_' and '-', starting with a letter, got null",
                simulated + ": broken: its name: java.lang.IllegalArgumentException: a backend's name is lower-case "
                        + "letters, digits, '_' and '-', starting with a letter, got ''",
                simulated + ": broken: its name: java.lang.IllegalArgumentException: a backend's name is lower-case "
                        + "letters, digits, '_' and '-', starting with a letter, got 'evil one'",
                simulated + ": broken: its name: java.lang.IllegalArgumentException: a backend's name is lower-case "
                        + "letters, digits, '_' and '-', starting with a letter, got 'EVIL'",
                "kinds: broken: its kinds of kernel code (sourceKinds): java.lang.IllegalStateException: not yet",
                "opencl: active: simulated device"), described);
    }

    @Test
    void backendsThatShareANameAreBothBrokenRatherThanOneChosenByThePathsOrder() {
        SimulatedDriver first = new SimulatedDriver("opencl", true);
        SimulatedDriver impostor = new SimulatedDriver("opencl", true) {
        };
        Drivers drivers = Drivers.of(List.of(cuda, first, impostor));
        String reason = "2 backends are named 'opencl' (" + SimulatedDriver.class.getName() + ", "
                + impostor.getClass().getName() + "); remove all but one from the path";
        assertEquals(List.of("cuda: inactive: simulated: no device", "opencl: broken: " + reason, "opencl: broken: " + reason),
                drivers.statuses().stream().map(DriverStatus::describe).toList());
        String message = assertThrows(DriverLookupException.class, () -> drivers.select("opencl", "--backend")).getMessage();
        assertTrue(message.startsWith("backend 'opencl' (from --backend) is broken: " + reason), message);
    }

    @Test
    void aProviderThatFailsToLoadIsNamedByItsClassNotByTheService() {
        // ServiceLoader's words (java.util.ServiceLoader.fail): the service, then the provider
        assertEquals("dev.x.Evil", Drivers.brokenName(new java.util.ServiceConfigurationError(
                "dev.kbench.spi.Driver: Provider dev.x.Evil could not be instantiated")));
        assertEquals("dev.x.Gone", Drivers.brokenName(new java.util.ServiceConfigurationError(
                "dev.kbench.spi.Driver: Provider dev.x.Gone not found")));
        assertEquals("dev.kbench.spi.Driver", Drivers.brokenName(new java.util.ServiceConfigurationError(
                "dev.kbench.spi.Driver: Error reading configuration file")));
    }

    @Test
    void noProviderAtAllSaysWhichModulesToAdd() {
        String message = assertThrows(DriverLookupException.class, () -> Drivers.of(List.of()).active()).getMessage();
        assertTrue(message.startsWith("0 active drivers ([]). There should only be one.\nno kbench backend was found"), message);
    }
}

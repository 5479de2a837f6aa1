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

import dev.kbench.api.internal.BackendAnswers;
import java.util.List;
import org.junit.jupiter.api.Test;

class BackendAnswersTest {

    private final SimulatedDriver driver = new SimulatedDriver("sim", true);

    @Test
    void anAnswerIsPassedOnAndANullIsTheBackendsFaultNamingTheQuestionAndTheClass() {
        Object answer = new Object();
        assertSame(answer, BackendAnswers.nonNull(answer, driver, "devices()"));
        DeviceException e = assertThrows(DeviceException.class, () -> BackendAnswers.nonNull(null, driver.device, "Device.facts()"));
        assertTrue(e.getMessage().startsWith("the backend answered Device.facts() with null (" + SimulatedDriver.Device.class.getName()),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("where kbench needs a value: a fault of that backend's; its authors can find it with "
                + "kbench's conformance kit (DriverConformance)"), e.getMessage());
    }

    @Test
    void theOpenedDeviceIsTheDriversAndEachFirstReadingThatIsNullIsRefusedByName() {
        assertSame(driver.device, BackendAnswers.opened(driver));
        for (String question : List.of("device()", "facts()", "acceptedSources()")) {
            driver.device.nullAnswer = question;
            DeviceException e = assertThrows(DeviceException.class, () -> BackendAnswers.opened(driver));
            String asked = question.equals("device()") ? question : "Device." + question;
            assertTrue(e.getMessage().startsWith("the backend answered " + asked + " with null"), e.getMessage());
        }
    }

    @Test
    void aNullIdentityIsRefusedAfterTheDevice() {
        Backend noIdentity = new SimulatedDriver("sim", true) {
            @Override
            public DeviceIdentity identity() {
                return null;
            }
        };
        DeviceException e = assertThrows(DeviceException.class, () -> BackendAnswers.opened(noIdentity));
        assertEquals("the backend answered identity() with null", e.getMessage().substring(0, e.getMessage().indexOf(" (")));
    }
}

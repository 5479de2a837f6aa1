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
package dev.kbench.spi.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.Availability;
import dev.kbench.api.DeviceIdentity;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class DiscoveryCacheTest {

    record Found(DeviceIdentity identity) implements Discovery.Device {
    }

    private static final Found FIRST = new Found(new DeviceIdentity("sim", 0, "first", "id-0"));
    private static final Found SECOND = new Found(new DeviceIdentity("sim", 1, "second", "id-1"));

    @Test
    void activeDiscoveryAnswersFromOneProbe() {
        AtomicInteger probes = new AtomicInteger();
        DiscoveryCache<Found> cache = new DiscoveryCache<>("sim", () -> {
            probes.incrementAndGet();
            return Discovery.active("second (device 1 of 2)", List.of("device 0: first", "device 1: second"), SECOND,
                    List.of(FIRST, SECOND));
        });
        assertEquals("not probed", cache.toString());
        assertEquals(Availability.active("second (device 1 of 2)"), cache.availability());
        assertEquals(List.of("device 0: first", "device 1: second"), cache.inventory());
        assertEquals(List.of(FIRST.identity(), SECOND.identity()), cache.devices());
        assertEquals(SECOND.identity(), cache.identity());
        assertSame(SECOND, cache.chosen());
        assertEquals(1, probes.get());
    }

    @Test
    void inactiveDiscoveryKeepsReasonAndInventory() {
        DiscoveryCache<Found> cache = new DiscoveryCache<>("sim",
                () -> Discovery.inactive("no device found", List.of("driver 1.0")));
        assertEquals(Availability.inactive("no device found"), cache.availability());
        assertEquals(List.of("driver 1.0"), cache.inventory());
        assertEquals(List.of(), cache.devices());
        IllegalStateException e = assertThrows(IllegalStateException.class, cache::identity);
        assertEquals("sim is inactive: no device found", e.getMessage());
        assertEquals("sim is inactive: no device found",
                assertThrows(IllegalStateException.class, cache::chosen).getMessage());
    }

    @Test
    void concurrentFirstQuestionsProbeOnce() throws Exception {
        AtomicInteger probes = new AtomicInteger();
        DiscoveryCache<Found> cache = new DiscoveryCache<>("sim", () -> {
            probes.incrementAndGet();
            return Discovery.active("first", List.of(), FIRST, List.of(FIRST));
        });
        int threads = 8;
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Discovery<Found>>> answers = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(threads)) {
            for (int i = 0; i < threads; i++) {
                answers.add(pool.submit(() -> {
                    start.await();
                    return cache.get();
                }));
            }
            start.countDown();
            Discovery<Found> first = answers.getFirst().get();
            for (Future<Discovery<Found>> answer : answers) {
                assertSame(first, answer.get());
            }
        }
        assertEquals(1, probes.get());
    }

    @Test
    void discoveryStatesAreConsistent() {
        assertThrows(IllegalArgumentException.class,
                () -> new Discovery<>(Availability.active("x"), List.of(), Optional.<Found>empty(), List.of()));
        assertThrows(IllegalArgumentException.class,
                () -> new Discovery<>(Availability.inactive("x"), List.of(), Optional.of(FIRST), List.of()));
        assertThrows(IllegalArgumentException.class,
                () -> new Discovery<>(Availability.inactive("x"), List.of(), Optional.<Found>empty(), List.of(FIRST)));
        Discovery<Found> active = Discovery.active("first", List.of(), FIRST, List.of(FIRST, SECOND));
        assertTrue(active.availability().active());
        assertEquals(List.of(FIRST.identity(), SECOND.identity()), active.identities());
    }
}

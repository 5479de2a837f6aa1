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
package dev.kbench.cli.suite;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;

/**
 * The built-in suite's random inputs on the host, which may be made ahead: a run about to measure (a fork in
 * standby, before its turn) makes those of its benchmarks, up to a memory budget, so that the device waits
 * for none of that host work (at 2^24 floats about 0.1 s an input); the first workload set up takes each and
 * frees it after its check, and any later one (another placement) makes its own. Thread-safe.
 */
final class HostInputs implements AutoCloseable {

    /** The most host memory made ahead, in bytes: beyond it, workloads make their inputs when set up. */
    static final long BUDGET_BYTES = 512L << 20;

    /**
     * A random input: floats uniformly distributed in [lo, hi) from a fixed seed, so every run and every
     * backend sees the same values.
     *
     * @param seed the generator's seed
     * @param lo the lowest value
     * @param hi the bound above the values
     */
    record Floats(long seed, float lo, float hi) {
        /** {@return this input over {@code count} floats} */
        Key of(long count) {
            return new Key(count, this);
        }
    }

    /**
     * One input of one length.
     *
     * @param count the number of floats
     * @param floats the values
     */
    record Key(long count, Floats floats) {
        long bytes() {
            return count * Float.BYTES;
        }
    }

    /**
     * Values made, with the arena that frees them.
     *
     * @param values the floats
     * @param arena their memory, closed by whoever took them
     */
    record Made(MemorySegment values, Arena arena) {
    }

    private final Map<Key, Made> made = new LinkedHashMap<>();
    private boolean closed;

    /**
     * Makes the inputs of {@code keys}, in order and each once, while the bytes made stay within
     * {@code budgetBytes}; an input that would pass it is skipped (its workload makes it), a smaller one
     * after it may still be made.
     *
     * @param keys the inputs the run's workloads will ask for
     * @param budgetBytes the most bytes to make
     * @return the bytes made
     */
    long make(Collection<Key> keys, long budgetBytes) {
        long bytes = 0;
        for (Key key : keys) {
            synchronized (this) {
                if (closed || made.containsKey(key) || bytes + key.bytes() > budgetBytes) {
                    continue;
                }
            }
            Arena arena = Arena.ofShared();
            Made values = new Made(random(arena, key), arena);
            synchronized (this) {
                if (closed) {
                    arena.close();
                    return bytes;
                }
                made.put(key, values);
            }
            bytes += key.bytes();
        }
        return bytes;
    }

    /**
     * Takes the values made for {@code key}, if any: the caller closes their arena.
     *
     * @param key the input
     * @return the values, or empty where none were made (or another workload took them)
     */
    synchronized Optional<Made> take(Key key) {
        return Optional.ofNullable(made.remove(key));
    }

    /**
     * An input's values in memory of {@code arena}: the one generator of the suite's inputs.
     *
     * @param arena where the values live
     * @param key the input
     * @return the floats
     */
    static MemorySegment random(Arena arena, Key key) {
        MemorySegment data = arena.allocate(ValueLayout.JAVA_FLOAT, key.count());
        SplittableRandom random = new SplittableRandom(key.floats().seed());
        float lo = key.floats().lo();
        float span = key.floats().hi() - lo;
        for (long i = 0; i < key.count(); i++) {
            data.setAtIndex(ValueLayout.JAVA_FLOAT, i, lo + span * (float) random.nextDouble());
        }
        return data;
    }

    /** Frees every input no workload took. */
    @Override
    public synchronized void close() {
        closed = true;
        made.values().forEach(m -> m.arena().close());
        made.clear();
    }
}

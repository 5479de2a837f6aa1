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

import dev.kbench.api.Benchmark;
import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.Suite;
import dev.kbench.api.SuiteFactory;
import dev.kbench.api.Workload;

/** Suites a library user would name to {@code Forks}: re-created in each child JVM from the class name. */
final class ForkedSuites {

    private ForkedSuites() {
    }

    /** One benchmark: a device-side fill of 1 MiB, on any backend. */
    public static final class Fill implements SuiteFactory {

        /** Needed by the child, which instantiates the class by name. */
        public Fill() {
        }

        @Override
        public Suite suite() {
            return Suite.of(Benchmark.of("fill", (device, params) -> {
                DeviceBuffer buffer = device.allocate(1 << 20);
                return new Workload() {
                    @Override
                    public void run() {
                        device.fill(buffer, 0);
                    }

                    @Override
                    public void close() {
                        buffer.close();
                    }
                };
            }));
        }
    }

    /** A factory that cannot be made: every fork dies before it writes a samples file. */
    public static final class Unmade implements SuiteFactory {

        /** Throws, in the child that instantiates the class by name. */
        public Unmade() {
            throw new IllegalStateException("this factory cannot be made here");
        }

        @Override
        public Suite suite() {
            throw new AssertionError("never reached: the factory cannot be made");
        }
    }

    /**
     * The fill suite, whose factory cannot be made in a warm-up fork (one whose samples file, named in
     * {@code KBENCH_SAMPLES_OUT}, is a warm-up fork's): the warm-up forks die, the measured forks measure.
     */
    public static final class WarmUpDies implements SuiteFactory {

        /** Throws in a warm-up fork. */
        public WarmUpDies() {
            String out = System.getenv(dev.kbench.forks.Forks.SAMPLES_OUT_VARIABLE);
            if (out != null && java.nio.file.Path.of(out).getFileName().toString().contains("warm-up")) {
                throw new IllegalStateException("a warm-up fork dies here");
            }
        }

        @Override
        public Suite suite() {
            return new Fill().suite();
        }
    }

    /** A suite that cannot be built: every fork dies. */
    public static final class Broken implements SuiteFactory {

        /** Needed by the child. */
        public Broken() {
        }

        @Override
        public Suite suite() {
            throw new IllegalStateException("this suite cannot be built here");
        }
    }
}

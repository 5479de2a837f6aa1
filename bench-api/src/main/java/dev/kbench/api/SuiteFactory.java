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

/**
 * Re-creates a {@link Suite} in a fresh process, for runs measured in several forks (fresh JVMs, each
 * with its own device context and allocations; see {@code dev.kbench.forks.Forks}). The fork runner
 * names the implementing class on the child's command line, as JMH names its generated benchmark list,
 * and the child instantiates it, so the class must be public, have a public no-argument constructor,
 * and (on the module path) be in a package its module exports.
 *
 * {@snippet :
 * public final class SaxpySuite implements SuiteFactory {
 *     @Override
 *     public Suite suite() {
 *         return Suite.of(Benchmark.of("saxpy", SaxpyWorkload::new).withAxis(Axis.powersOfTwo("n", 20, 24)));
 *     }
 * }
 * }
 */
@FunctionalInterface
public interface SuiteFactory {

    /**
     * Builds the suite; called once in every fork, so it must give the same benchmarks every time.
     *
     * @return the suite
     */
    Suite suite();
}

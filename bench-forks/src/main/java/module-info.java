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
/**
 * kbench's forks: a suite measured in several fresh JVMs, one after another ({@link dev.kbench.forks.Forks}),
 * the child program each of them runs ({@link dev.kbench.forks.ForkChild}) and how each one ended
 * ({@link dev.kbench.forks.ForkOutcome}). {@link dev.kbench.forks.Forks#launch} is the process control that
 * {@code kbench run --forks} and {@code kbench ab} use with their own child commands. The children's
 * samples are read and written with bench-stats' samples CSV.
 *
 * <p>Forks of one run share a JDK AOT cache that their first fork writes
 * ({@link dev.kbench.forks.Forks#aotOptions}); {@systemProperty kbench.forks.aot}{@code =false} turns it off.
 */
module dev.kbench.forks {
    requires transitive dev.kbench.api;
    requires transitive dev.kbench.stats;
    requires java.management;

    exports dev.kbench.forks;
}

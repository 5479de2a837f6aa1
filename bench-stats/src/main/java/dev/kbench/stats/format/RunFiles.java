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
package dev.kbench.stats.format;

/** The documents {@code run --json} and {@code run --jmh-json} write. */
public final class RunFiles {

    private RunFiles() {
    }

    /**
     * kbench's run JSON.
     *
     * @param report the run
     * @return the JSON text
     */
    public static String json(RunReport report) {
        return RunJson.write(report);
    }

    /**
     * JMH's result JSON.
     *
     * @param report the run
     * @return the JSON text
     */
    public static String jmhJson(RunReport report) {
        return JmhJson.write(report);
    }

    /**
     * JMH's result JSON of a run measured in forks: {@code "forks"} and one {@code rawData} row per fork.
     *
     * @param report the run
     * @param repetitionsPerFork per benchmark id, how many of its repetitions (in order) each fork measured
     * @return the JSON text
     */
    public static String jmhJson(RunReport report, java.util.Map<String, int[]> repetitionsPerFork) {
        return JmhJson.write(report, repetitionsPerFork);
    }
}

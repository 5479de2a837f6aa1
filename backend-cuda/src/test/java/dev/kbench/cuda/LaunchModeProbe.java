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
package dev.kbench.cuda;

/**
 * Prints the launch path a fresh JVM chooses for {@code -Dkbench.cuda.launch} (unset: FFM when it can be
 * set up). {@link LaunchPathTest} runs it with and without native access for the backend.
 */
public final class LaunchModeProbe {

    private LaunchModeProbe() {
    }

    /**
     * Prints {@link LaunchMode#description()}.
     *
     * @param args none
     */
    public static void main(String[] args) {
        System.out.println(LaunchMode.select(System.getProperty(LaunchMode.PROPERTY)).description());
    }
}

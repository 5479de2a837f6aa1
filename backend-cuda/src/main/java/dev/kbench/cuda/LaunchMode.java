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

import java.util.Locale;
import java.util.function.Supplier;

/**
 * How a device launches kernels: through FFM ({@link FfmLaunch}) or through JCuda's
 * {@code JCudaDriver.cuLaunchKernel}, chosen with {@code -Dkbench.cuda.launch}:
 * <ul>
 *   <li>unset or empty: FFM when it can be set up, else JCuda with the reason;</li>
 *   <li>{@code ffm}: FFM, and the driver is inactive with the reason if it cannot be set up;</li>
 *   <li>{@code jcuda}: JCuda (FFM is not even linked).</li>
 * </ul>
 *
 * @param ffm whether launches go through FFM
 * @param description {@code ffm (...)} or {@code jcuda (why)}, for the inventory and the facts' {@code launchPath}
 */
record LaunchMode(boolean ffm, String description) {

    /** The system property that chooses the launch path. */
    static final String PROPERTY = "kbench.cuda.launch";

    static final String FFM_DESCRIPTION = "ffm (" + FfmLaunch.SYMBOL + " in " + FfmLaunch.LIBRARY
            + " through java.lang.foreign, parameter block prepared per argument list)";

    /**
     * Chooses the launch path for a property value, linking FFM if it may be used.
     *
     * @param value the value of {@link #PROPERTY}, or {@code null}
     * @return the mode
     * @throws IllegalArgumentException if the value is not a launch path, or is {@code ffm} and FFM
     *     cannot be set up; the message says why
     */
    static LaunchMode select(String value) {
        return select(value, FfmLaunch::unavailable);
    }

    /**
     * {@link #select(String)} with the FFM outcome given.
     *
     * @param value the value of {@link #PROPERTY}, or {@code null}
     * @param ffmFailure why FFM cannot be used, or {@code null} if it can; only called when FFM may be used
     * @return the mode
     * @throws IllegalArgumentException as {@link #select(String)}
     */
    static LaunchMode select(String value, Supplier<String> ffmFailure) {
        String choice = value == null ? "" : value.strip().toLowerCase(Locale.ROOT);
        switch (choice) {
            case "jcuda" -> {
                return new LaunchMode(false, "jcuda (-D" + PROPERTY + "=jcuda)");
            }
            case "", "ffm" -> {
                String failure = ffmFailure.get();
                if (failure == null) {
                    return new LaunchMode(true, FFM_DESCRIPTION);
                }
                if (choice.equals("ffm")) {
                    throw new IllegalArgumentException("-D" + PROPERTY + "=ffm, but the FFM launch path cannot be set up: "
                            + failure);
                }
                return new LaunchMode(false, "jcuda (" + failure + ")");
            }
            default -> throw new IllegalArgumentException("-D" + PROPERTY + "=" + value
                    + " is not a launch path; use ffm or jcuda, or leave it unset for ffm when available");
        }
    }
}

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
package dev.kbench.api.internal;

/**
 * kbench's on/off system properties ({@code -Dkbench.hold=false}, for A/B runs of what they switch): {@code true},
 * {@code false} (either case) or absent for on; any other value is refused, so that a typo does not leave a run
 * measuring otherwise than its user asked.
 */
public final class Flags {

    /** Holds each timed call's stream ({@code false}: Triton's one synchronize); default on. */
    public static final String HOLD = "kbench.hold";

    /** Holds the next cold call before the current one is released; default on. */
    public static final String HOLD_AHEAD = "kbench.hold.ahead";

    private Flags() {
    }

    /**
     * Whether an on/off property is on.
     *
     * @param property the property's name, e.g. {@link #HOLD}
     * @return false where it is {@code false}, true where it is {@code true} or absent
     * @throws IllegalArgumentException naming the property and its value where it is neither
     */
    public static boolean on(String property) {
        String value = System.getProperty(property);
        if (value == null || value.strip().equalsIgnoreCase("true")) {
            return true;
        }
        if (value.strip().equalsIgnoreCase("false")) {
            return false;
        }
        throw new IllegalArgumentException("-D" + property + "=" + value + " is not on or off: use true (the default) "
                + "or false");
    }

    /**
     * Checks the timing's on/off properties, before anything is measured.
     *
     * @throws IllegalArgumentException naming the first that is neither {@code true} nor {@code false}
     */
    public static void checkTiming() {
        on(HOLD);
        on(HOLD_AHEAD);
    }
}

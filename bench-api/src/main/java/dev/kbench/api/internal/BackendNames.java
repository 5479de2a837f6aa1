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

import java.util.regex.Pattern;

/** The rule of a backend's name, as users select it ({@code --backend NAME}): one rule for the kit and the lookup. */
public final class BackendNames {

    private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_-]*");

    private BackendNames() {
    }

    /**
     * Checks a backend's name.
     *
     * @param name the name a backend gives
     * @return the name
     * @throws IllegalArgumentException saying the rule and the name where it is not lower-case letters, digits, '_'
     *         and '-', starting with a letter (a name with a capital, a space or none at all could never be selected)
     */
    public static String check(String name) {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a backend's name is lower-case letters, digits, '_' and '-', starting "
                    + "with a letter, got " + (name == null ? "null" : "'" + name + "'"));
        }
        return name;
    }
}

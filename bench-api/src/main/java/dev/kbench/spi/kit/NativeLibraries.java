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

import java.lang.foreign.Arena;
import java.lang.foreign.SymbolLookup;
import java.util.List;
import java.util.Optional;

/**
 * For backends that bind a native library through the FFM API: whether the library can be loaded and
 * has the functions the backend calls, checked before the first call so that discovery can say what to
 * install instead of failing with an {@code UnsatisfiedLinkError} somewhere later.
 */
public final class NativeLibraries {

    /** At most this many missing functions are named in a message. */
    private static final int NAMED = 5;

    private NativeLibraries() {
    }

    /**
     * Checks that a library can be loaded ({@code dlopen} by name) and has every function named.
     *
     * @param library the library's name, e.g. {@code libze_loader.so.1}
     * @param functions the functions the backend calls
     * @param kind what the functions are, for the message, e.g. {@code "Level Zero 1.4"}
     * @param expected what the library should be, for the message, e.g. {@code "a Level Zero loader of API 1.4 or later"}
     * @param installHint what to install when it is not found, e.g. {@code "install the Level Zero loader, e.g. apt-get install libze1"}
     * @return why it cannot be used ({@code LIBRARY not found (WHY); HINT} or {@code LIBRARY lacks K of the N
     *     KIND functions kbench calls (F1, F2, ...); it is not EXPECTED}), or empty if it can
     */
    public static Optional<String> check(String library, List<String> functions, String kind, String expected,
                                         String installHint) {
        try (Arena arena = Arena.ofConfined()) {
            SymbolLookup lookup;
            try {
                lookup = SymbolLookup.libraryLookup(library, arena);
            } catch (IllegalArgumentException e) {
                return Optional.of(library + " not found (" + e.getMessage() + "); " + installHint);
            }
            List<String> missing = functions.stream().filter(f -> lookup.find(f).isEmpty()).toList();
            if (missing.isEmpty()) {
                return Optional.empty();
            }
            return Optional.of(library + " lacks " + missing.size() + " of the " + functions.size() + " " + kind
                    + " functions kbench calls (" + String.join(", ", missing.subList(0, Math.min(NAMED, missing.size())))
                    + (missing.size() > NAMED ? ", ..." : "") + "); it is not " + expected);
        }
    }
}

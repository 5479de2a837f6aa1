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
package dev.kbench.levelzero;

import dev.kbench.levelzero.ze.ZeApi;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Small helpers around the generated bindings: result codes by name, checked calls, handle out-parameters.
 * Touching this class loads {@code libze_loader.so.1} (through {@link ZeApi}); call it only after
 * {@link ZeProbe#checkLibrary(String)} found the library.
 */
final class Ze {

    /** The {@code UINT64_MAX} timeout of the host synchronisation calls: wait for ever. */
    static final long WAIT_FOREVER = -1L;

    /** Every {@code ze_result_t} value the bindings know, by value. */
    private static final Map<Integer, String> RESULT_NAMES = resultNames();

    private Ze() {
    }

    /**
     * Names a result code, e.g. {@code ZE_RESULT_ERROR_UNINITIALIZED (0x78000001)}.
     *
     * @param result a {@code ze_result_t}
     * @return its name and value
     */
    static String describe(int result) {
        String hex = String.format(Locale.ROOT, "0x%08x", result);
        String name = RESULT_NAMES.get(result);
        return name == null ? "unknown ze_result_t " + hex : name + " (" + hex + ")";
    }

    /**
     * Throws unless a call succeeded.
     *
     * @param result what the call returned
     * @param call the call, for the message, e.g. {@code zeMemAllocDevice(4096 bytes)}
     * @throws ZeResultException if {@code result} is not {@code ZE_RESULT_SUCCESS}
     */
    static void check(int result, String call) {
        if (result != ZeApi.ZE_RESULT_SUCCESS()) {
            throw new ZeResultException(call, result);
        }
    }

    /**
     * A zeroed out-parameter for one handle or pointer.
     *
     * @param arena where it lives
     * @return 8 bytes, holding {@code NULL}
     */
    static MemorySegment handleSlot(Arena arena) {
        return arena.allocate(ValueLayout.ADDRESS);
    }

    /**
     * The handle or pointer an out-parameter holds.
     *
     * @param slot a segment from {@link #handleSlot(Arena)}
     * @return a zero-length segment at the address
     */
    static MemorySegment handle(MemorySegment slot) {
        return slot.get(ValueLayout.ADDRESS, 0);
    }

    /**
     * Formats an API version, e.g. {@code 1.4}.
     *
     * @param version a {@code ze_api_version_t}
     * @return major.minor
     */
    static String version(int version) {
        return (version >>> 16) + "." + (version & 0xffff);
    }

    private static Map<Integer, String> resultNames() {
        Map<Integer, String> names = new HashMap<>();
        for (Method m : ZeApi.class.getMethods()) {
            if (m.getName().startsWith("ZE_RESULT_") && m.getParameterCount() == 0
                    && Modifier.isStatic(m.getModifiers()) && m.getReturnType() == int.class) {
                try {
                    names.putIfAbsent((Integer) m.invoke(null), m.getName());
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException("cannot read the generated constant " + m.getName(), e);
                }
            }
        }
        return Map.copyOf(names);
    }
}

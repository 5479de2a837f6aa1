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
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * {@code zeCommandListHostSynchronize} (API 1.6), optional: loaders older than 1.6 (Debian's 1.8.12 is
 * API 1.4) do not export it, and a newer loader answers {@code ZE_RESULT_ERROR_UNSUPPORTED_FEATURE}
 * when the driver lacks it. Not part of the generated bindings, which hold API 1.4 only; resolved
 * by hand, lazily, on the first synchronisation.
 */
final class HostSynchronize {

    /** {@code ze_result_t zeCommandListHostSynchronize(ze_command_list_handle_t, uint64_t timeout)}. */
    private static final FunctionDescriptor DESCRIPTOR =
            FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG);

    private final MethodHandle handle;
    private boolean unsupported;

    private HostSynchronize(MethodHandle handle) {
        this.handle = handle;
    }

    /**
     * Looks the function up.
     *
     * @param lookup where to look, normally the loader
     * @return the function, unavailable if the lookup lacks it
     */
    static HostSynchronize resolve(SymbolLookup lookup) {
        Optional<MemorySegment> address = lookup.find("zeCommandListHostSynchronize");
        return new HostSynchronize(address.map(a -> Linker.nativeLinker().downcallHandle(a, DESCRIPTOR)).orElse(null));
    }

    /**
     * Whether the function can be called: found, and not refused as unsupported.
     *
     * @return true if {@link #waitFor(MemorySegment)} may be used
     */
    boolean available() {
        return handle != null && !unsupported;
    }

    /**
     * Waits until every command appended to the list has completed.
     *
     * @param commandList the immediate command list
     * @return true if it waited; false if the driver does not support it (then never again)
     * @throws ZeResultException if the call fails otherwise
     */
    boolean waitFor(MemorySegment commandList) {
        int result;
        try {
            result = (int) handle.invokeExact(commandList, Ze.WAIT_FOREVER);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("zeCommandListHostSynchronize failed", t);
        }
        if (result == ZeApi.ZE_RESULT_ERROR_UNSUPPORTED_FEATURE()) {
            unsupported = true;
            return false;
        }
        Ze.check(result, "zeCommandListHostSynchronize");
        return true;
    }
}

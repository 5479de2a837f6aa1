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

import static java.lang.foreign.ValueLayout.ADDRESS;
import static java.lang.foreign.ValueLayout.JAVA_INT;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.invoke.MethodHandle;
import java.util.Optional;

/**
 * The FFM launch path: a downcall handle to {@code cuLaunchKernel} in {@code libcuda.so.1}, the library
 * JCuda's JNI code already loaded (the dynamic loader returns the same one). JCuda's {@code cuLaunchKernel}
 * converts its {@code Pointer} of {@code Pointer}s into a native array on every call; this one is given a
 * parameter block built once per argument list ({@link ParamBlock}), so a launch allocates nothing.
 *
 * <p>The handle is linked once per JVM, on first use. Linking fails, with the reason in
 * {@link #unavailable()}, when native access is not enabled for this module (checked first, so no
 * restricted method is called and the JDK prints no warning), when JCuda's handles cannot be read
 * ({@link NativeHandles}), when the library cannot be opened or has no {@code cuLaunchKernel}, or when
 * the platform's linker refuses the signature. Thread-safe.
 */
final class FfmLaunch {

    /** The NVIDIA driver's library, as JCuda's JNI library names it. */
    static final String LIBRARY = "libcuda.so.1";
    /**
     * The driver exports {@code cuLaunchKernel} (legacy default-stream semantics, what JCuda calls and
     * what {@code cuda.h} maps to without {@code CUDA_API_PER_THREAD_DEFAULT_STREAM}) and
     * {@code cuLaunchKernel_ptsz}; the backend's stream is an explicit one, where both behave alike.
     */
    static final String SYMBOL = "cuLaunchKernel";
    /**
     * {@code CUresult cuLaunchKernel(CUfunction f, unsigned gridDimX, gridDimY, gridDimZ, unsigned blockDimX,
     * blockDimY, blockDimZ, unsigned sharedMemBytes, CUstream hStream, void **kernelParams, void **extra)};
     * {@code unsigned int} is passed as {@code int} (same size and registers), {@code CUresult} is an enum.
     */
    static final FunctionDescriptor SIGNATURE = FunctionDescriptor.of(JAVA_INT,
            ADDRESS, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, JAVA_INT, ADDRESS, ADDRESS, ADDRESS);

    /**
     * The outcome of linking: a handle or why there is none.
     *
     * @param handle the downcall handle of {@link #SIGNATURE}, or {@code null}
     * @param failure why there is no handle, or {@code null}
     */
    record Linked(MethodHandle handle, String failure) {
    }

    private FfmLaunch() {
    }

    /**
     * Links {@link #SYMBOL} in {@code library}, never throwing.
     *
     * @param library the library's name for the dynamic loader ({@link #LIBRARY} outside tests)
     * @return the handle, or the reason for its absence
     */
    static Linked link(String library) {
        Module module = FfmLaunch.class.getModule();
        if (!module.isNativeAccessEnabled()) {
            return new Linked(null, "native access is not enabled for " + (module.isNamed()
                    ? "module " + module.getName() + " (add --enable-native-access=" + module.getName() + ")"
                    : "the class path (add --enable-native-access=ALL-UNNAMED)"));
        }
        if (NativeHandles.failure() != null) {
            return new Linked(null, NativeHandles.failure());
        }
        try {
            SymbolLookup lookup = SymbolLookup.libraryLookup(library, Arena.global());
            Optional<MemorySegment> symbol = lookup.find(SYMBOL);
            if (symbol.isEmpty()) {
                return new Linked(null, library + " has no symbol " + SYMBOL);
            }
            return new Linked(Linker.nativeLinker().downcallHandle(symbol.get(), SIGNATURE), null);
        } catch (RuntimeException e) {
            // IllegalArgumentException: the library cannot be opened; IllegalCallerException or
            // UnsupportedOperationException: native access denied, or no linker for this platform
            return new Linked(null, "cannot link " + SYMBOL + " in " + library + ": " + e.getMessage());
        }
    }

    /** The driver's handle, linked when first needed; a static final constant for the JIT. */
    private static final class Libcuda {
        static final Linked LINKED = link(LIBRARY);
        static final MethodHandle CU_LAUNCH_KERNEL = LINKED.handle();
    }

    /**
     * Why the FFM launch path cannot be used in this JVM, or {@code null} when it can. Links on first call.
     *
     * @return the reason or {@code null}
     */
    static String unavailable() {
        return Libcuda.LINKED.failure();
    }

    /**
     * Calls {@code cuLaunchKernel(function, grid, block, shared, stream, kernelParams, NULL)}. The caller
     * makes the context current and keeps {@code kernelParams} alive for the call (the driver copies the
     * values before it returns).
     *
     * @param function the {@code CUfunction}
     * @param stream the {@code CUstream}
     * @param kernelParams the {@code void*[]} of the parameters ({@link ParamBlock#kernelParams()})
     * @return the {@code CUresult}
     * @throws IllegalStateException if {@link #unavailable()} is not {@code null}
     */
    static int launch(MemorySegment function, int gridX, int gridY, int gridZ, int blockX, int blockY, int blockZ,
                      int sharedBytes, MemorySegment stream, MemorySegment kernelParams) {
        MethodHandle handle = Libcuda.CU_LAUNCH_KERNEL;
        if (handle == null) {
            throw new IllegalStateException("the FFM launch path is unavailable: " + Libcuda.LINKED.failure());
        }
        try {
            return (int) handle.invokeExact(function, gridX, gridY, gridZ, blockX, blockY, blockZ, sharedBytes, stream,
                    kernelParams, MemorySegment.NULL);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("cuLaunchKernel through FFM failed", t);   // downcalls throw nothing checked
        }
    }
}

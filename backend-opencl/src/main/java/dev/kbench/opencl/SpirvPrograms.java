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
package dev.kbench.opencl;

import dev.kbench.api.KernelException;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;
import java.lang.reflect.Field;
import org.jocl.NativePointerObject;
import org.jocl.cl_context;
import org.jocl.cl_program;

/**
 * {@code clCreateProgramWithIL} (OpenCL 2.1), which JOCL 2.0.6 does not bind: called through the FFM API
 * on the ICD loader, and the result wrapped in a JOCL {@link cl_program} so the rest of the backend treats
 * it like any program. Used only for devices whose {@code CL_DEVICE_IL_VERSION} names SPIR-V.
 *
 * <p>Needs native access for this module ({@code --enable-native-access=dev.kbench.opencl}, or
 * {@code ALL-UNNAMED} on the class path), as FFM downcalls are restricted methods.
 */
final class SpirvPrograms {

    private static MethodHandle createWithIl;
    private static Field nativePointer;

    private SpirvPrograms() {
    }

    /**
     * Creates an unbuilt program from SPIR-V.
     *
     * @param context the context
     * @param il the SPIR-V module
     * @param name the module's name, for messages
     * @return the program, to be built and released by the caller
     * @throws KernelException if the call is unavailable or fails
     */
    static cl_program create(cl_context context, byte[] il, String name) {
        MethodHandle handle = handle(name);
        try (Arena arena = Arena.ofConfined()) {
            MemorySegment code = arena.allocate(il.length, 8);
            MemorySegment.copy(il, 0, code, ValueLayout.JAVA_BYTE, 0, il.length);
            MemorySegment errcode = arena.allocate(ValueLayout.JAVA_INT);
            MemorySegment program = (MemorySegment) handle.invokeExact(MemorySegment.ofAddress(context.getNativePointer()), code,
                    (long) il.length, errcode);
            int status = errcode.get(ValueLayout.JAVA_INT, 0);
            if (status != 0 || program.address() == 0) {
                throw new KernelException("SPIR-V module '" + name + "': clCreateProgramWithIL failed: "
                        + OpenClException.errorName(status));
            }
            return wrap(program.address());
        } catch (KernelException e) {
            throw e;
        } catch (Throwable e) {
            throw new KernelException("SPIR-V module '" + name + "': calling clCreateProgramWithIL failed: " + e, "", e);
        }
    }

    @SuppressWarnings("restricted")
    private static synchronized MethodHandle handle(String name) {
        if (createWithIl == null) {
            try {
                SymbolLookup loader;
                try {
                    loader = SymbolLookup.libraryLookup(IcdLoader.NAMES.get(0), Arena.global());
                } catch (IllegalArgumentException e) {
                    loader = SymbolLookup.libraryLookup(IcdLoader.NAMES.get(1), Arena.global());
                }
                MemorySegment symbol = loader.find("clCreateProgramWithIL").orElseThrow(() -> new KernelException(
                        "SPIR-V module '" + name + "': the OpenCL ICD loader has no clCreateProgramWithIL (it predates "
                                + "OpenCL 2.1); update ocl-icd or build from OpenCL C"));
                createWithIl = Linker.nativeLinker().downcallHandle(symbol, FunctionDescriptor.of(ValueLayout.ADDRESS,
                        ValueLayout.ADDRESS, ValueLayout.ADDRESS, ValueLayout.JAVA_LONG, ValueLayout.ADDRESS));
                Field field = NativePointerObject.class.getDeclaredField("nativePointer");
                field.setAccessible(true);
                nativePointer = field;
            } catch (KernelException e) {
                throw e;
            } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
                throw new KernelException("SPIR-V module '" + name + "': cannot bind clCreateProgramWithIL: " + e
                        + " (on the module path run with --enable-native-access=dev.kbench.opencl)", "", e);
            }
        }
        return createWithIl;
    }

    private static cl_program wrap(long address) throws IllegalAccessException {
        cl_program program = new cl_program();
        nativePointer.setLong(program, address);
        return program;
    }
}

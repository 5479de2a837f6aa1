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

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import jcuda.NativePointerObject;
import jcuda.Pointer;

/**
 * The raw values of JCuda's handles ({@code CUfunction}, {@code CUstream}, {@code CUdeviceptr}), for the
 * FFM launch path.
 *
 * <p>JCuda has no public accessor: {@code NativePointerObject.getNativePointer()} and
 * {@code Pointer.getByteOffset()} are protected. They are read through a private lookup, which needs
 * package {@code jcuda} (and {@code jcuda.driver}'s superclasses there) open to this module: true for the
 * automatic module {@code jcuda} on the module path (automatic modules open every package) and for the
 * class path (one unnamed module). A handle's value is what JCuda's JNI code passes to the driver: the
 * native pointer, plus the byte offset for a {@code Pointer} such as {@code CUdeviceptr}
 * ({@code getPointer} in jcuda-common's {@code PointerUtils.cpp}). Thread-safe.
 */
final class NativeHandles {

    /** {@code (NativePointerObject) long}, or {@code null} if {@link #FAILURE} says why not. */
    private static final MethodHandle NATIVE_POINTER;
    /** {@code (Pointer) long}, or {@code null}. */
    private static final MethodHandle BYTE_OFFSET;
    private static final String FAILURE;

    static {
        MethodHandle nativePointer = null;
        MethodHandle byteOffset = null;
        String failure = null;
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            nativePointer = MethodHandles.privateLookupIn(NativePointerObject.class, lookup)
                    .findVirtual(NativePointerObject.class, "getNativePointer", MethodType.methodType(long.class));
            byteOffset = MethodHandles.privateLookupIn(Pointer.class, lookup)
                    .findVirtual(Pointer.class, "getByteOffset", MethodType.methodType(long.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            nativePointer = null;
            byteOffset = null;
            failure = "cannot read the native handles of JCuda's objects (" + e + ")";
        }
        NATIVE_POINTER = nativePointer;
        BYTE_OFFSET = byteOffset;
        FAILURE = failure;
    }

    private NativeHandles() {
    }

    /**
     * Why handles cannot be read, or {@code null} when they can.
     *
     * @return the reason or {@code null}
     */
    static String failure() {
        return FAILURE;
    }

    /**
     * The value JCuda passes to the driver for {@code object}.
     *
     * @param object a JCuda handle or pointer
     * @return its native pointer, plus its byte offset if it is a {@code Pointer}
     * @throws IllegalStateException if {@link #failure()} is not {@code null}
     */
    static long address(NativePointerObject object) {
        if (FAILURE != null) {
            throw new IllegalStateException(FAILURE);
        }
        try {
            long address = (long) NATIVE_POINTER.invokeExact(object);
            if (object instanceof Pointer pointer) {
                address += (long) BYTE_OFFSET.invokeExact(pointer);
            }
            return address;
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException("reading a JCuda handle failed", t);   // the getters throw nothing checked
        }
    }
}

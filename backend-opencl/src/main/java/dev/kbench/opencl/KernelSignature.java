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

import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.jocl.CL;

/**
 * A kernel's parameters as the driver reports them ({@code CL_KERNEL_NUM_ARGS}, and with
 * {@code -cl-kernel-arg-info} the address qualifier, type and name of each), and the check of a launch's
 * arguments against them: count always, kinds where the types are known.
 *
 * @param kernel the kernel's name
 * @param count the number of parameters
 * @param params each parameter, empty when the driver keeps no argument information
 */
record KernelSignature(String kernel, int count, Optional<List<Param>> params) {

    /** Scalar type names OpenCL C spells itself; a parameter of any other type (typedef, vector, struct) is not type-checked. */
    private static final Set<String> KNOWN_SCALARS = Set.of("bool", "char", "uchar", "unsigned char", "short", "ushort",
            "unsigned short", "int", "uint", "unsigned int", "long", "ulong", "unsigned long", "half", "float", "double",
            "size_t", "ptrdiff_t", "intptr_t", "uintptr_t");

    /** Copies. */
    KernelSignature {
        params = params.map(List::copyOf);
    }

    /**
     * One parameter.
     *
     * @param index its position
     * @param name its name in the source
     * @param typeName {@code CL_KERNEL_ARG_TYPE_NAME}, e.g. {@code float*} or {@code int}
     * @param addressQualifier {@code CL_KERNEL_ARG_ADDRESS_GLOBAL}, {@code _CONSTANT}, {@code _LOCAL} or {@code _PRIVATE}
     */
    record Param(int index, String name, String typeName, int addressQualifier) {

        /** The parameter as OpenCL C declares it, e.g. {@code __global float* out}. */
        String declaration() {
            String space = switch (addressQualifier) {
                case CL.CL_KERNEL_ARG_ADDRESS_GLOBAL -> "__global ";
                case CL.CL_KERNEL_ARG_ADDRESS_CONSTANT -> "__constant ";
                case CL.CL_KERNEL_ARG_ADDRESS_LOCAL -> "__local ";
                default -> "";
            };
            return space + typeName + (name.isEmpty() ? "" : " " + name);
        }

        boolean isPointer() {
            return addressQualifier == CL.CL_KERNEL_ARG_ADDRESS_GLOBAL || addressQualifier == CL.CL_KERNEL_ARG_ADDRESS_CONSTANT;
        }

        boolean isLocal() {
            return addressQualifier == CL.CL_KERNEL_ARG_ADDRESS_LOCAL;
        }

        /** The scalar type with spaces normalised, e.g. {@code unsigned int}. */
        String scalarType() {
            return typeName.strip().replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
        }
    }

    /**
     * Checks a launch's arguments.
     *
     * @param args the arguments in parameter order
     * @throws KernelException naming the kernel, the argument's index and what was expected
     */
    void check(List<KernelArg> args) {
        if (args.size() != count) {
            throw new KernelException(String.format(Locale.ROOT, "kernel '%s' takes %d argument%s%s, got %d", kernel, count,
                    count == 1 ? "" : "s", params.map(ps -> " (" + ps.stream().map(Param::declaration)
                            .collect(Collectors.joining(", ")) + ")").orElse(""), args.size()));
        }
        if (params.isEmpty()) {
            return;
        }
        for (int i = 0; i < count; i++) {
            Param param = params.get().get(i);
            KernelArg arg = args.get(i);
            String expected = expected(param, arg);
            if (expected != null) {
                throw new KernelException(String.format(Locale.ROOT, "kernel '%s' argument %d ('%s'): expected %s, got %s",
                        kernel, i, param.declaration(), expected, describe(arg)));
            }
        }
    }

    /** What the parameter needs, or {@code null} if {@code arg} fits. */
    private static String expected(Param param, KernelArg arg) {
        if (param.isPointer()) {
            return arg instanceof KernelArg.Buffer ? null : "a device buffer (KernelArg.buffer)";
        }
        if (param.isLocal()) {
            return arg instanceof KernelArg.Local ? null : "a local memory size (KernelArg.local(bytes))";
        }
        String type = param.scalarType();
        if (!KNOWN_SCALARS.contains(type)) {
            // A typedef, vector or struct: only scalars can fill it; clSetKernelArg checks the size.
            return arg instanceof KernelArg.Buffer || arg instanceof KernelArg.Local ? "a scalar value" : null;
        }
        return switch (type) {
            case "int", "uint", "unsigned int" -> arg instanceof KernelArg.I32 ? null : "a 32-bit integer (KernelArg.i32)";
            case "long", "ulong", "unsigned long" -> arg instanceof KernelArg.I64 ? null : "a 64-bit integer (KernelArg.i64)";
            case "float" -> arg instanceof KernelArg.F32 ? null : "a float (KernelArg.f32)";
            case "double" -> arg instanceof KernelArg.F64 ? null : "a double (KernelArg.f64)";
            default -> "a '" + type + "' value, which kbench cannot pass (it passes int, long, float and double scalars); "
                    + "declare the parameter as one of those";
        };
    }

    /**
     * An argument for messages, e.g. {@code KernelArg.f32(1.5)}.
     *
     * @param arg the argument
     * @return its description
     */
    static String describe(KernelArg arg) {
        return switch (arg) {
            case KernelArg.Buffer b -> "a device buffer (KernelArg.buffer, " + b.buffer().bytes() + " bytes)";
            case KernelArg.I32 v -> "a 32-bit integer (KernelArg.i32(" + v.value() + "))";
            case KernelArg.I64 v -> "a 64-bit integer (KernelArg.i64(" + v.value() + "))";
            case KernelArg.F32 v -> "a float (KernelArg.f32(" + v.value() + "))";
            case KernelArg.F64 v -> "a double (KernelArg.f64(" + v.value() + "))";
            case KernelArg.Local l -> "local memory (KernelArg.local(" + l.bytes() + "))";
        };
    }
}

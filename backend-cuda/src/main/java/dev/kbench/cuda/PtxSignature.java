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

import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The parameter lists of the {@code .entry} points of a PTX module, to check launch arguments: CUDA
 * itself cannot tell a kernel was given too few arguments or a 4-byte value for an 8-byte parameter,
 * and would read garbage. Stateless and thread-safe.
 */
final class PtxSignature {

    /**
     * One parameter of an entry.
     *
     * @param name the parameter's name in the PTX
     * @param type the PTX type without the dot, e.g. {@code u64}, {@code f32}, {@code b8}
     * @param bytes the size: the type's size times the array length, or -1 if the type is unknown
     * @param array whether it is declared as an array ({@code .b8 name[16]}, a struct passed by value)
     */
    record Param(String name, String type, int bytes, boolean array) {

        /** The declaration as written, e.g. {@code .u64} or {@code .b8[16]}. */
        String declared() {
            return "." + type + (array ? "[" + bytes / Math.max(1, scalarBytes(type)) + "]" : "");
        }
    }

    private static final Pattern BLOCK_COMMENT = Pattern.compile("/\\*.*?\\*/", Pattern.DOTALL);
    private static final Pattern LINE_COMMENT = Pattern.compile("//[^\\n]*");
    private static final Pattern ENTRY = Pattern.compile(
            "\\.entry\\s+([A-Za-z_$%][\\w$%]*)\\s*(\\(([^)]*)\\))?");
    private static final Pattern TYPE = Pattern.compile("\\.(pred|[usbf](8|16|32|64))");
    private static final Pattern NAME = Pattern.compile("([A-Za-z_$%][\\w$%]*)\\s*(\\[\\s*(\\d+)\\s*\\])?");

    private PtxSignature() {
    }

    /**
     * The entries of a PTX module and their parameters, in the order they appear.
     *
     * @param ptx the PTX text
     * @return entry name to parameters
     */
    static Map<String, List<Param>> parse(String ptx) {
        String text = LINE_COMMENT.matcher(BLOCK_COMMENT.matcher(ptx).replaceAll(" ")).replaceAll("");
        Map<String, List<Param>> entries = new LinkedHashMap<>();
        Matcher entry = ENTRY.matcher(text);
        while (entry.find()) {
            List<Param> params = new ArrayList<>();
            String list = entry.group(3);
            if (list != null && !list.isBlank()) {
                for (String declaration : list.split(",")) {
                    params.add(param(declaration.strip()));
                }
            }
            entries.put(entry.group(1), List.copyOf(params));
        }
        return entries;
    }

    private static Param param(String declaration) {
        String type = "";
        String rest = declaration;
        Matcher typeMatch = TYPE.matcher(declaration);
        while (typeMatch.find()) {
            type = typeMatch.group(1);
            rest = declaration.substring(typeMatch.end());
        }
        // after the type come state-space or alignment qualifiers (.ptr .global .align 4), then the name
        String nameText = rest.replaceAll("\\.[a-z]+(\\s+\\d+)?", " ").strip();
        Matcher name = NAME.matcher(nameText);
        boolean found = name.find();
        String paramName = found ? name.group(1) : declaration;
        boolean array = found && name.group(3) != null;
        int scalar = scalarBytes(type);
        int bytes = scalar < 0 ? -1 : array ? scalar * Integer.parseInt(name.group(3)) : scalar;
        return new Param(paramName, type.isEmpty() ? "?" : type, bytes, array);
    }

    private static int scalarBytes(String type) {
        if (type.isEmpty()) {
            return -1;
        }
        if (type.equals("pred")) {
            return 1;
        }
        return Integer.parseInt(type.substring(1)) / 8;
    }

    /**
     * Checks launch arguments against an entry's parameters: their number (without
     * {@link KernelArg.Local}, which is dynamic shared memory on CUDA, not a parameter), and for each
     * one its size and kind (pointers and integers to {@code .u}/{@code .s}/{@code .b} types, floats to
     * {@code .f}/{@code .b} types).
     *
     * @param kernel the entry's name, for messages
     * @param params its parameters
     * @param args the arguments
     * @throws KernelException naming the kernel, the argument's index, what was given and what is expected
     */
    static void check(String kernel, List<Param> params, List<KernelArg> args) {
        List<KernelArg> passed = args.stream().filter(a -> !(a instanceof KernelArg.Local)).toList();
        if (passed.size() != params.size()) {
            throw new KernelException("kernel '" + kernel + "' takes " + params.size() + " parameter(s) ("
                    + params.stream().map(Param::declared).collect(Collectors.joining(", ")) + ") but "
                    + passed.size() + " argument(s) were given (" + passed.stream().map(PtxSignature::describe)
                    .collect(Collectors.joining(", ")) + "); KernelArg.local(...) is dynamic shared memory on CUDA "
                    + "and does not count");
        }
        for (int i = 0; i < params.size(); i++) {
            Param param = params.get(i);
            KernelArg arg = passed.get(i);
            if (param.bytes() < 0) {
                continue;
            }
            String problem = mismatch(param, arg);
            if (problem != null) {
                throw new KernelException("argument " + i + " of kernel '" + kernel + "' is " + describe(arg)
                        + " but parameter " + i + " '" + param.name() + "' is " + param.declared() + " ("
                        + param.bytes() + " bytes): " + problem);
            }
        }
    }

    /** Why an argument does not fit a parameter, or {@code null} if it does. */
    private static String mismatch(Param param, KernelArg arg) {
        if (param.array()) {
            return "a by-value struct or array parameter cannot be passed with KernelArg";
        }
        char kind = param.type().charAt(0);
        int size = switch (arg) {
            case KernelArg.Buffer _ -> 8;
            case KernelArg.I32 _ -> 4;
            case KernelArg.F32 _ -> 4;
            case KernelArg.I64 _ -> 8;
            case KernelArg.F64 _ -> 8;
            case KernelArg.Local _ -> throw new IllegalStateException("local arguments are filtered out");
        };
        boolean floating = arg instanceof KernelArg.F32 || arg instanceof KernelArg.F64;
        if (size != param.bytes() || (floating && kind != 'f' && kind != 'b')
                || (!floating && kind == 'f') || kind == 'p') {
            return "expected " + expected(param);
        }
        return null;
    }

    private static String expected(Param param) {
        char kind = param.type().charAt(0);
        return switch (param.bytes()) {
            case 8 -> kind == 'f' ? "KernelArg.f64" : kind == 'b' ? "a buffer, KernelArg.i64 or KernelArg.f64"
                    : "a buffer (pointer) or KernelArg.i64";
            case 4 -> kind == 'f' ? "KernelArg.f32" : kind == 'b' ? "KernelArg.i32 or KernelArg.f32" : "KernelArg.i32";
            default -> "a " + param.bytes() + "-byte value, which KernelArg cannot pass (it has 4- and 8-byte scalars "
                    + "and pointers)";
        };
    }

    private static String describe(KernelArg arg) {
        return switch (arg) {
            case KernelArg.Buffer _ -> "a buffer (8-byte pointer)";
            case KernelArg.I32 v -> "i32 " + v.value();
            case KernelArg.I64 v -> "i64 " + v.value();
            case KernelArg.F32 v -> "f32 " + v.value();
            case KernelArg.F64 v -> "f64 " + v.value();
            case KernelArg.Local l -> "local " + l.bytes() + " bytes";
        };
    }
}

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
package dev.kbench.vulkan;

import dev.kbench.api.KernelException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * What the backend needs to know of a SPIR-V module to launch its compute entry points with kbench's
 * arguments: for each {@code GLCompute} entry point, its storage buffers (descriptor set 0, by binding),
 * its push-constant scalars (by member, with their offsets and types), the specialization constants
 * that size its {@code Workgroup} arrays (one per {@code local} argument) and where its work-group size
 * comes from. Also whether the module is OpenCL SPIR-V ({@code Kernel} capability), which Vulkan cannot
 * run, and whether it needs 64-bit integers or floats.
 *
 * <p>Only the instructions named below are read; a module is otherwise left to the driver to validate.
 * The variables of an entry point are those in its {@code OpEntryPoint} interface (SPIR-V 1.4 and later
 * list every global there); for older modules every global variable of the module counts.
 */
final class Spirv {

    /** The SPIR-V magic number, as the first word. */
    static final int MAGIC = 0x07230203;

    private static final int OP_NAME = 5;
    private static final int OP_MEMBER_NAME = 6;
    private static final int OP_ENTRY_POINT = 15;
    private static final int OP_EXECUTION_MODE = 16;
    private static final int OP_CAPABILITY = 17;
    private static final int OP_TYPE_BOOL = 20;
    private static final int OP_TYPE_INT = 21;
    private static final int OP_TYPE_FLOAT = 22;
    private static final int OP_TYPE_ARRAY = 28;
    private static final int OP_TYPE_STRUCT = 30;
    private static final int OP_TYPE_POINTER = 32;
    private static final int OP_CONSTANT = 43;
    private static final int OP_SPEC_CONSTANT_TRUE = 48;
    private static final int OP_SPEC_CONSTANT_FALSE = 49;
    private static final int OP_SPEC_CONSTANT = 50;
    private static final int OP_SPEC_CONSTANT_COMPOSITE = 51;
    private static final int OP_SPEC_CONSTANT_OP = 52;
    private static final int OP_VARIABLE = 59;
    private static final int OP_DECORATE = 71;
    private static final int OP_MEMBER_DECORATE = 72;
    private static final int OP_EXECUTION_MODE_ID = 331;

    private static final int CAPABILITY_KERNEL = 6;
    private static final int CAPABILITY_FLOAT64 = 10;
    private static final int CAPABILITY_INT64 = 11;
    private static final int MODEL_GL_COMPUTE = 5;
    private static final int MODE_LOCAL_SIZE = 17;
    private static final int MODE_LOCAL_SIZE_ID = 38;
    private static final int DECORATION_SPEC_ID = 1;
    private static final int DECORATION_BLOCK = 2;
    private static final int DECORATION_BUFFER_BLOCK = 3;
    private static final int DECORATION_BUILT_IN = 11;
    private static final int DECORATION_BINDING = 33;
    private static final int DECORATION_DESCRIPTOR_SET = 34;
    private static final int DECORATION_OFFSET = 35;
    private static final int BUILT_IN_WORKGROUP_SIZE = 25;
    private static final int STORAGE_UNIFORM_CONSTANT = 0;
    private static final int STORAGE_UNIFORM = 2;
    private static final int STORAGE_WORKGROUP = 4;
    private static final int STORAGE_PUSH_CONSTANT = 9;
    private static final int STORAGE_STORAGE_BUFFER = 12;

    /** The scalar types a push-constant member may have, as kbench's scalar arguments. */
    enum Scalar {
        /** 32-bit integer (signed or not): {@code i32}. */
        I32("i32", "a 32-bit integer", 4),
        /** 64-bit integer: {@code i64}. */
        I64("i64", "a 64-bit integer", 8),
        /** 32-bit float: {@code f32}. */
        F32("f32", "a 32-bit float", 4),
        /** 64-bit float: {@code f64}. */
        F64("f64", "a 64-bit float", 8);

        private final String argument;
        private final String description;
        private final int bytes;

        Scalar(String argument, String description, int bytes) {
            this.argument = argument;
            this.description = description;
            this.bytes = bytes;
        }

        /** @return the argument kind's name, e.g. {@code i32} */
        String argument() {
            return argument;
        }

        /** @return the type in words */
        String description() {
            return description;
        }

        /** @return the size in bytes */
        int bytes() {
            return bytes;
        }
    }

    /**
     * One member of an entry point's push-constant block.
     *
     * @param name the member's name from {@code OpMemberName}, or {@code member N}
     * @param offset its byte offset
     * @param type its scalar type
     */
    record PushConstant(String name, int offset, Scalar type) {
    }

    /**
     * A work-group size dimension: fixed in the module, or taken from a specialization constant.
     *
     * @param fixed the size when fixed
     * @param specId the specialization constant's id, or -1 when fixed
     */
    record Dimension(long fixed, int specId) {

        /** @return whether the launch sets this dimension */
        boolean specialized() {
            return specId >= 0;
        }
    }

    /**
     * A compute entry point and how kbench's arguments reach it.
     *
     * @param name the entry point's name
     * @param bindings the bindings of its storage buffers in descriptor set 0, ascending
     * @param pushConstants the members of its push-constant block, in member order
     * @param pushConstantBytes the size of the push-constant range
     * @param localSpecIds the specialization constants that size its {@code Workgroup} arrays, ascending
     * @param workGroupSize x, y and z of its work-group size
     */
    record Entry(String name, List<Integer> bindings, List<PushConstant> pushConstants, int pushConstantBytes,
                 List<Integer> localSpecIds, List<Dimension> workGroupSize) {
    }

    private final String source;
    private final int version;
    private final Set<Integer> capabilities;
    private final Map<String, Entry> entries;

    private Spirv(String source, int version, Set<Integer> capabilities, Map<String, Entry> entries) {
        this.source = source;
        this.version = version;
        this.capabilities = capabilities;
        this.entries = entries;
    }

    /** @return whether the module declares the {@code Kernel} capability: OpenCL SPIR-V */
    boolean openCl() {
        return capabilities.contains(CAPABILITY_KERNEL);
    }

    /** @return whether the module declares {@code Int64} */
    boolean needsInt64() {
        return capabilities.contains(CAPABILITY_INT64);
    }

    /** @return whether the module declares {@code Float64} */
    boolean needsFloat64() {
        return capabilities.contains(CAPABILITY_FLOAT64);
    }

    /** @return the SPIR-V version as {@code major.minor} */
    String version() {
        return (version >>> 16 & 0xff) + "." + (version >>> 8 & 0xff);
    }

    /** @return the compute entry points by name, in module order */
    Map<String, Entry> entries() {
        return entries;
    }

    /**
     * Reads a module.
     *
     * @param code the module's bytes
     * @param source the source's name, for messages
     * @return the module's description
     * @throws KernelException naming the source if the bytes are not a SPIR-V module or one kbench cannot bind
     */
    static Spirv parse(byte[] code, String source) {
        if (code.length < 20 || code.length % 4 != 0) {
            throw new KernelException("'" + source + "' is not a SPIR-V module: " + code.length
                    + " bytes, not a whole number of 32-bit words after the 5-word header");
        }
        ByteBuffer bytes = ByteBuffer.wrap(code).order(ByteOrder.LITTLE_ENDIAN);
        if (bytes.getInt(0) != MAGIC) {
            bytes.order(ByteOrder.BIG_ENDIAN);
            if (bytes.getInt(0) != MAGIC) {
                throw new KernelException("'" + source + "' is not a SPIR-V module: its first word is 0x"
                        + Integer.toHexString(bytes.order(ByteOrder.LITTLE_ENDIAN).getInt(0)) + ", not the magic number 0x"
                        + Integer.toHexString(MAGIC));
            }
        }
        int[] words = new int[code.length / 4];
        for (int i = 0; i < words.length; i++) {
            words[i] = bytes.getInt(4 * i);
        }
        return new Reader(source, words).read();
    }

    /** One pass over the instructions, then the entry points' resources. */
    private static final class Reader {
        private final String source;
        private final int[] words;
        private final Set<Integer> capabilities = new TreeSet<>();
        private final List<int[]> entryPoints = new ArrayList<>();
        private final Map<Integer, String> entryNames = new HashMap<>();
        private final Map<Integer, int[]> localSize = new HashMap<>();
        private final Map<Integer, int[]> localSizeId = new HashMap<>();
        private final Map<Integer, Map<Integer, Integer>> decorations = new HashMap<>();
        private final Map<Integer, Map<Integer, Integer>> memberOffsets = new HashMap<>();
        private final Map<Integer, Map<Integer, String>> memberNames = new HashMap<>();
        private final Map<Integer, String> names = new HashMap<>();
        private final Map<Integer, int[]> types = new HashMap<>();
        private final Map<Integer, Long> constants = new HashMap<>();
        private final Map<Integer, int[]> specComposites = new HashMap<>();
        private final Map<Integer, int[]> specOperations = new HashMap<>();
        private final Set<Integer> specConstants = new HashSet<>();
        private final Map<Integer, int[]> variables = new LinkedHashMap<>();

        Reader(String source, int[] words) {
            this.source = source;
            this.words = words;
        }

        Spirv read() {
            int at = 5;
            while (at < words.length) {
                int count = words[at] >>> 16;
                int opcode = words[at] & 0xffff;
                if (count == 0 || at + count > words.length) {
                    throw new KernelException("'" + source + "' is not a valid SPIR-V module: instruction " + opcode
                            + " at word " + at + " has a length of " + count + " words");
                }
                instruction(opcode, java.util.Arrays.copyOfRange(words, at + 1, at + count));
                at += count;
            }
            Map<String, Entry> entries = new LinkedHashMap<>();
            for (int[] entry : entryPoints) {
                if (entry[0] == MODEL_GL_COMPUTE) {
                    Entry e = entry(entry);
                    entries.put(e.name(), e);
                }
            }
            return new Spirv(source, words[1], Collections.unmodifiableSet(capabilities),
                    Collections.unmodifiableMap(entries));
        }

        private void instruction(int opcode, int[] operands) {
            switch (opcode) {
                case OP_CAPABILITY -> capabilities.add(operands[0]);
                case OP_ENTRY_POINT -> {
                    int nameWords = stringWords(operands, 2);
                    entryNames.put(operands[1], string(operands, 2));
                    int[] entry = new int[2 + operands.length - 2 - nameWords];
                    entry[0] = operands[0];
                    entry[1] = operands[1];
                    System.arraycopy(operands, 2 + nameWords, entry, 2, entry.length - 2);
                    entryPoints.add(entry);
                }
                case OP_EXECUTION_MODE -> {
                    if (operands[1] == MODE_LOCAL_SIZE) {
                        localSize.put(operands[0], java.util.Arrays.copyOfRange(operands, 2, 5));
                    }
                }
                case OP_EXECUTION_MODE_ID -> {
                    if (operands[1] == MODE_LOCAL_SIZE_ID) {
                        localSizeId.put(operands[0], java.util.Arrays.copyOfRange(operands, 2, 5));
                    }
                }
                case OP_NAME -> names.put(operands[0], string(operands, 1));
                case OP_MEMBER_NAME -> memberNames.computeIfAbsent(operands[0], k -> new HashMap<>())
                        .put(operands[1], string(operands, 2));
                case OP_DECORATE -> decorations.computeIfAbsent(operands[0], k -> new HashMap<>())
                        .put(operands[1], operands.length > 2 ? operands[2] : 0);
                case OP_MEMBER_DECORATE -> {
                    if (operands[2] == DECORATION_OFFSET) {
                        memberOffsets.computeIfAbsent(operands[0], k -> new HashMap<>()).put(operands[1], operands[3]);
                    }
                }
                case OP_TYPE_BOOL, OP_TYPE_INT, OP_TYPE_FLOAT, OP_TYPE_ARRAY, OP_TYPE_STRUCT, OP_TYPE_POINTER -> {
                    int[] type = new int[operands.length];
                    type[0] = opcode;
                    System.arraycopy(operands, 1, type, 1, operands.length - 1);
                    types.put(operands[0], type);
                }
                case OP_CONSTANT -> constants.put(operands[1], operands[2] & 0xffffffffL);
                case OP_SPEC_CONSTANT, OP_SPEC_CONSTANT_TRUE, OP_SPEC_CONSTANT_FALSE -> specConstants.add(operands[1]);
                case OP_SPEC_CONSTANT_COMPOSITE -> specComposites.put(operands[1],
                        java.util.Arrays.copyOfRange(operands, 2, operands.length));
                case OP_SPEC_CONSTANT_OP -> specOperations.put(operands[1],
                        java.util.Arrays.copyOfRange(operands, 3, operands.length));
                case OP_VARIABLE -> {
                    if (operands.length >= 3 && operands[2] != 7) {  // 7: Function storage, not a global
                        variables.put(operands[1], new int[] {operands[0], operands[2]});
                    }
                }
                default -> { }
            }
        }

        private Entry entry(int[] entryPoint) {
            int function = entryPoint[1];
            String name = entryNames.get(function);
            List<Integer> used = new ArrayList<>();
            if ((words[1] >>> 8 & 0xffff) >= 0x0104) {
                for (int i = 2; i < entryPoint.length; i++) {
                    used.add(entryPoint[i]);
                }
            } else {
                used.addAll(variables.keySet());
            }
            List<Dimension> size = workGroupSize(function);
            Set<Integer> sizeSpecIds = new HashSet<>();
            size.stream().filter(Dimension::specialized).forEach(d -> sizeSpecIds.add(d.specId()));
            TreeSet<Integer> bindings = new TreeSet<>();
            List<PushConstant> pushConstants = List.of();
            int pushBytes = 0;
            TreeSet<Integer> localSpecIds = new TreeSet<>();
            for (int id : used) {
                int[] variable = variables.get(id);
                if (variable == null) {
                    continue;
                }
                int storage = variable[1];
                int pointee = pointee(variable[0]);
                Map<Integer, Integer> decorated = decorations.getOrDefault(id, Map.of());
                if (storage == STORAGE_STORAGE_BUFFER || storage == STORAGE_UNIFORM && decoratedWith(pointee,
                        DECORATION_BUFFER_BLOCK)) {
                    int set = decorated.getOrDefault(DECORATION_DESCRIPTOR_SET, 0);
                    int binding = decorated.getOrDefault(DECORATION_BINDING, 0);
                    if (set != 0) {
                        throw refuse(name, "its storage buffer " + describe(id) + " is in descriptor set " + set
                                + "; kbench binds buffers in set 0 only");
                    }
                    if (!bindings.add(binding)) {
                        throw refuse(name, "two of its storage buffers share binding " + binding);
                    }
                } else if (storage == STORAGE_UNIFORM || storage == STORAGE_UNIFORM_CONSTANT) {
                    throw refuse(name, "it uses " + describe(id) + (storage == STORAGE_UNIFORM ? ", a uniform buffer"
                            : ", an image, sampler or other opaque resource") + ", which kbench cannot bind; declare "
                            + "buffers as storage buffers (layout(set = 0, binding = N) buffer ...)");
                } else if (storage == STORAGE_PUSH_CONSTANT) {
                    pushConstants = pushConstants(name, pointee);
                    pushBytes = pushConstants.stream().mapToInt(p -> p.offset() + p.type().bytes()).max().orElse(0);
                } else if (storage == STORAGE_WORKGROUP) {
                    localSpecIds.addAll(arraySpecIds(pointee, sizeSpecIds));
                }
            }
            return new Entry(name, List.copyOf(bindings), pushConstants, pushBytes, List.copyOf(localSpecIds), size);
        }

        private List<Dimension> workGroupSize(int function) {
            for (Map.Entry<Integer, Map<Integer, Integer>> d : decorations.entrySet()) {
                Integer builtIn = d.getValue().get(DECORATION_BUILT_IN);
                if (builtIn != null && builtIn == BUILT_IN_WORKGROUP_SIZE && specComposites.containsKey(d.getKey())) {
                    return dimensions(specComposites.get(d.getKey()));
                }
                if (builtIn != null && builtIn == BUILT_IN_WORKGROUP_SIZE) {
                    throw refuse(entryNames.get(function), "its WorkgroupSize built-in is not a specialization "
                            + "constant composite kbench can read");
                }
            }
            if (localSizeId.containsKey(function)) {
                return dimensions(localSizeId.get(function));
            }
            int[] fixed = localSize.getOrDefault(function, new int[] {1, 1, 1});
            return List.of(new Dimension(fixed[0] & 0xffffffffL, -1), new Dimension(fixed[1] & 0xffffffffL, -1),
                    new Dimension(fixed[2] & 0xffffffffL, -1));
        }

        private List<Dimension> dimensions(int[] ids) {
            List<Dimension> dims = new ArrayList<>();
            for (int id : ids) {
                Integer specId = decorations.getOrDefault(id, Map.of()).get(DECORATION_SPEC_ID);
                if (specConstants.contains(id) && specId != null) {
                    dims.add(new Dimension(1, specId));
                } else {
                    dims.add(new Dimension(constants.getOrDefault(id, 1L), -1));
                }
            }
            return List.copyOf(dims);
        }

        private List<PushConstant> pushConstants(String entry, int struct) {
            int[] type = types.get(struct);
            if (type == null || type[0] != OP_TYPE_STRUCT) {
                throw refuse(entry, "its push constants are not a block (a struct)");
            }
            List<PushConstant> members = new ArrayList<>();
            for (int m = 1; m < type.length; m++) {
                int member = m - 1;
                String memberName = memberNames.getOrDefault(struct, Map.of()).getOrDefault(member, "");
                String label = "push constant member " + member + (memberName.isEmpty() ? "" : " ('" + memberName + "')");
                Scalar scalar = scalar(types.get(type[m]));
                if (scalar == null) {
                    throw refuse(entry, "its " + label + " is not a 32- or 64-bit integer or float; kbench passes "
                            + "only i32, i64, f32 and f64 scalars as push constants");
                }
                Integer offset = memberOffsets.getOrDefault(struct, Map.of()).get(member);
                if (offset == null) {
                    throw refuse(entry, "its " + label + " has no Offset decoration");
                }
                members.add(new PushConstant(memberName.isEmpty() ? "member " + member : memberName, offset, scalar));
            }
            return List.copyOf(members);
        }

        private Scalar scalar(int[] type) {
            if (type == null) {
                return null;
            }
            if (type[0] == OP_TYPE_INT) {
                return type[1] == 32 ? Scalar.I32 : type[1] == 64 ? Scalar.I64 : null;
            }
            if (type[0] == OP_TYPE_FLOAT) {
                return type[1] == 32 ? Scalar.F32 : type[1] == 64 ? Scalar.F64 : null;
            }
            return null;
        }

        private Set<Integer> arraySpecIds(int type, Set<Integer> excluded) {
            int[] t = types.get(type);
            Set<Integer> ids = new TreeSet<>();
            if (t != null && t[0] == OP_TYPE_ARRAY) {
                specIdsOf(t[2], ids, new HashSet<>());
                ids.addAll(arraySpecIds(t[1], excluded));
            } else if (t != null && t[0] == OP_TYPE_STRUCT) {
                for (int m = 1; m < t.length; m++) {
                    ids.addAll(arraySpecIds(t[m], excluded));
                }
            }
            ids.removeAll(excluded);
            return ids;
        }

        private void specIdsOf(int id, Set<Integer> into, Set<Integer> seen) {
            if (!seen.add(id)) {
                return;
            }
            if (specConstants.contains(id)) {
                Integer specId = decorations.getOrDefault(id, Map.of()).get(DECORATION_SPEC_ID);
                if (specId != null) {
                    into.add(specId);
                }
            } else if (specOperations.containsKey(id)) {
                for (int operand : specOperations.get(id)) {
                    specIdsOf(operand, into, seen);
                }
            } else if (specComposites.containsKey(id)) {
                for (int operand : specComposites.get(id)) {
                    specIdsOf(operand, into, seen);
                }
            }
        }

        private int pointee(int pointerType) {
            int[] t = types.get(pointerType);
            return t != null && t[0] == OP_TYPE_POINTER ? t[2] : -1;
        }

        private boolean decoratedWith(int id, int decoration) {
            return decorations.getOrDefault(id, Map.of()).containsKey(decoration);
        }

        private String describe(int id) {
            String name = names.get(id);
            return name == null || name.isEmpty() ? "%" + id : "'" + name + "'";
        }

        private KernelException refuse(String entry, String why) {
            return new KernelException("cannot launch entry point '" + entry + "' of '" + source + "': " + why);
        }

        private static int stringWords(int[] operands, int from) {
            int n = 0;
            for (int i = from; i < operands.length; i++) {
                n++;
                int w = operands[i];
                if ((w & 0xff) == 0 || (w >>> 8 & 0xff) == 0 || (w >>> 16 & 0xff) == 0 || (w >>> 24) == 0) {
                    break;
                }
            }
            return n;
        }

        private static String string(int[] operands, int from) {
            int n = stringWords(operands, from);
            byte[] bytes = new byte[4 * n];
            for (int i = 0; i < n; i++) {
                int w = operands[from + i];
                bytes[4 * i] = (byte) w;
                bytes[4 * i + 1] = (byte) (w >>> 8);
                bytes[4 * i + 2] = (byte) (w >>> 16);
                bytes[4 * i + 3] = (byte) (w >>> 24);
            }
            int end = 0;
            while (end < bytes.length && bytes[end] != 0) {
                end++;
            }
            return new String(bytes, 0, end, StandardCharsets.UTF_8);
        }
    }

    @Override
    public String toString() {
        return "SPIR-V " + version() + " module '" + source + "' with compute entry points " + new TreeMap<>(entries).keySet();
    }
}

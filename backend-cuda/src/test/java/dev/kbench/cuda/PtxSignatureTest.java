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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelException;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PtxSignatureTest {

    /** A buffer stand-in: the signature check only looks at the argument's kind. */
    private static final DeviceBuffer BUFFER = new DeviceBuffer() {
        @Override
        public long bytes() {
            return 4;
        }

        @Override
        public void close() {
        }
    };

    @Test
    void parsesTheCommittedGeluPtx() throws IOException {
        Map<String, List<PtxSignature.Param>> entries = PtxSignature.parse(Files.readString(TestFiles.kernel("gelu.ptx")));

        assertEquals(List.of("gelu", "empty"), List.copyOf(entries.keySet()));
        assertEquals(List.of(new PtxSignature.Param("gelu_param_0", "u64", 8, false),
                new PtxSignature.Param("gelu_param_1", "u64", 8, false),
                new PtxSignature.Param("gelu_param_2", "u32", 4, false)), entries.get("gelu"));
        assertEquals(3, entries.get("empty").size());
    }

    @Test
    void parsesQualifiersArraysCommentsAndEmptyLists() {
        String ptx = """
                // .entry commented(.param .u32 x)
                /* .entry alsoCommented(
                   .param .u64 y) */
                .visible .entry k(
                    .param .u64 .ptr .global .align 4 k_param_0,
                    .param .align 8 .b8 k_param_1[16],
                    .param .f64 k_param_2,
                    .param .s32 k_param_3
                )
                .maxntid 256, 1, 1
                { ret; }
                .func helper(.param .u32 h) { ret; }
                .entry none()
                { ret; }
                """;

        Map<String, List<PtxSignature.Param>> entries = PtxSignature.parse(ptx);

        assertEquals(List.of("k", "none"), List.copyOf(entries.keySet()));
        assertEquals(List.of(new PtxSignature.Param("k_param_0", "u64", 8, false),
                new PtxSignature.Param("k_param_1", "b8", 16, true),
                new PtxSignature.Param("k_param_2", "f64", 8, false),
                new PtxSignature.Param("k_param_3", "s32", 4, false)), entries.get("k"));
        assertEquals(List.of(), entries.get("none"));
    }

    @Test
    void acceptsMatchingArgumentsAndIgnoresLocalMemory() {
        List<PtxSignature.Param> gelu = PtxSignature.parse(".entry gelu(.param .u64 a, .param .u64 b, .param .u32 n)")
                .get("gelu");

        PtxSignature.check("gelu", gelu, List.of(KernelArg.buffer(BUFFER), KernelArg.local(1024),
                KernelArg.buffer(BUFFER), KernelArg.i32(7)));
        PtxSignature.check("gelu", gelu, List.of(KernelArg.i64(0), KernelArg.buffer(BUFFER), KernelArg.i32(7)));
    }

    @Test
    void rejectsAWrongArgumentCountNamingTheKernelAndTheTypes() {
        List<PtxSignature.Param> gelu = PtxSignature.parse(".entry gelu(.param .u64 a, .param .u64 b, .param .u32 n)")
                .get("gelu");

        KernelException e = assertThrows(KernelException.class, () -> PtxSignature.check("gelu", gelu,
                List.of(KernelArg.buffer(BUFFER), KernelArg.buffer(BUFFER))));

        assertEquals("kernel 'gelu' takes 3 parameter(s) (.u64, .u64, .u32) but 2 argument(s) were given "
                + "(a buffer (8-byte pointer), a buffer (8-byte pointer)); KernelArg.local(...) is dynamic shared "
                + "memory on CUDA and does not count", e.getMessage());
    }

    @Test
    void rejectsAWrongSizeOrKindNamingTheIndexAndTheExpectedType() {
        List<PtxSignature.Param> params = PtxSignature.parse(
                ".entry k(.param .u64 p, .param .u32 n, .param .f32 s, .param .f64 d, .param .b8 st[8], .param .u16 h)")
                .get("k");
        List<KernelArg> good = List.of(KernelArg.buffer(BUFFER), KernelArg.i32(1), KernelArg.f32(1), KernelArg.f64(1));

        KernelException size = assertThrows(KernelException.class,
                () -> PtxSignature.check("k", params, List.of(KernelArg.buffer(BUFFER), KernelArg.i64(5),
                        KernelArg.f32(1), KernelArg.f64(1), KernelArg.i64(0), KernelArg.i32(0))));
        assertEquals("argument 1 of kernel 'k' is i64 5 but parameter 1 'n' is .u32 (4 bytes): expected KernelArg.i32",
                size.getMessage());

        KernelException kind = assertThrows(KernelException.class,
                () -> PtxSignature.check("k", params, List.of(KernelArg.buffer(BUFFER), KernelArg.i32(1),
                        KernelArg.i32(1), KernelArg.f64(1), KernelArg.i64(0), KernelArg.i32(0))));
        assertEquals("argument 2 of kernel 'k' is i32 1 but parameter 2 's' is .f32 (4 bytes): expected KernelArg.f32",
                kind.getMessage());

        KernelException pointer = assertThrows(KernelException.class,
                () -> PtxSignature.check("k", params, List.of(KernelArg.f64(1), KernelArg.i32(1),
                        KernelArg.f32(1), KernelArg.f64(1), KernelArg.i64(0), KernelArg.i32(0))));
        assertTrue(pointer.getMessage().startsWith("argument 0 of kernel 'k' is f64 1.0 but parameter 0 'p' is .u64"),
                pointer.getMessage());

        KernelException struct = assertThrows(KernelException.class, () -> PtxSignature.check("k", params,
                concat(good, KernelArg.i64(0), KernelArg.i32(0))));
        assertEquals("argument 4 of kernel 'k' is i64 0 but parameter 4 'st' is .b8[8] (8 bytes): a by-value struct or "
                + "array parameter cannot be passed with KernelArg", struct.getMessage());
    }

    @Test
    void namesTheSizeKernelArgCannotPass() {
        List<PtxSignature.Param> params = PtxSignature.parse(".entry k(.param .u16 h)").get("k");

        KernelException e = assertThrows(KernelException.class,
                () -> PtxSignature.check("k", params, List.of(KernelArg.i32(1))));

        assertEquals("argument 0 of kernel 'k' is i32 1 but parameter 0 'h' is .u16 (2 bytes): expected a 2-byte value, "
                + "which KernelArg cannot pass (it has 4- and 8-byte scalars and pointers)", e.getMessage());
    }

    private static List<KernelArg> concat(List<KernelArg> head, KernelArg... tail) {
        return java.util.stream.Stream.concat(head.stream(), java.util.Arrays.stream(tail)).toList();
    }
}

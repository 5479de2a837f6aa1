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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kbench.api.DeviceBuffer;
import dev.kbench.api.KernelArg;
import dev.kbench.api.KernelException;
import java.util.List;
import java.util.Optional;
import org.jocl.CL;
import org.junit.jupiter.api.Test;

/** The argument check against signatures a driver may report, including types PoCL's kernels here do not use. */
class KernelSignatureTest {

    private static KernelSignature.Param param(int index, String name, String type, int qualifier) {
        return new KernelSignature.Param(index, name, type, qualifier);
    }

    @Test
    void unsignedAndLongTypesMapToTheirKinds() {
        KernelSignature signature = new KernelSignature("k", 4, Optional.of(List.of(
                param(0, "a", "uint", CL.CL_KERNEL_ARG_ADDRESS_PRIVATE),
                param(1, "b", "unsigned long", CL.CL_KERNEL_ARG_ADDRESS_PRIVATE),
                param(2, "c", "double", CL.CL_KERNEL_ARG_ADDRESS_PRIVATE),
                param(3, "d", "float*", CL.CL_KERNEL_ARG_ADDRESS_CONSTANT))));
        try (DeviceBuffer buffer = OpenCl.driver().device().allocate(4)) {
            signature.check(List.of(KernelArg.i32(1), KernelArg.i64(2), KernelArg.f64(3), KernelArg.buffer(buffer)));
            KernelException e = assertThrows(KernelException.class, () -> signature.check(List.of(KernelArg.i64(1),
                    KernelArg.i64(2), KernelArg.f64(3), KernelArg.buffer(buffer))));
            assertEquals("kernel 'k' argument 0 ('uint a'): expected a 32-bit integer (KernelArg.i32), got a 64-bit integer "
                    + "(KernelArg.i64(1))", e.getMessage());
            KernelException constant = assertThrows(KernelException.class, () -> signature.check(List.of(KernelArg.i32(1),
                    KernelArg.i64(2), KernelArg.f64(3), KernelArg.f32(0))));
            assertEquals("kernel 'k' argument 3 ('__constant float* d'): expected a device buffer (KernelArg.buffer), got a "
                    + "float (KernelArg.f32(0.0))", constant.getMessage());
        }
    }

    @Test
    void typesKbenchCannotPassAreNamed() {
        KernelSignature signature = new KernelSignature("k", 1, Optional.of(List.of(
                param(0, "s", "short", CL.CL_KERNEL_ARG_ADDRESS_PRIVATE))));
        KernelException e = assertThrows(KernelException.class, () -> signature.check(List.of(KernelArg.i32(1))));
        assertEquals("kernel 'k' argument 0 ('short s'): expected a 'short' value, which kbench cannot pass (it passes int, long, "
                + "float and double scalars); declare the parameter as one of those, got a 32-bit integer (KernelArg.i32(1))",
                e.getMessage());
    }

    @Test
    void typedefsAndVectorsAreLeftToTheDriversSizeCheck() {
        KernelSignature signature = new KernelSignature("k", 2, Optional.of(List.of(
                param(0, "v", "float2", CL.CL_KERNEL_ARG_ADDRESS_PRIVATE),
                param(1, "t", "my_index_t", CL.CL_KERNEL_ARG_ADDRESS_PRIVATE))));
        signature.check(List.of(KernelArg.i64(0), KernelArg.i32(1)));
        KernelException e = assertThrows(KernelException.class,
                () -> signature.check(List.of(KernelArg.local(8), KernelArg.i32(1))));
        assertEquals("kernel 'k' argument 0 ('float2 v'): expected a scalar value, got local memory (KernelArg.local(8))",
                e.getMessage());
    }

    @Test
    void withoutArgumentInformationOnlyTheCountIsChecked() {
        KernelSignature signature = new KernelSignature("k", 2, Optional.empty());
        signature.check(List.of(KernelArg.f32(1), KernelArg.local(4)));
        KernelException e = assertThrows(KernelException.class, () -> signature.check(List.of(KernelArg.f32(1))));
        assertEquals("kernel 'k' takes 2 arguments, got 1", e.getMessage());
    }

}

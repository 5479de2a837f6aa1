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

import dev.kbench.spi.kit.NativeBuffer;
import org.jocl.CL;
import org.jocl.cl_mem;

/** A {@code cl_mem} buffer of an {@link OpenClDevice}. */
final class OpenClBuffer extends NativeBuffer<OpenClDevice> implements Resource {

    private final cl_mem mem;

    OpenClBuffer(OpenClDevice device, cl_mem mem, long bytes) {
        super("opencl", device, bytes);
        this.mem = mem;
    }

    cl_mem mem() {
        return mem;
    }

    @Override
    protected void free() {
        device().forget(this);
        Cl.check("clReleaseMemObject(" + bytes() + " bytes)", () -> CL.clReleaseMemObject(mem));
        device().counts().onRelease(NativeCounts.Kind.BUFFER);
    }

    @Override
    public void release() {
        close();
    }
}

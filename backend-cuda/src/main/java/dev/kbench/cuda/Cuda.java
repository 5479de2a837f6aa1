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

import dev.kbench.api.DeviceException;
import jcuda.CudaException;
import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;

/** Error handling for CUDA driver API results. Stateless. */
final class Cuda {

    private Cuda() {
    }

    /**
     * A CUDA result as text, e.g. {@code CUDA_ERROR_OUT_OF_MEMORY (out of memory)}.
     *
     * @param result the {@code CUresult}
     * @return its name and the driver's description where it gives one
     */
    static String describe(int result) {
        String name = CUresult.stringFor(result);
        try {
            String[] text = new String[1];
            if (JCudaDriver.cuGetErrorString(result, text) == CUresult.CUDA_SUCCESS && text[0] != null) {
                return name + " (" + text[0] + ")";
            }
        } catch (CudaException | LinkageError e) {
            // the name alone is still useful
        }
        return name;
    }

    /**
     * Throws unless {@code result} is {@code CUDA_SUCCESS}.
     *
     * @param result the {@code CUresult}
     * @param what the call and its subject, for the message
     * @throws DeviceException naming {@code what} and the error
     */
    static void check(int result, String what) {
        if (result != CUresult.CUDA_SUCCESS) {
            throw new DeviceException(what + " failed: " + describe(result));
        }
    }

    /**
     * The result code of a {@link CudaException} thrown by JCuda when a user enabled
     * {@link JCudaDriver#setExceptionsEnabled(boolean)}; its message is the error's name.
     *
     * @param e the exception
     * @return the message, which names the error
     */
    static String describe(CudaException e) {
        return String.valueOf(e.getMessage());
    }
}

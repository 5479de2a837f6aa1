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
package dev.kbench.levelzero;

import java.lang.foreign.MemorySegment;
import java.util.Objects;

/**
 * The native Level Zero handles behind the levelzero backend's device, for users who append their own
 * work to the same stream. Obtain them with {@code device.unwrap(LevelZeroHandles.class)}; the command
 * list alone is also {@code device.unwrap(MemorySegment.class)}.
 *
 * <p>The handles are zero-length segments holding the addresses; they stay valid until the driver is
 * closed, and the backend owns them: never destroy them. The command list is an <em>immediate</em>
 * command list in asynchronous mode. Level Zero 1.4 command lists do not promise that one command
 * finishes before the next starts, so the backend appends {@code zeCommandListAppendBarrier} before each
 * command it appends; to keep the stream in order, do the same before each of yours. Work appended
 * here is covered by the device's {@code synchronize()} and by events recorded after it.
 *
 * @param driver the {@code ze_driver_handle_t}
 * @param device the {@code ze_device_handle_t}
 * @param context the {@code ze_context_handle_t}
 * @param commandList the immediate {@code ze_command_list_handle_t}
 */
public record LevelZeroHandles(MemorySegment driver, MemorySegment device, MemorySegment context,
                               MemorySegment commandList) {

    /** Validates the handles. */
    public LevelZeroHandles {
        Objects.requireNonNull(driver, "driver");
        Objects.requireNonNull(device, "device");
        Objects.requireNonNull(context, "context");
        Objects.requireNonNull(commandList, "commandList");
    }
}

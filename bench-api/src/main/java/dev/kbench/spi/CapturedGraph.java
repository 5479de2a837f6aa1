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
package dev.kbench.spi;

/** Work recorded by {@link DeviceInterface#capture(Runnable)}, replayable without host launch cost. */
public interface CapturedGraph extends AutoCloseable {

    /** Enqueues one replay of the whole graph on the device's work stream; returns at once. */
    void replay();

    /** Frees the graph. Idempotent. */
    @Override
    void close();
}

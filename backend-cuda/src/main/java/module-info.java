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
/**
 * kbench's CUDA backend: the driver {@code cuda}, on JCuda 12.6.0 (the CUDA driver API through JNI).
 *
 * <p>It runs all work on one non-default stream it owns, in the device's primary context; events are
 * {@code cuEventCreate}/{@code cuEventRecord}/{@code cuEventElapsedTime}; the cache clear is a
 * {@code cuMemsetD32Async} of a 256 MiB buffer (or of the size the caller chooses, e.g.
 * {@link dev.kbench.api.CacheSizes#deviceSized}); kernels come from PTX (JIT-compiled by the driver,
 * with the JIT log in errors) or cubin/fatbin; graph mode uses stream capture. The stream, context and
 * device are reachable with {@code device().unwrap(jcuda.driver.CUstream.class)} (also
 * {@code CUcontext}, {@code CUdevice}).
 *
 * <p>Tunables:
 * <ul>
 *   <li>{@systemProperty kbench.cuda.device}: the index of the CUDA device to use (default 0).</li>
 *   <li>{@systemProperty kbench.cuda.launch}: {@code ffm} or {@code jcuda}, how kernels are launched;
 *       unset: {@code cuLaunchKernel} through {@code java.lang.foreign} when that can be set up, else
 *       JCuda's {@code cuLaunchKernel} (the inventory and the facts' {@code launchPath} say which, and
 *       why).</li>
 *   <li>{@systemProperty kbench.cuda.telemetry}: {@code nvml} (default) reads the SM clock, the
 *       temperature, the throttling reasons and violation counters and the energy counter through NVML
 *       before and after every repetition (the {@code sm_clock_mhz}, {@code throttle} and
 *       {@code joules_per_call} columns); {@code off} reads nothing, for an A/B of the reading itself; any other value makes the driver
 *       inactive with the reason.</li>
 * </ul>
 *
 * <p>JCuda's jars have no module descriptors: they are the automatic modules {@code jcuda} and
 * {@code jcuda.natives}. Grant native access to {@code jcuda} and to this module
 * ({@code --enable-native-access=jcuda,dev.kbench.cuda} on the module path, {@code ALL-UNNAMED} on the
 * class path); without it for this module, launches go through JCuda. The backend extracts JCuda's JNI
 * library itself, so the natives jar works on the module path too (see docs/cuda.md).
 *
 * @provides dev.kbench.spi.Driver
 */
module dev.kbench.cuda {
    requires dev.kbench.api;
    requires jcuda;

    exports dev.kbench.cuda;

    provides dev.kbench.spi.Driver with dev.kbench.cuda.CudaDriver;
}

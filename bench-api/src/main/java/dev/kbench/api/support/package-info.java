/**
 * What the three backends share, for backend authors only: the skeleton of a native device buffer
 * ({@link dev.kbench.api.support.NativeBuffer}) and the argument checks every
 * {@link dev.kbench.api.DeviceInterface} makes the same way ({@link dev.kbench.api.support.BufferChecks}),
 * with one wording. Users of kbench never need it; it is exported only so that backend modules can
 * reach it (the layering test in bench/architecture keeps bench-stats and bench-cli off it).
 */
package dev.kbench.api.support;

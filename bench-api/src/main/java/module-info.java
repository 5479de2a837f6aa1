/**
 * kbench's core: the backend SPI ({@link dev.kbench.api.Driver}, {@link dev.kbench.api.DeviceInterface},
 * {@link dev.kbench.api.Event}, {@link dev.kbench.api.CacheClearer}), the driver lookup
 * ({@link dev.kbench.api.Drivers}) and Triton-exact timing ({@link dev.kbench.api.Bench}).
 *
 * <p>Tunables:
 * <ul>
 *   <li>{@systemProperty kbench.backend} (or the environment variable {@code KBENCH_BACKEND}): the
 *       name of the driver to use ({@code cuda}, {@code opencl}, {@code levelzero}); an explicit choice
 *       wins over the "exactly one active driver" rule.</li>
 * </ul>
 *
 * @uses dev.kbench.api.Driver
 */
module dev.kbench.api {
    exports dev.kbench.api;
    // For backend authors only; to become a qualified export (exports ... to the backend modules).
    exports dev.kbench.api.support;

    uses dev.kbench.api.Driver;
}

package dev.kbench.api;

/**
 * A buffer in device memory, created by {@link DeviceInterface#allocate(long)}.
 * Closing it frees the device memory; a closed buffer must not be passed to a kernel.
 */
public interface DeviceBuffer extends AutoCloseable {

    /**
     * The buffer's size.
     *
     * @return bytes
     */
    long bytes();

    /** Frees the device memory. Idempotent. */
    @Override
    void close();
}

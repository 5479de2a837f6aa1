package dev.kbench.api;

/**
 * Flushes the device caches by writing a buffer on the work stream, as Triton's {@code clear_cache}:
 * after {@link #clear()} a kernel finds none of its data in the last-level cache.
 */
public interface CacheClearer extends AutoCloseable {

    /** Triton's fixed flush size: 256 MiB. */
    long TRITON_BYTES = 256L << 20;

    /** Enqueues the write of the whole buffer on the device's work stream; returns at once. */
    void clear();

    /**
     * The size of the buffer written by each {@link #clear()}.
     *
     * @return bytes
     */
    long bytes();

    /** Frees the buffer. Idempotent. */
    @Override
    void close();
}

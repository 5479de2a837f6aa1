package dev.kbench.api;

/**
 * A device-side timestamp on the device's work stream, as Triton's {@code Event(enable_timing=True)}.
 * Not thread-safe; one event is recorded by one thread at a time.
 */
public interface Event extends AutoCloseable {

    /** Records this event at the current end of the device's work stream; returns at once. */
    void record();

    /** Blocks until the work recorded before this event has completed on the device. */
    void synchronize();

    /**
     * Device time between this event and a later one, both recorded and completed.
     *
     * @param end an event recorded after this one on the same device
     * @return elapsed time in milliseconds, finite and {@code >= 0}
     * @throws IllegalStateException if either event was not recorded or its timestamp is invalid
     */
    double elapsedMillis(Event end);

    /** Releases the native event. Idempotent. */
    @Override
    void close();
}

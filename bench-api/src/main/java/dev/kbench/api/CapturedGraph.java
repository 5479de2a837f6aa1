package dev.kbench.api;

/** Work recorded by {@link DeviceInterface#capture(Runnable)}, replayable without host launch cost. */
public interface CapturedGraph extends AutoCloseable {

    /** Enqueues one replay of the whole graph on the device's work stream; returns at once. */
    void replay();

    /** Frees the graph. Idempotent. */
    @Override
    void close();
}

package dev.kbench.levelzero;

import dev.kbench.api.CacheClearer;

import java.lang.foreign.MemorySegment;

/**
 * Triton's {@code clear_cache} on Level Zero: a device buffer zeroed by
 * {@code zeCommandListAppendMemoryFill} (after a barrier) on each {@link #clear()}.
 */
final class ZeCacheClearer implements CacheClearer {

    private final LevelZeroDevice device;
    private final MemorySegment pointer;
    private final long bytes;
    private boolean closed;

    ZeCacheClearer(LevelZeroDevice device, MemorySegment pointer, long bytes) {
        this.device = device;
        this.pointer = pointer;
        this.bytes = bytes;
    }

    @Override
    public void clear() {
        if (closed) {
            throw new IllegalStateException("the cache clearer of " + bytes + " bytes is closed");
        }
        device.appendZero(pointer, bytes);
    }

    @Override
    public long bytes() {
        return bytes;
    }

    /**
     * The device address of the buffer it writes, for tests.
     *
     * @return a zero-length segment
     */
    MemorySegment pointer() {
        return pointer;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        device.release(this);
        if (!device.isClosed()) {
            device.awaitIdle();
            device.freeMemory(pointer);
        }
    }
}

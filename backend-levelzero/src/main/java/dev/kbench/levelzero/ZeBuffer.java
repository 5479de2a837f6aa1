package dev.kbench.levelzero;

import dev.kbench.api.DeviceBuffer;

import java.lang.foreign.MemorySegment;

/** Device memory from {@code zeMemAllocDevice}, freed by {@code zeMemFree} once the stream no longer uses it. */
final class ZeBuffer implements DeviceBuffer {

    private final LevelZeroDevice device;
    private final MemorySegment pointer;
    private final long bytes;
    private boolean closed;

    ZeBuffer(LevelZeroDevice device, MemorySegment pointer, long bytes) {
        this.device = device;
        this.pointer = pointer;
        this.bytes = bytes;
    }

    @Override
    public long bytes() {
        return bytes;
    }

    LevelZeroDevice device() {
        return device;
    }

    boolean isClosed() {
        return closed;
    }

    /**
     * The device address of a byte of this buffer.
     *
     * @param offset bytes from the start, at most {@link #bytes()}
     * @return a zero-length segment at that address
     */
    MemorySegment address(long offset) {
        return offset == 0 ? pointer : MemorySegment.ofAddress(pointer.address() + offset);
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

    @Override
    public String toString() {
        return "levelzero device buffer of " + bytes + " bytes" + (closed ? " (closed)" : "");
    }
}

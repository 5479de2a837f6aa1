package dev.kbench.levelzero;

import dev.kbench.api.support.NativeBuffer;

import java.lang.foreign.MemorySegment;

/** Device memory from {@code zeMemAllocDevice}, freed by {@code zeMemFree} once the stream no longer uses it. */
final class ZeBuffer extends NativeBuffer<LevelZeroDevice> {

    private final MemorySegment pointer;

    ZeBuffer(LevelZeroDevice device, MemorySegment pointer, long bytes) {
        super("levelzero", device, bytes);
        this.pointer = pointer;
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
    protected void free() {
        device().release(this);
        if (!device().isClosed()) {
            device().awaitIdle();
            device().freeMemory(pointer);
        }
    }
}

package dev.kbench.levelzero;

import dev.kbench.api.support.BufferCacheClearer;

import java.lang.foreign.MemorySegment;

/**
 * Triton's {@code clear_cache} on Level Zero: a device buffer zeroed by
 * {@code zeCommandListAppendMemoryFill} (after a barrier) on each {@link #clear()}.
 */
final class ZeCacheClearer extends BufferCacheClearer<ZeBuffer> {

    ZeCacheClearer(ZeBuffer buffer) {
        super(buffer);
    }

    @Override
    protected void overwrite(ZeBuffer buffer) {
        buffer.device().appendZero(buffer.address(0), buffer.bytes());
    }

    /**
     * The device address of the buffer it writes, for tests.
     *
     * @return a zero-length segment
     */
    MemorySegment pointer() {
        return buffer().address(0);
    }
}

package dev.kbench.levelzero;

/** A Level Zero call returned an error; the message names the call and the result code. */
final class ZeResultException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /** The {@code ze_result_t}. */
    private final int result;

    ZeResultException(String call, int result) {
        super(call + " returned " + Ze.describe(result));
        this.result = result;
    }

    /**
     * The result code.
     *
     * @return the {@code ze_result_t} value
     */
    int result() {
        return result;
    }
}

package dev.kbench.opencl;

/** A native object owned by an {@link OpenClDevice}, released with it if the user has not closed it. */
interface Resource {

    /** Releases the native object; idempotent; never throws for an already released object. */
    void release();
}

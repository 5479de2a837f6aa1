package dev.kbench.api;

/** A built kernel module (CUDA module, OpenCL program, Level Zero module). */
public interface KernelModule extends AutoCloseable {

    /**
     * Looks up an entry point.
     *
     * @param entry the kernel's name
     * @return the kernel
     * @throws KernelException if the module has no such kernel, naming the ones it has where the
     *     backend can list them
     */
    Kernel kernel(String entry);

    /** Releases the module and its kernels. Idempotent. */
    @Override
    void close();
}

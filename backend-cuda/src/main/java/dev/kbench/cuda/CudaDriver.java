package dev.kbench.cuda;

import dev.kbench.api.Availability;
import dev.kbench.api.CacheClearer;
import dev.kbench.api.DeviceInterface;
import dev.kbench.api.Driver;

/** The cuda driver (being built: it reports itself inactive until its backend lands). */
public final class CudaDriver implements Driver {

    @Override
    public String name() {
        return "cuda";
    }

    @Override
    public Availability availability() {
        return Availability.inactive("the cuda backend is not implemented in this build");
    }

    @Override
    public DeviceInterface deviceInterface() {
        throw new IllegalStateException("cuda is inactive: " + availability().reason());
    }

    @Override
    public CacheClearer cacheClearer(long bytes) {
        throw new IllegalStateException("cuda is inactive: " + availability().reason());
    }

    @Override
    public void close() {
    }
}

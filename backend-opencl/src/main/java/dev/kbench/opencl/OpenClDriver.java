package dev.kbench.opencl;

import dev.kbench.api.Availability;
import dev.kbench.api.CacheClearer;
import dev.kbench.api.DeviceInterface;
import dev.kbench.api.Driver;

/** The opencl driver (being built: it reports itself inactive until its backend lands). */
public final class OpenClDriver implements Driver {

    @Override
    public String name() {
        return "opencl";
    }

    @Override
    public Availability availability() {
        return Availability.inactive("the opencl backend is not implemented in this build");
    }

    @Override
    public DeviceInterface deviceInterface() {
        throw new IllegalStateException("opencl is inactive: " + availability().reason());
    }

    @Override
    public CacheClearer cacheClearer(long bytes) {
        throw new IllegalStateException("opencl is inactive: " + availability().reason());
    }

    @Override
    public void close() {
    }
}

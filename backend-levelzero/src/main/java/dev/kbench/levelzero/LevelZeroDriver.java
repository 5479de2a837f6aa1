package dev.kbench.levelzero;

import dev.kbench.api.Availability;
import dev.kbench.api.CacheClearer;
import dev.kbench.api.DeviceInterface;
import dev.kbench.api.Driver;

/** The levelzero driver (being built: it reports itself inactive until its backend lands). */
public final class LevelZeroDriver implements Driver {

    @Override
    public String name() {
        return "levelzero";
    }

    @Override
    public Availability availability() {
        return Availability.inactive("the levelzero backend is not implemented in this build");
    }

    @Override
    public DeviceInterface deviceInterface() {
        throw new IllegalStateException("levelzero is inactive: " + availability().reason());
    }

    @Override
    public CacheClearer cacheClearer(long bytes) {
        throw new IllegalStateException("levelzero is inactive: " + availability().reason());
    }

    @Override
    public void close() {
    }
}

package dev.kbench.api;

import java.util.Objects;

/**
 * Whether a driver can run on this machine, with the reason when it cannot.
 *
 * @param active whether the driver found a usable device
 * @param reason a human sentence: why it is inactive, or what it found when active
 */
public record Availability(boolean active, String reason) {

    /** Validates the reason. */
    public Availability {
        Objects.requireNonNull(reason, "reason");
    }

    /**
     * An active driver.
     *
     * @param found what was found, e.g. the device name
     * @return the availability
     */
    public static Availability active(String found) {
        return new Availability(true, found);
    }

    /**
     * An inactive driver.
     *
     * @param why why it cannot run, naming what is missing
     * @return the availability
     */
    public static Availability inactive(String why) {
        return new Availability(false, why);
    }
}

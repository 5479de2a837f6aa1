package dev.kbench.api;

/**
 * No single driver could be chosen: none or several are active, or an explicit choice names an
 * unknown or inactive driver. The first line of the message is Triton's, e.g.
 * {@code 0 active drivers ([]). There should only be one.}; following lines name every discovered
 * driver with its state and how to choose one.
 */
public class DriverLookupException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception.
     *
     * @param message the full, multi-line message
     */
    public DriverLookupException(String message) {
        super(message);
    }
}

package dev.kbench.cli;

/** Bad input that is not an argument: an unreadable or malformed file. Exit status 2. */
final class InputException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    InputException(String message) {
        super(message);
    }

    InputException(String message, Throwable cause) {
        super(message, cause);
    }
}

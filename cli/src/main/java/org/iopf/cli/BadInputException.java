package org.iopf.cli;

/** Bad input found by a command (a missing file, an unknown scenario name): exit code 2. */
final class BadInputException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    BadInputException(String message) {
        super(message);
    }
}

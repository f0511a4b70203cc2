package org.iopf.core.platform;

/**
 * A node could not be assembled from its components: a role filled twice, a role a component
 * needs that nobody fills, or a component that failed while being created. The message names the
 * node, the role and the component types involved.
 */
public final class AssemblyException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception with a message that stands on its own. */
    public AssemblyException(String message) {
        super(message);
    }

    /** Creates the exception with a message that stands on its own and its cause. */
    public AssemblyException(String message, Throwable cause) {
        super(message, cause);
    }
}

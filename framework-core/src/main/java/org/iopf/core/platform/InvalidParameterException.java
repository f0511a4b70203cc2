package org.iopf.core.platform;

/**
 * A parameter value that does not fit its component type's spec.
 */
public final class InvalidParameterException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String owner;
    private final String parameter;
    private final String problem;

    /**
     * Creates the exception.
     *
     * @param owner the component ({@code node1/smmu (zynq-smmu)})
     * @param parameter the parameter's name
     * @param problem what is wrong and what was expected
     */
    public InvalidParameterException(String owner, String parameter, String problem) {
        super(owner + ": parameter '" + parameter + "': " + problem);
        this.owner = owner;
        this.parameter = parameter;
        this.problem = problem;
    }

    /** The component the parameter belongs to. */
    public String owner() {
        return owner;
    }

    /** The parameter's name. */
    public String parameter() {
        return parameter;
    }

    /** What is wrong and what was expected, without the owner and parameter (for platform-file messages). */
    public String problem() {
        return problem;
    }
}

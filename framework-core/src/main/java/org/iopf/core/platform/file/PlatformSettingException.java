package org.iopf.core.platform.file;

import static java.util.Objects.requireNonNull;

/**
 * A {@code --set PATH=VALUE} that cannot be applied: a path that names nothing in the platform
 * file, or a value that the platform file's checks refuse. The message is one line,
 * {@code --set PATH=VALUE: PATH: what was wrong; what was expected[; did you mean 'x'?]}.
 *
 * @since 0.1
 */
public final class PlatformSettingException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String setting;

    /**
     * Creates the exception.
     *
     * @param setting the setting as given ({@code fabric.link.rate=25Gbps}), not null
     * @param path the path of the platform file the problem is about; empty for the setting as a whole
     * @param problem what was wrong and what was expected, not null
     */
    public PlatformSettingException(String setting, String path, String problem) {
        super("--set " + requireNonNull(setting, "setting is null") + ": "
                + (requireNonNull(path, "path is null").isEmpty() ? "" : path + ": ")
                + requireNonNull(problem, "problem is null"));
        this.setting = setting;
    }

    /** The setting as given. */
    public String setting() {
        return setting;
    }
}

package org.iopf.api;

import static org.apiguardian.api.API.Status.STABLE;

import org.apiguardian.api.API;

/**
 * The version of the plugin API. A plugin's descriptor declares in {@code Plugin-Requires} the API
 * versions it works with; the host refuses a plugin whose requirement this version does not meet.
 *
 * @since 0.1
 */
@API(status = STABLE, since = "0.1")
public final class ApiVersion {
    /** The API version, in semantic-version form ({@code major.minor.patch}). */
    public static final String CURRENT = "0.2.0";

    private ApiVersion() {
    }
}

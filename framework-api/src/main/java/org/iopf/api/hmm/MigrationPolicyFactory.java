package org.iopf.api.hmm;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;
import org.pf4j.ExtensionPoint;

/**
 * The extension point of migration policies: a named factory, chosen by a device's {@code policy}
 * parameter. Registered as a PF4J {@code @Extension} or through
 * {@code META-INF/services/org.iopf.api.hmm.MigrationPolicyFactory} on the class path.
 *
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public interface MigrationPolicyFactory extends ExtensionPoint {
    /** The name a {@code policy} parameter uses ({@code ping-pong-guard}); lowercase with dashes. */
    String name();

    /** One line saying what the policy does. */
    String description();

    /**
     * Creates the policy for one device and one run.
     *
     * @param context the device's tracking settings, not null
     */
    MigrationPolicy create(MigrationPolicyContext context);
}

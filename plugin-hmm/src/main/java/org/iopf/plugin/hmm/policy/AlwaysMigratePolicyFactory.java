package org.iopf.plugin.hmm.policy;

import org.iopf.api.hmm.MigrationPolicy;
import org.iopf.api.hmm.MigrationPolicyContext;
import org.iopf.api.hmm.MigrationPolicyFactory;
import org.pf4j.Extension;

/** Policy {@code always}: migrates every range it is asked about, with no memory of the past. */
@Extension
public final class AlwaysMigratePolicyFactory implements MigrationPolicyFactory {
    /** Creates the factory; found through PF4J or {@link java.util.ServiceLoader}. */
    public AlwaysMigratePolicyFactory() {
    }

    @Override
    public String name() {
        return "always";
    }

    @Override
    public String description() {
        return "migrate every range asked for, ignoring ping-pong";
    }

    @Override
    public MigrationPolicy create(MigrationPolicyContext context) {
        return (pid, range, now) -> true;
    }
}

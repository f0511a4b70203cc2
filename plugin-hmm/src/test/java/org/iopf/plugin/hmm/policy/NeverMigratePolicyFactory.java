package org.iopf.plugin.hmm.policy;

import org.iopf.api.hmm.MigrationPolicy;
import org.iopf.api.hmm.MigrationPolicyContext;
import org.iopf.api.hmm.MigrationPolicyFactory;

/** A third-party-style policy written against the API only, found through ServiceLoader: never migrate. */
public final class NeverMigratePolicyFactory implements MigrationPolicyFactory {
    @Override
    public String name() {
        return "test-never";
    }

    @Override
    public String description() {
        return "refuses every range";
    }

    @Override
    public MigrationPolicy create(MigrationPolicyContext context) {
        return (pid, range, now) -> false;
    }
}

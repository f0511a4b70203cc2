package org.iopf.testplugin.iommu;

import org.iopf.api.hmm.MigrationPolicy;
import org.iopf.api.hmm.MigrationPolicyContext;
import org.iopf.api.hmm.MigrationPolicyFactory;
import org.pf4j.Extension;

/** An extension of another API extension point than component and workload types: a migration policy. */
@Extension
public final class NeverMigratePolicyFactory implements MigrationPolicyFactory {
    @Override
    public String name() {
        return "test-never-migrate";
    }

    @Override
    public String description() {
        return "never migrates (a test plugin's policy)";
    }

    @Override
    public MigrationPolicy create(MigrationPolicyContext context) {
        return (pid, range, now) -> false;
    }
}

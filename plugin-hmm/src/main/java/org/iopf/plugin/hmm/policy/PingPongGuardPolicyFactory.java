package org.iopf.plugin.hmm.policy;

import org.iopf.api.hmm.MigrationPolicy;
import org.iopf.api.hmm.MigrationPolicyContext;
import org.iopf.api.hmm.MigrationPolicyFactory;
import org.pf4j.Extension;

/** Policy {@code ping-pong-guard}: see {@link PingPongGuardPolicy}. */
@Extension
public final class PingPongGuardPolicyFactory implements MigrationPolicyFactory {
    /** Creates the factory; found through PF4J or {@link java.util.ServiceLoader}. */
    public PingPongGuardPolicyFactory() {
    }

    @Override
    public String name() {
        return "ping-pong-guard";
    }

    @Override
    public String description() {
        return "stop migrating a range once it was migrated and then faulted back by the CPU pingPongThreshold times";
    }

    @Override
    public MigrationPolicy create(MigrationPolicyContext context) {
        return new PingPongGuardPolicy(context.granularityBytes(), context.pingPongThreshold());
    }
}

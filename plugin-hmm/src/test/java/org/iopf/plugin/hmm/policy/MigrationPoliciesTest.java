package org.iopf.plugin.hmm.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.iopf.api.hmm.MigrationPolicy;
import org.iopf.api.hmm.MigrationPolicyContext;
import org.iopf.api.mem.AddressRange;
import org.junit.jupiter.api.Test;

final class MigrationPoliciesTest {
    private static final long GRANULE = 2L << 20;
    private static final MigrationPolicyContext CONTEXT = new MigrationPolicyContext("node1/gpu", GRANULE, 2);

    @Test
    void stockAndServiceLoadedPoliciesAreFoundByName() {
        MigrationPolicies policies = MigrationPolicies.discover();

        assertThat(policies.names()).contains("always", "ping-pong-guard", "test-never");
        assertThat(policies.require("test-never").create(CONTEXT)
                .shouldMigrate(1, new AddressRange(0, GRANULE), 0)).isFalse();
        assertThatThrownBy(() -> policies.require("ping-pong"))
                .hasMessageContaining("unknown migration policy 'ping-pong'").hasMessageContaining("ping-pong-guard");
    }

    @Test
    void theGuardBlocksARangeAfterThresholdRoundTripsAndOnlyThatRange() {
        MigrationPolicy guard = MigrationPolicies.discover().require("ping-pong-guard").create(CONTEXT);
        AddressRange hot = new AddressRange(4 * GRANULE, GRANULE);
        AddressRange cold = new AddressRange(5 * GRANULE, GRANULE);

        guard.faultedBack(1, hot.start() + 5, 0);
        assertThat(guard.shouldMigrate(1, hot, 0)).as("a fault-back without a migration is no round trip").isTrue();
        for (int trip = 0; trip < 2; trip++) {
            guard.migrated(1, new AddressRange(hot.start(), 2 * GRANULE), 0);
            guard.faultedBack(1, hot.start() + 100, 0);
        }

        assertThat(guard.shouldMigrate(1, hot, 0)).isFalse();
        assertThat(guard.shouldMigrate(1, cold, 0)).as("migrated, never touched").isTrue();
        assertThat(guard.shouldMigrate(2, hot, 0)).as("another process").isTrue();
        assertThat(guard.blockedRanges()).isEqualTo(1);
    }
}

package org.iopf.plugin.ethernetbackupring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.iopf.api.nic.Nic;
import org.iopf.api.nic.RegistrationResult;
import org.iopf.api.observe.Inspectable;
import org.iopf.core.run.Simulation;
import org.junit.jupiter.api.Test;

final class EthNicTest {
    private static Map<String, String> stream(String mode) {
        return new HashMap<>(Map.of("bytes", "2MiB", "bufferSize", "1MiB", "mode", mode, "trigger", "startup"));
    }

    @Test
    void theBackupRingStepsAreTracedWithTheFlowIdOfTheFaultTheyWaitFor() {
        CollectingTracer tracer = new CollectingTracer();
        Simulation sim = EthTestbed.simulation("", tracer);
        sim.run(new EthStreamType(), stream("backup-ring"));

        Set<Long> waits = tracer.flows(tracer.slices, "backupring/wait");
        assertThat(waits).isNotEmpty().doesNotContain(0L);
        assertThat(tracer.flows(tracer.slices, "backupring/store")).containsAll(waits);
        assertThat(tracer.slices).anyMatch(e -> e.name().equals("backupring/store") && e.track().equals("node2/nic0"));
    }

    @Test
    void aColdRingDropIsAnInstantWithTheFlowIdOfItsFault() {
        CollectingTracer tracer = new CollectingTracer();
        Simulation sim = EthTestbed.simulation("", tracer);
        sim.run(new EthStreamType(), stream("cold-ring"));

        Set<Long> drops = tracer.flows(tracer.instants, "coldring/drop");
        assertThat(drops).isNotEmpty().doesNotContain(0L);
        assertThat(tracer.instants).allMatch(e -> !e.name().equals("coldring/drop") || e.track().equals("node2/nic0"));
    }

    @Test
    void theRxViewShowsTheReceiverAndTheBackupRing() {
        Simulation sim = EthTestbed.simulation("");
        sim.run(new EthStreamType(), stream("backup-ring"));
        Inspectable nic = (Inspectable) sim.nodes().get(1).role(Nic.class).orElseThrow();

        List<String> lines = nic.render("rx");
        assertThat(nic.views()).containsExactly("rx");
        assertThat(lines.get(1)).contains("backup-ring").contains(String.valueOf(2 << 20));
        assertThat(lines.get(2)).startsWith("backup ring: 0/320 slots in use");
        assertThatThrownBy(() -> nic.render("registers")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void anEthernetNicHasNoRdmaVerbs() {
        Simulation sim = EthTestbed.simulation("");
        Nic nic = sim.nodes().get(0).role(Nic.class).orElseThrow();
        var space = sim.nodes().get(0).memoryManager().createAddressSpace("app");

        RegistrationResult result = nic.registerMemory(nic.allocateProtectionDomain(space), 0, 4096, true, false,
                true);
        assertThat(result).isInstanceOf(RegistrationResult.Refused.class);
        assertThatThrownBy(() -> nic.createCompletionQueue(16)).isInstanceOf(UnsupportedOperationException.class);
    }
}

package org.iopf.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The lossy-platform edit of {@link NicContract#lossyNicPlatform} finds the link in every form it knows. */
final class PlatformTextTest {
    private static final String NODES = "nodes:\n  - name: node1\n";

    @Test
    void aTextWithoutAFabricGetsOneWithTheLoss() {
        assertThat(PlatformText.withLoss(NODES, 0.05)).isEqualTo("fabric:\n  link: {loss: 0.05}\n" + NODES);
    }

    @Test
    void aFlowLinkHasItsLossReplacedOrAdded() {
        assertThat(PlatformText.withLoss("fabric:\n  link: {rate: 10Gbps, loss: 0.0}\n  switchLatency: 300ns\n"
                + NODES, 0.2)).isEqualTo("fabric:\n  link: {rate: 10Gbps, loss: 0.2}\n  switchLatency: 300ns\n"
                        + NODES);
        assertThat(PlatformText.withLoss("fabric:\n  link: {rate: 10Gbps}\n" + NODES, 0.2))
                .isEqualTo("fabric:\n  link: {loss: 0.2, rate: 10Gbps}\n" + NODES);
        assertThat(PlatformText.withLoss("fabric:\n  switchLatency: 300ns\n" + NODES, 0.2))
                .isEqualTo("fabric:\n  link: {loss: 0.2}\n  switchLatency: 300ns\n" + NODES);
    }

    @Test
    void aOneLineFabricIsEdited() {
        assertThat(PlatformText.withLoss("fabric: {link: {rate: 10Gbps}}\n" + NODES, 0.1))
                .isEqualTo("fabric: {link: {loss: 0.1, rate: 10Gbps}}\n" + NODES);
        assertThat(PlatformText.withLoss("fabric: {switchLatency: 1us}\n" + NODES, 0.1))
                .isEqualTo("fabric: {link: {loss: 0.1}, switchLatency: 1us}\n" + NODES);
    }

    @Test
    void aBlockLinkAsksForTheHookToBeOverridden() {
        assertThatThrownBy(() -> PlatformText.withLoss("fabric:\n  link:\n    rate: 10Gbps\n" + NODES, 0.1))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("override");
    }

    @Test
    void theEditedTextBuildsAPlatform() {
        String lossy = PlatformText.withLoss(TestBenchTest.BASELINE, 0.3);
        assertThat(TestBench.of(lossy).node("node2")).isNotNull();
    }
}

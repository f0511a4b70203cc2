package org.iopf.api.observe;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

final class StatisticSpecTest {
    @Test
    void placeholdersAreFilledInOrder() {
        StatisticSpec perNode = StatisticSpec.counter("{node}.pcie.{direction}", "bytes", "bytes over PCIe");
        assertThat(perNode.isPattern()).isTrue();
        assertThat(perNode.named("node1", "up")).isEqualTo("node1.pcie.up");
        assertThatThrownBy(() -> perNode.named("node1")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> perNode.named("node1", "up", "x")).isInstanceOf(IllegalArgumentException.class);
        assertThat(StatisticSpec.gauge("usedBytes", "bytes", "device memory in use").named()).isEqualTo("usedBytes");
    }

    @Test
    void aNameIsDotSeparatedIdentifiersAndADescriptionIsRequired() {
        assertThatThrownBy(() -> StatisticSpec.counter("rx..drops", "packets", "x"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> StatisticSpec.counter("rx drops", "packets", "x"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> StatisticSpec.counter("drops", "packets", " "))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aStatisticIsRegisteredOnlyAsItsDeclaredKind() {
        StatisticSpec latency = StatisticSpec.histogram("latency", "ns", "latency of one fault");
        assertThatThrownBy(() -> latency.counter(null)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("declared a HISTOGRAM");
    }
}

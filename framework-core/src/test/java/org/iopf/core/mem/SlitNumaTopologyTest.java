package org.iopf.core.mem;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

final class SlitNumaTopologyTest {
    private static final long GIB = 1L << 30;

    @Test
    void fallbackOrderIsByDistanceThenIndex() {
        int[][] slit = {
            {10, 21, 12, 21},
            {21, 10, 21, 12},
            {12, 21, 10, 21},
            {21, 12, 21, 10},
        };
        SlitNumaTopology topology = new SlitNumaTopology(List.of(GIB, GIB, GIB, GIB), slit);

        assertThat(topology.fallbackOrder(0)).containsExactly(0, 2, 1, 3);
        assertThat(topology.fallbackOrder(1)).containsExactly(1, 3, 0, 2);
        assertThat(topology.fallbackOrder(3)).containsExactly(3, 1, 0, 2);
        assertThat(topology.distance(0, 2)).isEqualTo(12);
    }

    @Test
    void uniformLayoutHasLocalTenAndRemoteSixteen() {
        SlitNumaTopology topology = SlitNumaTopology.uniform(4, 2 * GIB, 16);

        assertThat(topology.nodeCount()).isEqualTo(4);
        assertThat(topology.capacity(3)).isEqualTo(2 * GIB);
        assertThat(topology.distance(2, 2)).isEqualTo(10);
        assertThat(topology.distance(2, 1)).isEqualTo(16);
        assertThat(topology.fallbackOrder(2)).containsExactly(2, 0, 1, 3);
        assertThat(topology.totalCapacity()).isEqualTo(8 * GIB);
    }

    @Test
    void rejectsMalformedMatrices() {
        assertThatThrownBy(() -> new SlitNumaTopology(List.of(GIB, GIB), new int[][] {{10, 16}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("rows");
        assertThatThrownBy(() -> new SlitNumaTopology(List.of(GIB, GIB), new int[][] {{10, 16}, {16}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("row 1");
        assertThatThrownBy(() -> new SlitNumaTopology(List.of(GIB, GIB), new int[][] {{10, 16}, {16, 11}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("[1][1]");
        assertThatThrownBy(() -> new SlitNumaTopology(List.of(GIB, GIB), new int[][] {{10, 0}, {16, 10}}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("> 0");
        assertThatThrownBy(() -> new SlitNumaTopology(List.of(), new int[0][]))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> SlitNumaTopology.uniform(2, GIB, 16).capacity(2))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no NUMA node 2");
    }
}

package org.iopf.plugin.infinibandnpf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The HCA's regions view: kind, entries present and invalidation sequence per region. */
final class InspectionTest {
    @Test
    void regionsViewShowsEachRegionsTableState() {
        HcaTestbed bed = new HcaTestbed();
        long pinned = bed.b.mapFilled(8192, 1);
        bed.b.register(pinned, 8192, false);
        long odp = bed.b.map(16384);
        bed.b.register(odp, 16384, true);
        assertThat(bed.b.hca.views()).containsExactly("regions", "odp");
        var lines = bed.b.hca.render("regions");
        assertThat(lines).hasSize(3);
        assertThat(lines.get(1)).contains("pinned").containsPattern("\\s2\\s+0$");
        assertThat(lines.get(2)).contains("odp").containsPattern("\\s0\\s+0$");
        assertThatThrownBy(() -> bed.b.hca.render("registers")).isInstanceOf(IllegalArgumentException.class);
    }
}

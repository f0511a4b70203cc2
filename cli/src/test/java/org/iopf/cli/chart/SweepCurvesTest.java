package org.iopf.cli.chart;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.iopf.cli.chart.SweepCurves.Point;
import org.junit.jupiter.api.Test;

/** Rows grouped into series by the {@code by} axes, averaged per x value; failed and empty rows left out. */
final class SweepCurvesTest {
    private static final String SIZE = "workload.params.messageSize";
    private static final String MTU = "nodes[1].nic0.params.mtu";
    private static final String LATENCY = "latency.p99";

    /** Two sizes x two MTUs, two replications each; one run failed, one lacks the figure. */
    private static SweepResults grid() {
        return new SweepRowsFixture().axis(SIZE, "bytes", true).axis(MTU, "bytes", false)
                .metric(LATENCY, "ns").metric("never", "ns")
                .row("ok", 4096.0, 1024.0, 100.0, null).row("ok", 4096.0, 1024.0, 110.0, null)
                .row("ok", 4096.0, 4096.0, 200.0, null).row("missed", 4096.0, 4096.0, 220.0, null)
                .row("ok", 65536.0, 1024.0, 300.0, null).row("failed", 65536.0, 1024.0, null, null)
                .row("ok", 65536.0, 4096.0, 400.0, null).row("ok", 65536.0, 4096.0, null, null)
                .results("grid");
    }

    @Test
    void oneSeriesPerValueOfTheByAxisWithTheMeanPerX() {
        SweepCurves curves = SweepCurves.of(grid(), SIZE, LATENCY, List.of(MTU));

        assertThat(curves.series()).extracting(SweepCurves.Series::label)
                .containsExactly(MTU + "=1 KiB", MTU + "=4 KiB");
        List<Point> small = curves.series().get(0).points();
        assertThat(small).extracting(Point::x).containsExactly(4096.0, 65536.0);
        assertThat(small).extracting(Point::xText).containsExactly("4 KiB", "64 KiB");
        assertThat(small.get(0).y().mean()).isEqualTo(105.0);
        assertThat(small.get(0).y().n()).isEqualTo(2);
        assertThat(small.get(1).y().n()).as("the failed replication is left out").isEqualTo(1);
        assertThat(curves.series().get(1).points().get(0).y().mean()).as("a missed run is a measurement").isEqualTo(210.0);
        assertThat(curves.failed()).isEqualTo(1);
        assertThat(curves.missing()).isEqualTo(1);
        assertThat(curves.pooled()).isEmpty();
        assertThat(curves.replicationRange()).containsExactly(1, 2);
    }

    @Test
    void withoutByTheOtherAxesArePooled() {
        SweepCurves curves = SweepCurves.of(grid(), SIZE, LATENCY, List.of());

        assertThat(curves.series()).hasSize(1);
        assertThat(curves.series().get(0).label()).isEmpty();
        assertThat(curves.pooled()).extracting(SweepResults.Column::name).containsExactly(MTU);
        assertThat(curves.series().get(0).points().get(0).y().mean()).isEqualTo((100 + 110 + 200 + 220) / 4.0);
        assertThat(curves.series().get(0).points().get(0).y().n()).isEqualTo(4);
    }

    @Test
    void theByAxisMayBeTheFirstAndXTheSecond() {
        SweepCurves curves = SweepCurves.of(grid(), MTU, LATENCY, List.of(SIZE));

        assertThat(curves.series()).extracting(SweepCurves.Series::label)
                .containsExactly(SIZE + "=4 KiB", SIZE + "=64 KiB");
        assertThat(curves.series().get(1).points()).extracting(Point::x).containsExactly(1024.0, 4096.0);
    }

    @Test
    void aFigureNoRunProducedIsEmpty() {
        SweepCurves curves = SweepCurves.of(grid(), SIZE, "never", List.of(MTU));

        assertThat(curves.empty()).isTrue();
        assertThat(curves.missing()).isEqualTo(7);
        assertThatThrownBy(() -> SweepChart.chart("t", curves)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no values of never");
    }

    @Test
    void aTextAxisIsDrawnAtItsValuesPlacesInSweepOrder() {
        SweepResults results = new SweepRowsFixture().axis("node2.faults.type", "text", false)
                .metric("throughput", "bits/s")
                .row("ok", "pinned", 9e10).row("ok", "demand-paging", 5e10).row("ok", "pinned", 9.2e10)
                .results("types");

        SweepCurves curves = SweepCurves.of(results, "node2.faults.type", "throughput", List.of());

        assertThat(curves.xCategories()).containsExactly("pinned", "demand-paging");
        assertThat(curves.series().get(0).points()).extracting(Point::x).containsExactly(0.0, 1.0);
        assertThat(curves.series().get(0).points().get(0).y().mean()).isEqualTo(9.1e10);
    }

    @Test
    void unknownOrRepeatedNamesAreRefused() {
        assertThatThrownBy(() -> SweepCurves.of(grid(), "nope", LATENCY, List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no axis nope");
        assertThatThrownBy(() -> SweepCurves.of(grid(), SIZE, "nope", List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no figure nope");
        assertThatThrownBy(() -> SweepCurves.of(grid(), SIZE, LATENCY, List.of(SIZE)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("given twice");
    }

    @Test
    void axisValuesAreWrittenWithoutTrailingZeros() {
        assertThat(SweepCurves.withoutTrailingZeros("4.000 KiB")).isEqualTo("4 KiB");
        assertThat(SweepCurves.withoutTrailingZeros("2.500 MiB")).isEqualTo("2.5 MiB");
        assertThat(SweepCurves.withoutTrailingZeros("10.20 µs")).isEqualTo("10.2 µs");
        assertThat(SweepCurves.withoutTrailingZeros("1500 B")).isEqualTo("1500 B");
        assertThat(SweepCurves.withoutTrailingZeros("50.0 %")).isEqualTo("50 %");
    }
}

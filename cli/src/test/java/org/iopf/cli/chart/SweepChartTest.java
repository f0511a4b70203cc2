package org.iopf.cli.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.List;
import javax.imageio.ImageIO;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.title.TextTitle;
import org.jfree.data.xy.YIntervalSeriesCollection;
import org.junit.jupiter.api.Test;

/** The chart of a figure against an axis: log or linear x, units from the data, the band, the subtitle. */
final class SweepChartTest {
    private static final String SIZE = "workload.params.messageSize";

    private static SweepResults sizes(boolean log, double... sizes) {
        SweepRowsFixture f = new SweepRowsFixture().axis(SIZE, "bytes", log).metric("latency.p99", "ns");
        for (double s : sizes) {
            f.row("ok", s, 200_000.0 + s / 1024).row("ok", s, 210_000.0 + s / 1024);
        }
        return f.results("sizes");
    }

    private static JFreeChart chart(SweepResults results) {
        return SweepChart.chart("t", SweepCurves.of(results, SIZE, "latency.p99", List.of()));
    }

    private static String subtitle(JFreeChart chart) {
        for (int i = 0; i < chart.getSubtitleCount(); i++) {
            if (chart.getSubtitle(i) instanceof TextTitle t) {
                return t.getText();
            }
        }
        throw new AssertionError("no subtitle");
    }

    @Test
    void aLogAxisOfSizesIsDrawnOnALogScaleInTheUnitOfItsSmallestValue() {
        JFreeChart chart = chart(sizes(true, 4096, 65536, 4 * 1048576));

        assertThat(chart.getXYPlot().getDomainAxis()).isInstanceOf(LogAxis.class);
        LogAxis x = (LogAxis) chart.getXYPlot().getDomainAxis();
        assertThat(x.getBase()).as("sizes: powers of two").isEqualTo(2.0);
        assertThat(x.getLabel()).isEqualTo(SIZE + " (KiB), log scale");
        assertThat(chart.getXYPlot().getDataset().getXValue(0, 2)).isEqualTo(4096.0);
        assertThat(chart.getXYPlot().getRangeAxis().getLabel()).isEqualTo("latency.p99 (µs)");
    }

    @Test
    void aLinearAxisIsLinearInTheUnitOfItsLargestValue() {
        JFreeChart chart = chart(sizes(false, 4096, 65536, 4 * 1048576));

        assertThat(chart.getXYPlot().getDomainAxis()).isInstanceOf(NumberAxis.class);
        assertThat(chart.getXYPlot().getDomainAxis().getLabel()).isEqualTo(SIZE + " (MiB)");
        assertThat(SweepChart.logScale(SweepCurves.of(sizes(false, 1, 2), SIZE, "latency.p99", List.of()))).isFalse();
    }

    @Test
    void aLogAxisThroughZeroIsDrawnLinear() {
        SweepRowsFixture f = new SweepRowsFixture().axis("x", "", true).metric("y", "");
        SweepResults results = f.row("ok", 0.0, 1.0).row("ok", 10.0, 2.0).results("zero");

        SweepCurves curves = SweepCurves.of(results, "x", "y", List.of());

        assertThat(SweepChart.logScale(curves)).isFalse();
        assertThat(SweepChart.chart("t", curves).getXYPlot().getDomainAxis()).isInstanceOf(NumberAxis.class);
    }

    @Test
    void theBandIsTheIntervalAndTheSubtitleSaysWhatAPointIs() {
        JFreeChart chart = chart(sizes(true, 4096, 8192));

        YIntervalSeriesCollection data = (YIntervalSeriesCollection) chart.getXYPlot().getDataset();
        MeanInterval expected = MeanInterval.of(List.of(200.004, 210.004));
        assertThat(data.getYValue(0, 0)).isCloseTo(expected.mean(), org.assertj.core.api.Assertions.within(1e-9));
        assertThat(data.getEndYValue(0, 0)).isCloseTo(expected.high(), org.assertj.core.api.Assertions.within(1e-9));
        assertThat(subtitle(chart)).isEqualTo("mean of 2 runs per point, band: 95% confidence interval (Student t)");
    }

    @Test
    void oneReplicationHasNoBandAndSaysSoAndFailedRunsAreCounted() {
        SweepResults results = new SweepRowsFixture().axis(SIZE, "bytes", true).axis("mtu", "bytes", false)
                .metric("throughput", "bits/s").row("ok", 4096.0, 1024.0, 9e10).row("failed", 8192.0, 1024.0, null)
                .row("ok", 8192.0, 2048.0, 9.5e10).results("one");

        JFreeChart chart = SweepChart.chart("t", SweepCurves.of(results, SIZE, "throughput", List.of("mtu")));

        assertThat(subtitle(chart)).isEqualTo("1 run per point: no confidence band; 1 failed run left out");
        assertThat(chart.getLegend()).as("one line per mtu, named in the legend").isNotNull();
        assertThat(chart.getXYPlot().getRangeAxis().getLabel()).isEqualTo("throughput (Gbps)");
        assertThat(SweepChart.subtitle(SweepCurves.of(results, SIZE, "throughput", List.of())))
                .contains("pooled over mtu");
    }

    @Test
    void aTextAxisShowsItsValues() {
        SweepResults results = new SweepRowsFixture().axis("type", "text", false).metric("y", "faults")
                .row("ok", "pinned", 1.0).row("ok", "odp", 3.0).results("types");

        JFreeChart chart = SweepChart.chart("t", SweepCurves.of(results, "type", "y", List.of()));

        assertThat(((SymbolAxis) chart.getXYPlot().getDomainAxis()).getSymbols()).containsExactly("pinned", "odp");
        assertThat(chart.getXYPlot().getRangeAxis().getLabel()).isEqualTo("y (faults)");
    }

    @Test
    void unitsAreChosenFromTheValues() {
        assertThat(DisplayUnit.of("bytes", 512)).isEqualTo(new DisplayUnit("B", 1));
        assertThat(DisplayUnit.of("bytes", 4096)).isEqualTo(new DisplayUnit("KiB", 1024));
        assertThat(DisplayUnit.of("bytes", 4 * 1048576)).isEqualTo(new DisplayUnit("MiB", 1048576));
        assertThat(DisplayUnit.of("ns", 999)).isEqualTo(new DisplayUnit("ns", 1));
        assertThat(DisplayUnit.of("ns", 220_000)).isEqualTo(new DisplayUnit("µs", 1000));
        assertThat(DisplayUnit.of("ns", 3e9)).isEqualTo(new DisplayUnit("s", 1e9));
        assertThat(DisplayUnit.of("bits/s", 9.6e10)).isEqualTo(new DisplayUnit("Gbps", 1e9));
        assertThat(DisplayUnit.of("fraction", 0.5).convert(0.5)).isEqualTo(50.0);
        assertThat(DisplayUnit.of("", 12).label("faults.total")).isEqualTo("faults.total");
        assertThat(DisplayUnit.of("pages", 12).label("npf.entries")).isEqualTo("npf.entries (pages)");
    }

    @Test
    void thePngHasTheChartsSize() throws Exception {
        BufferedImage image = ImageIO.read(new ByteArrayInputStream(SweepChart.png(chart(sizes(true, 4096, 8192)))));

        assertThat(image.getWidth()).isEqualTo(SweepChart.WIDTH);
        assertThat(image.getHeight()).isEqualTo(SweepChart.HEIGHT);
    }
}

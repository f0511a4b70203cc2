package org.iopf.cli.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.report.RunResult;
import org.iopf.core.report.ThroughputPoint;
import org.iopf.core.report.ThroughputSeries;
import org.iopf.core.run.DefaultPlatforms;
import org.iopf.core.run.Simulation;
import org.iopf.reference.workload.RdmaWriteStreamType;
import org.jfree.chart.JFreeChart;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class ThroughputChartTest {
    private static final byte[] PNG_SIGNATURE = {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};

    @Test
    void writesAPngOfTheRequestedSizeFromARun(@TempDir Path dir) throws Exception {
        Simulation sim = Simulation.build(DefaultPlatforms.pinnedBaseline(1),
                ExtensionRegistry.fromClassPath(ThroughputChartTest.class.getClassLoader()));
        RunResult result = RunResult.of("pinned-write", sim, sim.run(new RdmaWriteStreamType(),
                Map.of("messageSize", "1MiB", "messages", "16", "concurrency", "4")), 1);
        Path png = dir.resolve("throughput.png");

        ThroughputChart.write(result, png, 640, 360);

        byte[] bytes = Files.readAllBytes(png);
        assertThat(Arrays.copyOf(bytes, 8)).isEqualTo(PNG_SIGNATURE);
        BufferedImage image = ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(640);
        assertThat(image.getHeight()).isEqualTo(360);
        assertThat(System.getProperty("java.awt.headless")).isEqualTo("true");
    }

    @Test
    void plotsGbpsOverMicrosecondsAsSteps() {
        ThroughputSeries series = new ThroughputSeries(List.of(new ThroughputPoint(0, 1_000, 12_500),
                new ThroughputPoint(1_000, 500, 0)));

        JFreeChart chart = ThroughputChart.chart("t", series);

        var data = chart.getXYPlot().getDataset();
        assertThat(chart.getXYPlot().getDomainAxis().getLabel()).isEqualTo("simulated time (µs)");
        assertThat(chart.getXYPlot().getRangeAxis().getLabel()).isEqualTo("bytes completed (Gbps)");
        assertThat(data.getItemCount(0)).isEqualTo(3);
        assertThat(data.getXValue(0, 0)).isEqualTo(0.0);
        assertThat(data.getYValue(0, 0)).isEqualTo(100.0); // 12 500 B in 1 us = 100 Gbps
        assertThat(data.getXValue(0, 2)).isEqualTo(1.5);
    }

    @Test
    void smoothingKeepsAboutFourCompletionsPerStep() {
        List<ThroughputPoint> points = new java.util.ArrayList<>();
        for (int i = 0; i < 100; i++) {
            points.add(new ThroughputPoint(i * 1_000L, 1_000, i % 5 == 0 ? 4096 : 0));
        }

        ThroughputSeries smoothed = ThroughputChart.smoothed(new ThroughputSeries(points));

        assertThat(smoothed.points()).hasSize(5);
        assertThat(smoothed.points()).allSatisfy(p -> assertThat(p.bytes()).isEqualTo(4 * 4096));
    }

    @Test
    void theSubtitleStatesTheStepWidthAndHowManyIntervalsOfTheCsvEachStepMerges() {
        List<ThroughputPoint> points = new java.util.ArrayList<>();
        for (int i = 0; i < 100; i++) {
            points.add(new ThroughputPoint(i * 10_000L, 10_000, i % 5 == 0 ? 4096 : 0));
        }
        ThroughputSeries csv = new ThroughputSeries(points);

        assertThat(ThroughputChart.binNote(csv, ThroughputChart.smoothed(csv)))
                .isEqualTo("each step 200.0 µs, 20 intervals of throughput.csv; bytes counted when their transfer "
                        + "completed");
        ThroughputSeries dense = new ThroughputSeries(List.of(new ThroughputPoint(0, 1_000, 1),
                new ThroughputPoint(1_000, 1_000, 1)));
        assertThat(ThroughputChart.binNote(dense, dense)).startsWith("each step 1.000 µs, one interval of ");
    }
}

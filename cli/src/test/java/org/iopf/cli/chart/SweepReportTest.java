package org.iopf.cli.chart;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report.html and plots/: one PNG per figure with values, everything escaped and inlined. */
final class SweepReportTest {
    @TempDir
    Path folder;

    private static SweepResults results() {
        return new SweepRowsFixture().axis("workload.params.messageSize", "bytes", true)
                .metric("latency.p99", "ns").metric("node2.nic0[0].odd<name>", "").metric("never", "ns")
                .row("ok", 4096.0, 200_000.0, 1.0, null).row("failed", 8192.0, null, null, null)
                .row("ok", 16384.0, 230_000.0, 2.0, null)
                .results("sizes <b>");
    }

    @Test
    void writesOnePngPerFigureWithValuesAndAPageThatInlinesThem() throws Exception {
        SweepReport.Written written = SweepReport.write(folder, results(), "a description", "s.yaml", "name: sizes\n");

        assertThat(written.plots()).containsExactly(folder.resolve("plots/latency.p99.png"),
                folder.resolve("plots/node2.nic0_0_.odd_name_.png"));
        assertThat(written.empty()).containsExactly("never");
        assertThat(folder.resolve("plots/never.png")).doesNotExist();
        String html = Files.readString(written.html());
        Matcher images = Pattern.compile("<img src=\"data:image/png;base64,([A-Za-z0-9+/=]+)\"").matcher(html);
        int count = 0;
        while (images.find()) {
            count++;
        }
        assertThat(count).isEqualTo(2);
        assertThat(html).contains("No plot for never: no completed run produced it.", "<td>200 µs</td>",
                "<tr class=\"failed\">", "it broke", "1 failed");
        assertThat(html).as("self-contained: nothing from the network, no script")
                .doesNotContain("http://", "https://", "<script", "src=\"plots/");
    }

    @Test
    void theDescriptionTheSweepFileAndNamesAreEscaped() throws Exception {
        String description = "<script>alert('x')</script> & more";
        String sweepText = "description: \"<script>alert(1)</script>\"\n";

        String html = Files.readString(SweepReport.write(folder, results(), description, "s<.yaml", sweepText).html());

        assertThat(html).doesNotContain("<script", "<b>", "odd<name>")
                .contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; more",
                        "description: &quot;&lt;script&gt;alert(1)&lt;/script&gt;&quot;", "<h1>sizes &lt;b&gt;</h1>",
                        "s&lt;.yaml", "node2.nic0[0].odd&lt;name&gt;");
    }

    @Test
    void aRerunRemovesThePlotOfAFigureThatHasNoValuesAnyMore() throws Exception {
        Files.createDirectories(folder.resolve("plots"));
        Files.writeString(folder.resolve("plots/never.png"), "stale");

        SweepReport.write(folder, results(), "", "s.yaml", "");

        assertThat(folder.resolve("plots/never.png")).doesNotExist();
    }

    @Test
    void fileNamesAreSafeAndDistinct() {
        assertThat(SweepReport.fileNameOf("node2.nic0.npf.latency.mean")).isEqualTo("node2.nic0.npf.latency.mean.png");
        assertThat(SweepReport.fileNameOf("nodes[1]/x y")).isEqualTo("nodes_1__x_y.png");
        assertThat(SweepReport.fileNameOf("../up")).isEqualTo("_.._up.png");
        assertThat(SweepReport.fileNameOf("")).isEqualTo("_.png");
        assertThat(SweepReport.fileNameOf("x".repeat(1000))).hasSize(204);
    }
}

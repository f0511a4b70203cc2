package org.iopf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code iopf compare}: runs each column's scenario and fills the table from its figures. */
final class CompareCommandTest {
    private static final Path ROOT = CliHarness.repositoryRoot();

    @TempDir
    Path dir;

    private final CliHarness cli = new CliHarness(ROOT);

    private Path comparison(String cells) throws IOException {
        Path file = dir.resolve("write-vs-read.yaml");
        Files.writeString(file, """
                name: write-vs-read
                description: RDMA WRITE against RDMA READ on the pinned baseline
                columns:
                  - {label: WRITE, scenario: %s}
                  - {label: READ, scenario: %s}
                rows:
                  - {label: Throughput, cells: [%s]}
                """.formatted(ROOT.resolve("scenarios/baseline-rdma-write.yaml"),
                ROOT.resolve("scenarios/baseline-rdma-read.yaml"), cells));
        return file;
    }

    @Test
    void printsTheRowsFilledFromEachColumnsRun() throws IOException {
        int exit = cli.run("compare", comparison("\"{throughput} = {throughput / 100Gbps %}\", \"{throughput}\"")
                .toString(), "--no-progress");

        assertThat(exit).as(cli.err()).isZero();
        // the same figures `iopf run` measures for these two scenarios
        assertThat(cli.out()).contains("| Throughput | 98.65 Gbps = 98.6% | 98.65 Gbps |")
                .contains("write-vs-read: RDMA WRITE against RDMA READ on the pinned baseline");
    }

    @Test
    void aCellNamingAnUnrecordedFigureIsBadInputNamingTheNearestFigure() throws IOException {
        int exit = cli.run("compare", comparison("\"{throughput}\", \"{throughputt}\"").toString(), "--no-progress");

        assertThat(exit).isEqualTo(2);
        assertThat(cli.err()).contains("row 'Throughput', column 'READ': the run of baseline-rdma-read has no "
                + "figure 'throughputt' (did you mean 'throughput'?)");
    }

    @Test
    void anUnknownComparisonNameIsBadInput() {
        assertThat(cli.run("compare", "no-such-comparison")).isEqualTo(2);
        assertThat(cli.err()).contains("no comparison file 'no-such-comparison'");
    }
}

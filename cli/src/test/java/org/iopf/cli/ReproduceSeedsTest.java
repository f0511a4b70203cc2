package org.iopf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code iopf reproduce --seeds}: every scenario once per seed, and the spread of its expected figures. */
final class ReproduceSeedsTest {
    private static final Path ROOT = CliHarness.repositoryRoot();

    @TempDir
    Path dir;

    private final CliHarness cli = new CliHarness(ROOT);

    /** The pinned baseline, 16 messages, with {@code loss} on every link and {@code expect} as its entries. */
    private Path scenarios(String loss, String expect) throws IOException {
        String text = Files.readString(ROOT.resolve("examples/pinned-baseline.yaml"))
                .replace("loss: 0.0}", "loss: " + loss + "}")
                .replace("messages: 64", "messages: 16");
        text = text.substring(0, text.indexOf("expect:")) + "expect:\n" + expect;
        Path folder = Files.createDirectories(dir.resolve("scenarios"));
        Files.writeString(folder.resolve("baseline.yaml"), text);
        return folder;
    }

    @Test
    void withoutRandomTimingEverySeedMeasuresTheSameAndTheSpreadSaysExact() throws IOException {
        Path folder = scenarios("0.0", "  - {metric: throughput, min: 90Gbps}\n  - {metric: throughput, max: 99Gbps}\n");

        int exit = cli.run("reproduce", "--scenarios", folder.toString(), "--seeds", "1..3", "--no-progress");

        assertThat(exit).as(cli.out() + cli.err()).isZero();
        assertThat(cli.out()).contains("pinned-baseline: 3 of 3 seeds met every expectation")
                .containsPattern("throughput +min 9\\d\\.\\d+ Gbps +median 9\\d\\.\\d+ Gbps +max 9\\d\\.\\d+ Gbps +spread exact +3/3 met  \\(expected >= 90Gbps\\)");
    }

    @Test
    void lossOnTheLinkSpreadsTheFigureAndASeedThatMissesIsNamedAndExitsOne() throws IOException {
        // one packet in a thousand lost: each loss costs a go-back-N retransmission or a local ACK
        // timeout, at a point the seed decides; a 95 Gbps floor is missed by the seeds that time out
        Path folder = scenarios("0.001", "  - {metric: throughput, min: 95Gbps}\n");
        Path out = dir.resolve("out");

        int exit = cli.run("reproduce", "--scenarios", folder.toString(), "--seeds", "1..4", "--out", out.toString(),
                "--no-progress");

        assertThat(cli.out()).containsPattern("pinned-baseline seed \\d: 1 of 2 expectations met")
                .containsPattern("throughput +min .* spread \\d+\\.\\d\\d%");
        assertThat(exit).isEqualTo(1);
        List<String> csv = Files.readAllLines(out.resolve("seeds.csv"));
        assertThat(csv).first().isEqualTo("scenario,metric,seed,value");
        List<String> throughput = csv.stream().filter(l -> l.startsWith("pinned-baseline,throughput,")).toList();
        assertThat(throughput).hasSize(4);
        assertThat(throughput.stream().map(l -> l.split(",")[3]).distinct()).hasSizeGreaterThan(1);
        assertThat(out.resolve("pinned-baseline/seed-3/results.json")).exists();
    }

    @Test
    void aSeedListThatIsNotOneIsBadInputNamingWhatWasExpected() throws IOException {
        Path folder = scenarios("0.0", "  - {metric: throughput, min: 90Gbps}\n  - {metric: throughput, max: 99Gbps}\n");

        assertThat(cli.run("reproduce", "--scenarios", folder.toString(), "--seeds", "one..ten")).isEqualTo(2);
        assertThat(cli.err()).contains("--seeds: expected a seed (7), a range (1..10) or a comma list of them "
                + "(1..5,9), got 'one..ten'");
        cli.clear();
        assertThat(cli.run("reproduce", "--scenarios", folder.toString(), "--seeds", "10..1")).isEqualTo(2);
        assertThat(cli.err()).contains("--seeds: the range '10..1' runs backwards; write it as 1..10");
    }

    @Test
    void seedListsKeepTheirOrderAndNameEachSeedOnce() {
        assertThat(SeedList.parse("--seeds", "1..3, 9,2")).containsExactly(1L, 2L, 3L, 9L);
        assertThat(SeedList.parse("--seeds", "42")).containsExactly(42L);
    }
}

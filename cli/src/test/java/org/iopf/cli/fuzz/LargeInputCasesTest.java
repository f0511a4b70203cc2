package org.iopf.cli.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Fixed cases of the front-door fuzz test whose inputs are too large to keep as files: each is
 * written from a bundled file here, and {@code iopf} must end on it within {@link FrontDoor}'s limit.
 */
final class LargeInputCasesTest {
    private static final Path ROOT = BundledInputs.repositoryRoot();

    @TempDir
    Path temp;

    private FrontDoor.Outcome call(String... args) throws IOException {
        Path plugins = Files.createDirectories(temp.resolve("plugins"));
        String[] all = java.util.Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--plugins";
        all[args.length + 1] = plugins.toString();
        return new FrontDoor(ROOT, Duration.ofSeconds(120)).call(all);
    }

    /** Found: a run hung comparing a 10 MB metric name with every figure for the nearest one; now validation refuses it. */
    @Test
    void anExpectationOfATenMegabyteMetricIsRefusedInOneShortLine() throws IOException {
        String metric = "x".repeat(10 << 20);
        String text = Files.readString(ROOT.resolve("examples/pinned-baseline.yaml"))
                .replace("{metric: workload.errors, max: 0}", "{metric: " + metric + ", max: 0}");
        Path file = Files.writeString(temp.resolve("long-metric.yaml"), text);

        FrontDoor.Outcome outcome = call("run", file.toString(), "--quiet", "--format", "csv");

        assertThat(outcome.failure()).isEmpty();
        assertThat(outcome.exitCode()).isEqualTo(2);
        assertThat(outcome.message()).contains("no figure 'xxxx").contains("(10485760 characters)").hasSizeLessThan(600);
    }

    /** Found with it: a 10 MB key (explicit, as YAML allows no longer implicit key than 1024 characters) is unknown. */
    @Test
    void aTenMegabyteKeyIsAnUnknownKey() throws IOException {
        String text = "? " + "y".repeat(10 << 20) + "\n: 1\n" + Files.readString(ROOT.resolve("examples/pinned-baseline.yaml"));
        Path file = Files.writeString(temp.resolve("long-key.yaml"), text);

        FrontDoor.Outcome outcome = call("validate", file.toString());

        assertThat(outcome.failure()).isEmpty();
        assertThat(outcome.exitCode()).isEqualTo(2);
        assertThat(outcome.message()).startsWith("iopf: " + file + ":1:3: yyyy").contains(": unknown top-level key;");
    }

    /** Found: validate hung on scenarios/hmm-mirror.yaml with 100,000 more nodes (too large to keep as a file). */
    @Test
    void aHundredThousandNodesAreRefusedAtTheirCount() throws IOException {
        StringBuilder nodes = new StringBuilder("nodes:\n");
        for (int i = 0; i < 100_000; i++) {
            nodes.append("  - {name: n").append(i).append(", iommu: {type: premapped-iommu}, dma: {type: plain-dma}}\n");
        }
        Path file = Files.writeString(temp.resolve("many-nodes.yaml"),
                nodes + "workload: {type: dma-copy-stream, params: {node: n0, messages: 1}}\n");

        FrontDoor.Outcome outcome = call("validate", file.toString());

        assertThat(outcome.failure()).isEmpty();
        assertThat(outcome.exitCode()).isEqualTo(2);
        assertThat(outcome.message()).startsWith("iopf: " + file + ":");
    }
}

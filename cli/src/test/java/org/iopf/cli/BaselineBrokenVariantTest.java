package org.iopf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The expectations of a bundled baseline scenario can fail: baseline-two-ports with its port choice
 * switched off (the stream leaves through the node's default 25 Gbps NIC instead of nic1) misses them,
 * while the file as bundled meets them.
 */
final class BaselineBrokenVariantTest {
    private static final Path ROOT = CliHarness.repositoryRoot();

    @TempDir
    Path temp;

    private final CliHarness cli = new CliHarness(ROOT);

    @Test
    void theDefaultPortInsteadOfNic1MissesTheLinkBoundAndTheUnusedPort() throws IOException {
        String text = Files.readString(ROOT.resolve("scenarios/baseline-two-ports.yaml"));
        assertThat(text).containsOnlyOnce("params: {source: node1/nic1").containsOnlyOnce("messages: 64");
        Path broken = Files.writeString(temp.resolve("baseline-two-ports-nic0.yaml"),
                text.replace("params: {source: node1/nic1", "params: {source: node1").replace("messages: 64", "messages: 8"));

        int intact = cli.run("run", "scenarios/baseline-two-ports.yaml", "--no-progress", "--plugins", temp.toString());
        assertThat(intact).as(cli.out()).isZero();
        cli.clear();
        int variant = cli.run("run", broken.toString(), "--no-progress", "--plugins", temp.toString());

        assertThat(variant).as(cli.out()).isEqualTo(ExitCode.EXPECTATION_MISSED);
        assertThat(cli.out()).contains("expectations: 4 of 6 met").containsPattern("(?m)^  throughput .* MISS ")
                .containsPattern("(?m)^  node1\\.nic0\\.tx\\.bytes .* MISS ");
    }
}

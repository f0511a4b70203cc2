package org.iopf.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.iopf.distribution.IopfProcess.Outcome;
import org.iopf.distribution.IopfProcess.Running;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Several {@code iopf} processes on one installation at once: each finds every plugin complete,
 * none disturbs the others, all give the same figures, and the plugins folder is left as it was.
 */
final class ConcurrentUseIT {
    private static final IopfProcess IOPF = IopfProcess.fromBuild();
    private static final int PROCESSES = 3;

    @TempDir
    Path cache;

    @Test
    void threeRunsStartedAtOnceOnAnEmptyCacheGiveIdenticalResults() throws Exception {
        List<String> pluginsBefore = listing(IOPF.home().resolve("plugins"));
        Map<String, String> emptyCache = Map.of("IOPF_CACHE_DIR", cache.toString());

        List<Running> running = new ArrayList<>();
        for (int i = 0; i < PROCESSES; i++) {
            running.add(IOPF.start(emptyCache, "", "run", "hmm-mixed", "--format", "csv", "--no-progress"));
        }
        List<Outcome> outcomes = new ArrayList<>();
        for (Running process : running) {
            outcomes.add(process.await());
        }

        for (Outcome outcome : outcomes) {
            assertThat(outcome.exitCode()).as(outcome.err()).isZero();
            assertThat(outcome.err()).doesNotContain("Exception", "warning", "already exists");
        }
        String first = withoutWallClock(outcomes.get(0).out());
        assertThat(first).contains("sim.events,");
        for (Outcome outcome : outcomes) {
            assertThat(withoutWallClock(outcome.out())).isEqualTo(first);
        }
        assertThat(listing(IOPF.home().resolve("plugins"))).isEqualTo(pluginsBefore);
        int zips = pluginsBefore.stream().filter(n -> n.endsWith(".zip")).toList().size();
        try (Stream<Path> extracted = Files.list(cache)) {
            // one folder per stock zip and the record of its types beside it, no temporary left behind
            List<String> names = extracted.map(p -> p.getFileName().toString()).filter(n -> !n.equals(".hashes"))
                    .toList();
            assertThat(names).hasSize(2 * zips).allMatch(name -> name.matches("[0-9a-f]{64}(\\.types)?"));
            assertThat(names).filteredOn(name -> name.endsWith(".types")).hasSize(zips)
                    .allMatch(name -> Files.isDirectory(cache.resolve(name.replace(".types", ""))));
        }
        try (Stream<Path> memos = Files.list(cache.resolve(".hashes"))) {
            // the memo of each zip's hash, no temporary left behind
            assertThat(memos.map(p -> p.getFileName().toString())).hasSize(zips).allMatch(n -> n.contains(".zip-"));
        }
    }

    private static List<String> listing(Path folder) throws IOException {
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }

    private static String withoutWallClock(String csv) {
        return csv.lines().filter(l -> !l.startsWith("wall.")).collect(Collectors.joining("\n"));
    }
}

package org.iopf.plugin.infinibandnpf;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.iopf.core.report.RunResult;
import org.junit.jupiter.api.Test;

final class ScratchTest {
    @Test
    void show() throws Exception {
        try (Stream<Path> files = Files.list(Path.of("../scenarios"))) {
            for (Path f : files.filter(p -> p.getFileName().toString().startsWith("ib-")).sorted().toList()) {
                long t = System.nanoTime();
                RunResult r = ScenarioFiles.run(f.toString());
                System.out.printf("== %s wall %.2fs%n", f, (System.nanoTime() - t) / 1e9);
                r.expectations().outcomes().forEach(o -> System.out.println("  " + (o.passed() ? "ok  " : "MISS") + " " + o.message()));
                for (String n : new String[] {"throughput", "latency.mean", "sim.time"}) {
                    r.figure(n).ifPresent(fig -> System.out.println("  " + fig.name() + " = " + fig.value()));
                }
            }
        }
    }
}

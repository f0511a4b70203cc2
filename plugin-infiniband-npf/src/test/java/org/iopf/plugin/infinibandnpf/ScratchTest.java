package org.iopf.plugin.infinibandnpf;

import org.iopf.core.report.RunResult;
import org.junit.jupiter.api.Test;

final class ScratchTest {
    @Test
    void show() {
        String f = System.getProperty("scratch.file", "../scenarios/ib-npf-4k.yaml");
        RunResult r = ScenarioFiles.run(f);
        r.figures().forEach(fig -> {
            if (fig.name().contains("nic0") || !fig.name().contains(".") || fig.name().startsWith("latency")) {
                System.out.println(fig);
            }
        });
        System.out.println(r.expectations());
    }
}

package org.iopf.plugin.uvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.iopf.api.platform.Source;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.file.PlatformFileException;
import org.iopf.core.platform.file.PlatformFileReader;
import org.junit.jupiter.api.Test;

/** The uvm types' declarations: every parameter has a source, every statistic is declared once and checked. */
final class DeclarationsTest {
    private final ExtensionRegistry registry = ExtensionRegistry.fromClassPath(getClass().getClassLoader());
    private final PlatformFileReader reader = new PlatformFileReader(registry);

    private static String fiftyPercent() throws IOException {
        return Files.readString(Path.of("../scenarios/uvm-stream-50pct.yaml"));
    }

    @Test
    void everyParameterStatesItsSourceAndEveryStatisticIsDeclaredOnce() {
        for (var type : new org.iopf.api.platform.ComponentType[] {new UvmGpuType(), new UvmDriverType()}) {
            assertThat(type.parameters()).allSatisfy(p -> assertThat(p.source()).as(p.name())
                    .isNotInstanceOf(Source.Unstated.class));
            assertThat(type.statistics()).extracting(s -> s.name()).doesNotHaveDuplicates();
        }
    }

    @Test
    void aMisspelledDriverStatisticIsRefusedWithTheNearestName() throws IOException {
        String text = fiftyPercent().replace("metric: node1.faults.batches,", "metric: node1.faults.batchs,");
        assertThatThrownBy(() -> reader.read("uvm-stream-50pct.yaml", text)).isInstanceOf(PlatformFileException.class)
                .hasMessageContaining("node1/faults (uvm-driver) records no statistic 'batchs' (did you mean 'batches'?)");
    }

    @Test
    void deviceMemoryNotAMultipleOf2MibAndAnUnknownReplayPolicyAreRefused() throws IOException {
        String odd = fiftyPercent().replace("deviceMemory: 64MiB", "deviceMemory: 65MiB");
        assertThatThrownBy(() -> reader.read("uvm-stream-50pct.yaml", odd)).isInstanceOf(PlatformFileException.class)
                .hasMessageContaining("'65MiB' is not a multiple of 2MiB");
        String policy = fiftyPercent().replace("faults: {type: uvm-driver}",
                "faults: {type: uvm-driver, params: {replayPolicy: always}}");
        assertThatThrownBy(() -> reader.read("uvm-stream-50pct.yaml", policy))
                .isInstanceOf(PlatformFileException.class).hasMessageContaining("replayPolicy");
    }
}

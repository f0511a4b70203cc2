package org.iopf.plugin.hmm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.iopf.api.platform.Source;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.file.PlatformFileException;
import org.iopf.core.platform.file.PlatformFileReader;
import org.junit.jupiter.api.Test;

/**
 * The hmm types' typed declarations at work: a step or a statistic declared once is what
 * validation checks, with the file's line and the nearest declared name.
 */
final class DeclarationsTest {
    private final ExtensionRegistry registry = ExtensionRegistry.fromClassPath(getClass().getClassLoader());
    private final PlatformFileReader reader = new PlatformFileReader(registry);

    private static String pingPong() throws IOException {
        return Files.readString(Path.of("../scenarios/hmm-ping-pong.yaml"));
    }

    /** The 1-based line of the first occurrence of {@code what} in {@code text}. */
    private static int lineOf(String text, String what) {
        int at = text.indexOf(what);
        assertThat(at).as(what).isNotNegative();
        return (int) text.substring(0, at).chars().filter(c -> c == '\n').count() + 1;
    }

    @Test
    void theBundledFileValidates() throws IOException {
        String text = pingPong();
        assertThatCode(() -> reader.read("hmm-ping-pong.yaml", text)).doesNotThrowAnyException();
    }

    @Test
    void aMisspelledDeviceStatisticInAnExpectationIsRefusedAtItsLine() throws IOException {
        String text = pingPong().replace("metric: node1.gpu.pingPong.blockedRanges", "metric: node1.gpu.pingPong.blockedRange");
        assertThatThrownBy(() -> reader.read("hmm-ping-pong.yaml", text))
                .isInstanceOf(PlatformFileException.class)
                .hasMessageStartingWith("hmm-ping-pong.yaml:" + lineOf(text, "metric: node1.gpu.pingPong.blockedRange") + ":")
                .hasMessageContaining("node1/gpu (hmm-device) records no statistic 'pingPong.blockedRange' "
                        + "(did you mean 'pingPong.blockedRanges'?)");
    }

    @Test
    void aMisspelledWorkloadStatisticIsRefusedWithThePlaceholderName() throws IOException {
        String text = pingPong().replace("metric: workload.node1.faultBacks", "metric: workload.node1.faultBack");
        assertThatThrownBy(() -> reader.read("hmm-ping-pong.yaml", text))
                .isInstanceOf(PlatformFileException.class)
                .hasMessageContaining("workload hmm-ping-pong records no statistic 'node1.faultBack' "
                        + "(did you mean '{node}.faultBacks'?)");
    }

    @Test
    void deviceMemoryNotAMultipleOf2MibIsRefusedAtValidationNotAtConstruction() throws IOException {
        String text = pingPong().replaceFirst("deviceMemory: 1GiB", "deviceMemory: 3MiB");
        assertThatThrownBy(() -> reader.read("hmm-ping-pong.yaml", text))
                .isInstanceOf(PlatformFileException.class)
                .hasMessageStartingWith("hmm-ping-pong.yaml:" + lineOf(text, "deviceMemory: 3MiB") + ":")
                .hasMessageContaining("'3MiB' is not a multiple of 2MiB");
    }

    @Test
    void everyParameterStatesItsSourceAndEveryStatisticIsDeclaredOnce() {
        assertThat(new HmmDeviceType().parameters()).allSatisfy(p -> assertThat(p.source())
                .as(p.name()).isNotInstanceOf(Source.Unstated.class));
        assertThat(new HmmDeviceType().statistics()).extracting(s -> s.name()).doesNotHaveDuplicates()
                .contains("faultBack.latency", "migrate.skippedBytes", "device.usedBytes");
    }
}

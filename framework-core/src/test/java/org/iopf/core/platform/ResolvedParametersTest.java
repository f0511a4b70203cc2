package org.iopf.core.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.ParameterType;
import org.junit.jupiter.api.Test;

final class ResolvedParametersTest {
    private static final List<ParameterSpec> SPECS = List.of(
            ParameterSpec.of("tlbEntries", ParameterType.INTEGER, "128", "TLB entries", ""),
            ParameterSpec.of("walkLatency", ParameterType.DURATION, "50ns", "per-level walk", ""),
            ParameterSpec.of("rate", ParameterType.DATA_RATE, "10Gbps", "port rate", ""),
            ParameterSpec.of("pool", ParameterType.BYTES, "4MiB", "pool size", ""),
            ParameterSpec.of("batching", ParameterType.BOOLEAN, "true", "batch faults", ""),
            ParameterSpec.choice("mode", "stall", List.of("stall", "terminate"), "fault mode", ""),
            ParameterSpec.required("streamId", ParameterType.INTEGER, "the stream id"));

    @Test
    void fillsDefaultsAndParsesExplicitValuesWithUnits() {
        var p = new ResolvedParameters("node1/smmu (zynq-smmu)", SPECS,
                Map.of("walkLatency", "1us", "streamId", "3", "pool", "2MiB"));
        assertThat(p.integer("tlbEntries")).isEqualTo(128);
        assertThat(p.duration("walkLatency")).isEqualTo(1000);
        assertThat(p.rate("rate").gbps()).isEqualTo(10.0);
        assertThat(p.bytes("pool")).isEqualTo(2L << 20);
        assertThat(p.flag("batching")).isTrue();
        assertThat(p.string("mode")).isEqualTo("stall");
        assertThat(p.isSet("walkLatency")).isTrue();
        assertThat(p.isSet("tlbEntries")).isFalse();
    }

    @Test
    void unknownParameterSuggestsTheNearestName() {
        assertThatThrownBy(() -> new ResolvedParameters("node1/smmu (zynq-smmu)", SPECS,
                Map.of("tlbEntires", "64", "streamId", "1")))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessage("node1/smmu (zynq-smmu): parameter 'tlbEntires': unknown parameter; known parameters are "
                        + "[tlbEntries, walkLatency, rate, pool, batching, mode, streamId] (did you mean 'tlbEntries'?)");
    }

    @Test
    void missingRequiredParameterIsNamed() {
        assertThatThrownBy(() -> new ResolvedParameters("node1/smmu (zynq-smmu)", SPECS, Map.of()))
                .hasMessage("node1/smmu (zynq-smmu): parameter 'streamId': required parameter is missing "
                        + "(integer: the stream id)");
    }

    @Test
    void badValuesSayWhatWasExpected() {
        assertThatThrownBy(() -> new ResolvedParameters("c", SPECS, Map.of("streamId", "x")))
                .hasMessage("c: parameter 'streamId': 'x' is not a whole number");
        assertThatThrownBy(() -> new ResolvedParameters("c", SPECS, Map.of("streamId", "1", "mode", "stal")))
                .hasMessage("c: parameter 'mode': 'stal' is not one of [stall, terminate] (did you mean 'stall'?)");
        assertThatThrownBy(() -> new ResolvedParameters("c", SPECS, Map.of("streamId", "1", "walkLatency", "5")))
                .hasMessageContaining("parameter 'walkLatency': '5' has no unit");
    }

    @Test
    void askingForAnUndeclaredOrMistypedParameterIsAnError() {
        var p = new ResolvedParameters("c", SPECS, Map.of("streamId", "1"));
        assertThatThrownBy(() -> p.bytes("tlbEntries")).hasMessage("c parameter 'tlbEntries' is INTEGER, not BYTES");
        assertThatThrownBy(() -> p.integer("walklatency")).hasMessageContaining("did you mean 'walkLatency'");
    }
}

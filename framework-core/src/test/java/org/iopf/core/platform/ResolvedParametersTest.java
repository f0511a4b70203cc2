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

    private static final List<ParameterSpec> RANGED = List.of(
            ParameterSpec.of("localAckTimeout", ParameterType.INTEGER, "14", "exponent", "").range(0, 31),
            ParameterSpec.of("mtu", ParameterType.BYTES, "4KiB", "path MTU", "").range("256B", "4KiB"),
            ParameterSpec.of("latency", ParameterType.DURATION, "50ns", "lookup", "").range("0ns", "1ms"),
            ParameterSpec.of("rate", ParameterType.DATA_RATE, "100Gbps", "port rate", "").range("1Mbps", "1Tbps"),
            ParameterSpec.of("loss", ParameterType.DECIMAL, "0.0", "loss", "").range("0", "0.99"));

    @Test
    void valuesAtTheBoundsOfTheirRangeAreAdmitted() {
        var p = new ResolvedParameters("c", RANGED, Map.of("localAckTimeout", "31", "mtu", "256B", "latency", "1ms",
                "rate", "1Tbps", "loss", "0"));
        assertThat(p.integer("localAckTimeout")).isEqualTo(31);
        assertThat(p.bytes("mtu")).isEqualTo(256);
        assertThat(p.duration("latency")).isEqualTo(1_000_000);
        assertThat(p.rate("rate").gbps()).isEqualTo(1000.0);
    }

    @Test
    void aValueOutsideItsRangeNamesTheValueAndTheRangeInTheParametersUnit() {
        assertThatThrownBy(() -> new ResolvedParameters("node1/nic0 (pinned-rc-nic)", RANGED,
                Map.of("localAckTimeout", "64")))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessage("node1/nic0 (pinned-rc-nic): parameter 'localAckTimeout': '64' is out of range; expected "
                        + "a whole number in 0..31");
        assertThatThrownBy(() -> new ResolvedParameters("c", RANGED, Map.of("mtu", "8KiB")))
                .hasMessage("c: parameter 'mtu': '8KiB' is out of range; expected a size in 256B..4KiB");
        assertThatThrownBy(() -> new ResolvedParameters("c", RANGED, Map.of("latency", "9223372036s")))
                .hasMessage("c: parameter 'latency': '9223372036s' is out of range; expected a duration in 0ns..1ms");
        assertThatThrownBy(() -> new ResolvedParameters("c", RANGED, Map.of("rate", "10bps")))
                .hasMessage("c: parameter 'rate': '10bps' is out of range; expected a rate in 1Mbps..1Tbps");
        assertThatThrownBy(() -> new ResolvedParameters("c", RANGED, Map.of("loss", "1.0")))
                .hasMessage("c: parameter 'loss': '1.0' is out of range; expected a number in 0..0.99");
    }

    @Test
    void aValueThatOverflowsItsTypeIsRefusedNamingTheRange() {
        assertThatThrownBy(() -> new ResolvedParameters("c", RANGED, Map.of("localAckTimeout", "9223372036854775808")))
                .hasMessage("c: parameter 'localAckTimeout': '9223372036854775808' is too large for a whole number; "
                        + "expected a whole number in 0..31");
        assertThatThrownBy(() -> new ResolvedParameters("c", RANGED, Map.of("mtu", "9223372036854775808")))
                .hasMessage("c: parameter 'mtu': '9223372036854775808' is too large; expected a size in 256B..4KiB");
        assertThatThrownBy(() -> new ResolvedParameters("c", RANGED, Map.of("loss", "NaN")))
                .hasMessage("c: parameter 'loss': 'NaN' is not a number; expected a number in 0..0.99");
        assertThatThrownBy(() -> new ResolvedParameters("c", SPECS, Map.of("streamId", "99999999999999999999")))
                .hasMessage("c: parameter 'streamId': '99999999999999999999' is too large for a whole number");
    }

    @Test
    void aWholeNumberBeyondAnIntIsRefusedByIntValueNamingTheParameter() {
        var p = new ResolvedParameters("c", SPECS, Map.of("streamId", "4294967296"));
        assertThat(p.integer("streamId")).isEqualTo(1L << 32);
        assertThatThrownBy(() -> p.intValue("streamId")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("parameter 'streamId' is 4294967296, which does not fit an int (-2147483648..2147483647)");
    }

    @Test
    void aTypeWhoseRangeOrDefaultDoesNotHoldIsTheTypesBug() {
        List<ParameterSpec> inverted = List.of(ParameterSpec.of("n", ParameterType.INTEGER, "1", "n", "").range(9, 0));
        assertThatThrownBy(() -> new ResolvedParameters("c", inverted, Map.of()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("whose min is above its max");
        List<ParameterSpec> outside = List.of(ParameterSpec.of("n", ParameterType.INTEGER, "10", "n", "").range(0, 9));
        assertThatThrownBy(() -> new ResolvedParameters("c", outside, Map.of()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("c declares parameter 'n' with default '10' outside its range 0..9");
        List<ParameterSpec> unitless = List.of(ParameterSpec.of("d", ParameterType.DURATION, "1us", "d", "")
                .range(0, 1000));
        assertThatThrownBy(() -> new ResolvedParameters("c", unitless, Map.of()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("c declares parameter 'd' with a range bound '0' that is not a duration");
    }

    @Test
    void aValueThatIsNotAMultipleOfTheStepIsRefusedWithTheStep() {
        List<ParameterSpec> specs = List.of(org.iopf.api.platform.Parameter.bytes("batchSize", "per batch")
                .byDefault("64MiB").range("4KiB", "64GiB").multipleOf("4KiB").spec());
        assertThat(new ResolvedParameters("node1/gpu (hmm-device)", specs, Map.of("batchSize", "8KiB"))
                .bytes("batchSize")).isEqualTo(8192);
        assertThatThrownBy(() -> new ResolvedParameters("node1/gpu (hmm-device)", specs,
                Map.of("batchSize", "6KiB")))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("'6KiB' is not a multiple of 4KiB; expected a size in 4KiB..64GiB, a multiple of 4KiB");
    }

    @Test
    void aDefaultThatIsNotAMultipleOfItsOwnStepIsTheTypesBug() {
        List<ParameterSpec> specs = List.of(org.iopf.api.platform.Parameter.bytes("batchSize", "per batch")
                .byDefault("5KiB").multipleOf("4KiB").spec());
        assertThatThrownBy(() -> new ResolvedParameters("node1/gpu (hmm-device)", specs, Map.of()))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("not a multiple of 4KiB");
    }

    private static final List<ParameterSpec> TIMES = List.of(ParameterSpec.of("isrCost", ParameterType.SERVICE_TIME,
            "8us", "ISR per fault", "").range("0ns", "1s"));

    @Test
    void aServiceTimeIsAConstantByDefaultAndADistributionWhenOneIsWritten() {
        assertThat(new ResolvedParameters("c", TIMES, Map.of()).serviceTime("isrCost"))
                .isEqualTo(org.iopf.api.sim.ServiceTime.constant(8_000));
        assertThat(new ResolvedParameters("c", TIMES, Map.of("isrCost", "lognormal(8us, 0.25)")).serviceTime("isrCost"))
                .isEqualTo(org.iopf.api.sim.ServiceTime.lognormal(8_000, 0.25));
    }

    @Test
    void aServiceTimeWhoseMeanLeavesTheRangeOrThatDoesNotParseIsRefusedNamingTheParameter() {
        assertThatThrownBy(() -> new ResolvedParameters("node1/faults (exanest-faults)", TIMES,
                Map.of("isrCost", "exponential(2s)")))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("isrCost").hasMessageContaining("'exponential(2s)' is out of range");
        assertThatThrownBy(() -> new ResolvedParameters("node1/faults (exanest-faults)", TIMES,
                Map.of("isrCost", "normal(8us, 1us)")))
                .isInstanceOf(InvalidParameterException.class)
                .hasMessageContaining("'normal' is not a distribution");
    }
}

package org.iopf.api.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.iopf.api.sim.DataRate;
import org.junit.jupiter.api.Test;

final class ParameterTest {
    private static final Parameter<Long> BATCH = Parameter.bytes("batchSize", "bytes migrated per batch")
            .byDefault("64MiB").range("4KiB", "64GiB").multipleOf("4KiB").from(Source.seed("003", "F3"));

    @Test
    void oneDeclarationCarriesTypeDefaultRangeStepAndSource() {
        ParameterSpec spec = BATCH.spec();
        assertThat(spec.name()).isEqualTo("batchSize");
        assertThat(spec.type()).isEqualTo(ParameterType.BYTES);
        assertThat(spec.defaultValue()).contains("64MiB");
        assertThat(spec.range()).contains(new ParameterRange("4KiB", "64GiB"));
        assertThat(spec.multipleOf()).contains("4KiB");
        assertThat(spec.source()).isEqualTo(new Source.Seed("003", "F3"));
        assertThat(spec.seedSection()).isEqualTo("seed 003 F3");
        assertThat(Parameter.bytes("size", "a size").spec().isRequired()).isTrue();
    }

    @Test
    void eachModifierReturnsANewKeyAndLeavesTheOldOneAlone() {
        Parameter<Long> bare = Parameter.bytes("batchSize", "bytes migrated per batch");
        Parameter<Long> defaulted = bare.byDefault("1MiB");
        assertThat(bare.spec().defaultValue()).isEmpty();
        assertThat(defaulted.spec().defaultValue()).contains("1MiB");
        assertThat(defaulted.range("4KiB", "2MiB").spec().defaultValue()).contains("1MiB");
    }

    @Test
    void aChoiceRefusesADefaultOutsideItsValues() {
        Parameter<String> mode = Parameter.choice("mode", "how pages move", "migrate", "mirror");
        assertThat(mode.byDefault("mirror").spec().allowedValues()).containsExactly("migrate", "mirror");
        assertThatThrownBy(() -> mode.byDefault("copy")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'copy'").hasMessageContaining("[migrate, mirror]");
        assertThatThrownBy(() -> Parameter.choice("mode", "no values")).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void onlySizesAndWholeNumbersHaveAStep() {
        assertThatThrownBy(() -> Parameter.duration("delay", "a delay").multipleOf("1us"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'delay' is DURATION");
        assertThat(Parameter.count("slots", "ring slots").multipleOf("2").spec().multipleOf()).contains("2");
    }

    @Test
    void aKeyReadsItsOwnTypedValue() {
        Parameters values = new MapParameters(Map.of("batchSize", 65536L, "rate", DataRate.gbps(10), "slots", 8L,
                "mode", "mirror"));
        assertThat(values.get(BATCH)).isEqualTo(65536L);
        assertThat(values.get(Parameter.rate("rate", "a rate"))).isEqualTo(DataRate.gbps(10));
        assertThat(values.get(Parameter.count("slots", "slots"))).isEqualTo(8);
        assertThat(values.get(Parameter.choice("mode", "mode", "migrate", "mirror"))).isEqualTo("mirror");
        assertThat(Parameter.specs(BATCH, Parameter.count("slots", "slots"))).extracting(ParameterSpec::name)
                .containsExactly("batchSize", "slots");
    }

    @Test
    void aDeclarationWithoutASourceKeepsItsCitationAsAnUnstatedSource() {
        ParameterSpec old = ParameterSpec.of("mtu", ParameterType.BYTES, "4KiB", "path MTU", "seed 001 §2");
        assertThat(old.source()).isEqualTo(Source.legacy("seed 001 §2"));
        assertThat(old.source().kind()).isEqualTo("unstated");
        assertThat(old.range("256B", "4KiB").source()).isEqualTo(old.source());
        assertThat(new ParameterSpec("x", ParameterType.BYTES, "x", Optional.empty(), List.of(), "").multipleOf())
                .isEmpty();
    }

    /** Values by name, as the host resolves them. */
    private record MapParameters(Map<String, Object> values) implements Parameters {
        @Override
        public boolean isSet(String name) {
            return values.containsKey(name);
        }

        @Override
        public long bytes(String name) {
            return (Long) values.get(name);
        }

        @Override
        public long duration(String name) {
            return (Long) values.get(name);
        }

        @Override
        public DataRate rate(String name) {
            return (DataRate) values.get(name);
        }

        @Override
        public long integer(String name) {
            return (Long) values.get(name);
        }

        @Override
        public double decimal(String name) {
            return (Double) values.get(name);
        }

        @Override
        public boolean flag(String name) {
            return (Boolean) values.get(name);
        }

        @Override
        public String string(String name) {
            return (String) values.get(name);
        }
    }
}

package org.iopf.api.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

final class ParameterSpecTest {
    @Test
    void rangeCopiesTheSpecWithItsBoundsAsWritten() {
        ParameterSpec mtu = ParameterSpec.of("mtu", ParameterType.BYTES, "4KiB", "path MTU", "seed 001 §2");
        ParameterSpec ranged = mtu.range("256B", "4KiB");
        assertThat(ranged.range()).contains(new ParameterRange("256B", "4KiB"));
        assertThat(ranged.range().orElseThrow()).hasToString("256B..4KiB");
        assertThat(ranged).isNotEqualTo(mtu)
                .isEqualTo(new ParameterSpec("mtu", ParameterType.BYTES, "path MTU", Optional.of("4KiB"), List.of(),
                        "seed 001 §2", Optional.of(new ParameterRange("256B", "4KiB"))));
        assertThat(mtu.range()).isEmpty();
        assertThat(ParameterSpec.of("timeout", ParameterType.INTEGER, "14", "exponent", "").range(0, 31).range())
                .contains(new ParameterRange("0", "31"));
    }

    @Test
    void onlyNumericParametersHaveARange() {
        assertThatThrownBy(() -> ParameterSpec.of("pool", ParameterType.BOOLEAN, "true", "pool", "").range(0, 1))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'pool' is BOOLEAN");
        assertThatThrownBy(() -> ParameterSpec.choice("mode", "a", List.of("a", "b"), "mode", "").range("a", "b"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new ParameterRange(" ", "4KiB")).isInstanceOf(IllegalArgumentException.class);
    }
}

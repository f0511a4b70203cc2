package org.iopf.core.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.iopf.core.platform.Expectation.Quantity;
import org.junit.jupiter.api.Test;

final class UnitFormatTest {
    @Test
    void choosesAUnitAndFourSignificantDigits() {
        assertThat(UnitFormat.format(96.4e9, Quantity.RATE)).isEqualTo("96.40 Gbps");
        assertThat(UnitFormat.format(999, Quantity.RATE)).isEqualTo("999 bps");
        assertThat(UnitFormat.format(10_200, Quantity.DURATION)).isEqualTo("10.20 µs");
        assertThat(UnitFormat.format(850, Quantity.DURATION)).isEqualTo("850 ns");
        assertThat(UnitFormat.format(2639, Quantity.DURATION)).isEqualTo("2.639 µs");
        assertThat(UnitFormat.format(342_912, Quantity.DURATION)).isEqualTo("342.9 µs");
        assertThat(UnitFormat.format(2.5e9, Quantity.DURATION)).isEqualTo("2.500 s");
        assertThat(UnitFormat.format(16L << 30, Quantity.BYTES)).isEqualTo("16.00 GiB");
        assertThat(UnitFormat.format(512, Quantity.BYTES)).isEqualTo("512 B");
        assertThat(UnitFormat.format(0.125, Quantity.RATIO)).isEqualTo("12.5 %");
        assertThat(UnitFormat.format(12, Quantity.NUMBER, "faults")).isEqualTo("12 faults");
        assertThat(UnitFormat.format(0.25, Quantity.NUMBER, "s")).isEqualTo("0.250 s");
        assertThat(UnitFormat.format(0.00167, Quantity.NUMBER, "sim s/wall s")).as("three significant digits below 0.1")
                .isEqualTo("0.00167 sim s/wall s");
    }

    @Test
    void readsTheQuantityOfAMetricsUnit() {
        assertThat(UnitFormat.quantityOf("ns")).isEqualTo(Quantity.DURATION);
        assertThat(UnitFormat.quantityOf("bytes")).isEqualTo(Quantity.BYTES);
        assertThat(UnitFormat.quantityOf("faults")).isEqualTo(Quantity.NUMBER);
    }
}

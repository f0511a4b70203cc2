package org.iopf.api.platform;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

final class UnitsTest {
    @Test
    void parsesBinaryAndDecimalSizes() {
        assertThat(Units.parseBytes("4096")).isEqualTo(4096);
        assertThat(Units.parseBytes("4KiB")).isEqualTo(4096);
        assertThat(Units.parseBytes("2MiB")).isEqualTo(2L << 20);
        assertThat(Units.parseBytes("256GiB")).isEqualTo(256L << 30);
        assertThat(Units.parseBytes("1GB")).isEqualTo(1_000_000_000L);
        assertThat(Units.parseBytes("1.5KiB")).isEqualTo(1536);
    }

    @Test
    void parsesDurationsIntoNanoseconds() {
        assertThat(Units.parseDuration("50ns")).isEqualTo(50);
        assertThat(Units.parseDuration("200us")).isEqualTo(200_000);
        assertThat(Units.parseDuration("1ms")).isEqualTo(1_000_000);
        assertThat(Units.parseDuration("0.01ms")).isEqualTo(10_000);
        assertThat(Units.parseDuration("2s")).isEqualTo(2_000_000_000L);
    }

    @Test
    void parsesRatesInBitsAndBytes() {
        assertThat(Units.parseRate("10Gbps").bytesPerSecond()).isEqualTo(1.25e9);
        assertThat(Units.parseRate("13284MB/s").bytesPerSecond()).isEqualTo(13.284e9);
        assertThat(Units.parseRate("32GB/s").bytesPerSecond()).isEqualTo(32e9);
    }

    @Test
    void rejectsWhatItCannotReadSayingWhatWasExpected() {
        assertThatThrownBy(() -> Units.parseBytes("4KB/s")).hasMessageContaining("unknown unit 'KB/s'")
                .hasMessageContaining("KiB");
        assertThatThrownBy(() -> Units.parseDuration("200")).hasMessageContaining("has no unit");
        assertThatThrownBy(() -> Units.parseRate("fast")).hasMessageContaining("is not a rate such as 10Gbps");
        assertThatThrownBy(() -> Units.parseDuration("3 fortnights")).hasMessageContaining("unknown unit 'fortnights'");
    }

    @Test
    void sizesPrintInTheLargestUnitThatFitsAndNoLimitAsUnlimited() {
        assertThat(Units.formatBytes(0)).isEqualTo("0 B");
        assertThat(Units.formatBytes(512)).isEqualTo("512 B");
        assertThat(Units.formatBytes(1536)).isEqualTo("1.5 KiB");
        assertThat(Units.formatBytes(4L << 20)).isEqualTo("4 MiB");
        assertThat(Units.formatBytes(16L << 30)).isEqualTo("16 GiB");
        assertThat(Units.formatBytes(Long.MAX_VALUE)).isEqualTo("unlimited");
        assertThatThrownBy(() -> Units.formatBytes(-1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aValueBeyondALongIsTooLargeInsteadOfClamped() {
        assertThatThrownBy(() -> Units.parseBytes("9223372036854775808")).hasMessageContaining("is too large");
        assertThatThrownBy(() -> Units.parseDuration("300000000000s")).hasMessageContaining("is too large");
        assertThat(Units.parseBytes("8192TiB")).isEqualTo(1L << 53);
    }
}

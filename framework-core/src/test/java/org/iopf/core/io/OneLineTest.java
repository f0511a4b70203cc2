package org.iopf.core.io;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

final class OneLineTest {
    @Test
    void textWithoutControlCharactersIsUnchanged() {
        String text = "nodes[0].nic0: 'µs 😀' is not a rate";
        assertThat(OneLine.of(text)).isSameAs(text);
    }

    @Test
    void lineBreaksTabsAndOtherControlCharactersAreEscaped() {
        assertThat(OneLine.of("'a\nb'\r\t")).isEqualTo("'a\\nb'\\r\\t");
        assertThat(OneLine.of("bell\u0007 del\u007F nel\u0085 ls\u2028")).isEqualTo(
                "bell\\u0007 del\\u007F nel\\u0085 ls\\u2028");
        assertThat(OneLine.of("a\nb").lines()).hasSize(1);
    }
}

package org.iopf.toolkit.rc;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NumberedTableTest {
    @Test
    void numbersFromOneAndFindsEachAgainPastTheFirstGrowth() {
        NumberedTable<String> table = new NumberedTable<>();
        for (int i = 1; i <= 40; i++) {
            assertThat(table.nextNumber()).isEqualTo(i);
            assertThat(table.add("e" + i)).isEqualTo(i);
        }
        assertThat(table.get(1)).isEqualTo("e1");
        assertThat(table.get(17)).isEqualTo("e17");
        assertThat(table.get(40)).isEqualTo("e40");
    }

    @Test
    void unknownAndRemovedNumbersFindNothing() {
        NumberedTable<String> table = new NumberedTable<>();
        table.add("a");
        table.add("b");
        assertThat(table.get(0)).isNull();
        assertThat(table.get(-5)).isNull();
        assertThat(table.get(3)).isNull();
        assertThat(table.get(Integer.MAX_VALUE)).isNull();
        assertThat(table.remove(1)).isEqualTo("a");
        assertThat(table.get(1)).isNull();
        assertThat(table.remove(1)).isNull();
        assertThat(table.get(2)).isEqualTo("b");
        assertThat(table.add("c")).isEqualTo(3);
    }
}

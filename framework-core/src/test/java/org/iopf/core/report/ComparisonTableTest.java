package org.iopf.core.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.iopf.core.platform.Comparison;
import org.iopf.core.platform.Expectation.Quantity;
import org.junit.jupiter.api.Test;

/** Comparison cells are filled from each column's own figures, never from text. */
final class ComparisonTableTest {
    private static final RunResult FAST = result("fast", Figure.of("throughput", 98.6e9, Quantity.RATE),
            Figure.of("fault.mean", 220_000, Quantity.DURATION));
    private static final RunResult SLOW = result("slow", Figure.of("throughput", 4.94e9, Quantity.RATE),
            Figure.of("fault.mean", 2_100_000, Quantity.DURATION));

    private static RunResult result(String name, Figure... figures) {
        return new RunResult(name, name + ".yaml", 1, List.of(figures), ThroughputSeries.EMPTY, List.of());
    }

    private static Comparison comparison(String... templates) {
        return new Comparison("c", "", "c.yaml",
                List.of(new Comparison.Column("IB", Path.of("a.yaml")), new Comparison.Column("Eth", Path.of("b.yaml"))),
                List.of(new Comparison.Row("Max throughput", List.of(templates[0], templates[1]))));
    }

    @Test
    void placeholdersAreFilledWithEachColumnsMeasuredFigureAndUnit() {
        ComparisonTable table = ComparisonTable.of(comparison("{throughput}, {fault.mean} per fault",
                "{throughput}, {fault.mean} per fault"), List.of(FAST, SLOW));

        assertThat(table.cell(0, 0)).isEqualTo("98.60 Gbps, 220.0 µs per fault");
        assertThat(table.cell(0, 1)).isEqualTo("4.940 Gbps, 2.100 ms per fault");
    }

    @Test
    void aRatioPlaceholderDividesByAValueWithUnitsOrAnotherFigure() {
        ComparisonTable table = ComparisonTable.of(comparison("{throughput / 100Gbps %}",
                "{fault.mean / 1ms %} and {throughput / throughput %}"), List.of(FAST, SLOW));

        assertThat(table.cell(0, 0)).isEqualTo("98.6%");
        assertThat(table.cell(0, 1)).isEqualTo("210% and 100%");
    }

    @Test
    void anExpressionPlaceholderComputesFromFiguresAndConvertsByDividingByAUnit() {
        ComparisonTable table = ComparisonTable.of(comparison("{= fault.mean / 1us} us, {= (throughput + throughput) / 2 / 1Gbps}",
                "{= 3 * (fault.mean - 100000) / 1ms} ms, {= throughput / 0}"), List.of(FAST, SLOW));

        assertThat(table.cell(0, 0)).as("220 000 ns in us; precedence and parentheses").isEqualTo("220 us, 98.6");
        assertThat(table.cell(0, 1)).as("'-' between spaces is an operator; a division by zero is n/a")
                .isEqualTo("6 ms, n/a");
        assertThat(CellTemplate.number(157_333.3)).isEqualTo("157000");
        assertThat(CellTemplate.number(0.012345)).isEqualTo("0.0123");
    }

    @Test
    void aMalformedExpressionIsRefusedWhenTheFileIsRead() {
        assertThatThrownBy(() -> CellTemplate.parse("{= (a + b}")).hasMessageContaining("missing ')'");
        assertThatThrownBy(() -> CellTemplate.parse("{= a +}")).hasMessageContaining("operand was expected");
        assertThatThrownBy(() -> CellTemplate.parse("{=}")).hasMessageContaining("empty expression");
        assertThatThrownBy(() -> ComparisonTable.of(comparison("{= throughpt * 2}", "{throughput}"), List.of(FAST, SLOW)))
                .hasMessageContaining("'throughpt'");
    }

    @Test
    void aFigureTheRunDidNotRecordIsAnErrorNamingTheRowColumnAndNearestFigure() {
        assertThatThrownBy(() -> ComparisonTable.of(comparison("{throughput}", "{throughpt}"), List.of(FAST, SLOW)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("c.yaml: row 'Max throughput', column 'Eth': the run of slow has no figure 'throughpt' "
                        + "(did you mean 'throughput'?)");
    }

    @Test
    void theRenderedTableHasAHeadingARuleAndPaddedColumns() {
        List<String> lines = ComparisonTable.of(comparison("{throughput}", "{throughput}"), List.of(FAST, SLOW))
                .render();

        assertThat(lines).containsExactly(
                "|                | IB         | Eth        |",
                "| -------------- | ---------- | ---------- |",
                "| Max throughput | 98.60 Gbps | 4.940 Gbps |");
    }

    @Test
    void malformedPlaceholdersAreRefused() {
        assertThatThrownBy(() -> CellTemplate.parse("{a b}")).hasMessageContaining("neither {metric} nor");
        assertThatThrownBy(() -> CellTemplate.parse("{a")).hasMessageContaining("unbalanced");
        assertThat(CellTemplate.parse("{a} and {b / 1ms %}")).hasToString("{a} and {b / 1ms %}");
    }
}

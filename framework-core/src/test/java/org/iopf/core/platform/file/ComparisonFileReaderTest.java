package org.iopf.core.platform.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.iopf.core.platform.Comparison;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Comparison files: columns resolve against the file's folder; errors name file, line and path. */
final class ComparisonFileReaderTest {
    @TempDir
    Path dir;

    private Comparison read(String yaml) {
        return new ComparisonFileReader().read("cmp.yaml", yaml, dir);
    }

    @Test
    void readsColumnsAndRows() throws IOException {
        Files.writeString(dir.resolve("a.yaml"), "x");
        Files.writeString(dir.resolve("b.yaml"), "x");
        Comparison c = read("""
                name: a-vs-b
                columns:
                  - {label: A, scenario: a.yaml}
                  - {label: B, scenario: b.yaml}
                rows:
                  - {label: Max throughput, cells: ["{throughput}", "{throughput / 10Gbps %}"]}
                """);

        assertThat(c.name()).isEqualTo("a-vs-b");
        assertThat(c.columns()).extracting(Comparison.Column::label).containsExactly("A", "B");
        assertThat(c.columns().get(1).scenario()).isEqualTo(dir.resolve("b.yaml"));
        assertThat(c.rows().get(0).cells()).containsExactly("{throughput}", "{throughput / 10Gbps %}");
    }

    @Test
    void aMissingScenarioFileIsReportedAtItsLine() throws IOException {
        Files.writeString(dir.resolve("a.yaml"), "x");
        assertThatThrownBy(() -> read("""
                columns:
                  - {label: A, scenario: a.yaml}
                  - {label: B, scenario: missing.yaml}
                rows:
                  - {label: R, cells: [a, b]}
                """)).isInstanceOf(PlatformFileException.class)
                .hasMessageStartingWith("cmp.yaml:3:26: columns[1].scenario: no such file");
    }

    @Test
    void aRowWithTheWrongNumberOfCellsOrABadPlaceholderIsRefused() throws IOException {
        Files.writeString(dir.resolve("a.yaml"), "x");
        String columns = """
                columns:
                  - {label: A, scenario: a.yaml}
                  - {label: B, scenario: a.yaml}
                """;
        assertThatThrownBy(() -> read(columns + "rows:\n  - {label: R, cells: [a]}\n"))
                .hasMessageContaining("rows[0].cells: 1 cells; expected 2, one per column");
        assertThatThrownBy(() -> read(columns + "rows:\n  - {label: R, cells: [a, \"{x y}\"]}\n"))
                .hasMessageContaining("rows[0].cells[1]: placeholder '{x y}' is neither {metric} nor");
    }

    @Test
    void oneColumnIsNotAComparison() throws IOException {
        Files.writeString(dir.resolve("a.yaml"), "x");
        assertThatThrownBy(() -> read("columns:\n  - {label: A, scenario: a.yaml}\nrows: []\n"))
                .hasMessageContaining("columns: 1 column(s); expected at least two");
    }
}

package org.iopf.core.platform.file;

import static java.util.Objects.requireNonNull;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.iopf.core.platform.Comparison;
import org.iopf.core.platform.CellSyntax;

/**
 * Reads a comparison file into a {@link Comparison}: {@code name}, {@code description},
 * {@code columns} (each {@code {label, scenario}}, the scenario's platform file relative to the
 * comparison file) and {@code rows} (each {@code {label, cells: [...]}}, one cell template per
 * column). Errors are {@link PlatformFileException}s naming file, line and path, as for platform
 * files; the schema is in {@code docs/cli.md} (Comparison files).
 *
 * @since 0.1
 */
public final class ComparisonFileReader {
    private static final List<String> KEYS = List.of("name", "description", "columns", "rows");
    private static final List<String> COLUMN_KEYS = List.of("label", "scenario");
    private static final List<String> ROW_KEYS = List.of("label", "cells");

    /**
     * Reads the comparison file at {@code file} (UTF-8) and checks that its scenario files exist.
     *
     * @throws PlatformFileException if it is not UTF-8 (at the first bad byte) or does not fit the schema
     * @throws UncheckedIOException if it cannot be read
     */
    public Comparison read(Path file) {
        String text = PlatformFileText.read(file, "comparison file");
        Path dir = file.toAbsolutePath().getParent();
        return read(file.toString(), text, dir);
    }

    /**
     * Reads a comparison file's text; scenario paths are resolved against {@code directory}.
     *
     * @throws PlatformFileException if it does not fit the schema or a scenario file is missing
     */
    public Comparison read(String source, String yamlText, Path directory) {
        requireNonNull(source, "source is null");
        requireNonNull(yamlText, "yamlText is null");
        requireNonNull(directory, "directory is null");
        YamlBinder yaml = new YamlBinder(source);
        YamlNode.Mapping root = yaml.mapping(new YamlTreeReader(source).read(yamlText),
                "a mapping with 'columns' and 'rows'");
        yaml.checkKeys(root, KEYS, "top-level key of a comparison");
        String name = yaml.optional(root, "name", n -> yaml.nonBlank(n, "the comparison's name"),
                PlatformFileReader.baseName(source));
        String description = yaml.optional(root, "description", n -> yaml.text(n, "one paragraph of text"), "");
        YamlNode.Sequence columnNodes = yaml.sequence(yaml.require(root, "columns",
                "a list of at least two {label, scenario}"), "a list of at least two {label, scenario}");
        if (columnNodes.items().size() < 2) {
            throw yaml.error(columnNodes, columnNodes.items().size() + " column(s); expected at least two");
        }
        List<Comparison.Column> columns = new ArrayList<>();
        for (YamlNode node : columnNodes.items()) {
            columns.add(column(yaml, node, directory));
        }
        YamlNode.Sequence rowNodes = yaml.sequence(yaml.require(root, "rows", "a list of {label, cells}"),
                "a list of {label, cells}");
        List<Comparison.Row> rows = new ArrayList<>();
        for (YamlNode node : rowNodes.items()) {
            rows.add(row(yaml, node, columns.size()));
        }
        if (rows.isEmpty()) {
            throw yaml.error(rowNodes, "no rows; expected at least one {label, cells}");
        }
        return new Comparison(name, description, source, columns, rows);
    }

    private static Comparison.Column column(YamlBinder yaml, YamlNode node, Path directory) {
        YamlNode.Mapping m = yaml.mapping(node, "{label: ..., scenario: FILE}");
        yaml.checkKeys(m, COLUMN_KEYS, "key of a column");
        String label = yaml.nonBlank(yaml.require(m, "label", "the column's heading"), "the column's heading");
        YamlNode scenarioNode = yaml.require(m, "scenario", "a platform file relative to this file");
        Path scenario = directory.resolve(yaml.nonBlank(scenarioNode, "a platform file")).normalize();
        if (!Files.isRegularFile(scenario)) {
            throw yaml.error(scenarioNode, "no such file " + scenario + "; expected a platform file relative to "
                    + directory);
        }
        return new Comparison.Column(label, scenario);
    }

    private static Comparison.Row row(YamlBinder yaml, YamlNode node, int columns) {
        YamlNode.Mapping m = yaml.mapping(node, "{label: ..., cells: [...]}");
        yaml.checkKeys(m, ROW_KEYS, "key of a row");
        String label = yaml.nonBlank(yaml.require(m, "label", "the row's heading"), "the row's heading");
        YamlNode.Sequence cellNodes = yaml.sequence(yaml.require(m, "cells", "one template per column"),
                "a list of " + columns + " cell templates");
        if (cellNodes.items().size() != columns) {
            throw yaml.error(cellNodes, cellNodes.items().size() + " cells; expected " + columns
                    + ", one per column");
        }
        List<String> cells = new ArrayList<>();
        for (YamlNode cell : cellNodes.items()) {
            String text = yaml.text(cell, "a cell template such as '{throughput}'");
            try {
                CellSyntax.check(text);
            } catch (IllegalArgumentException e) {
                throw yaml.error(cell, e.getMessage());
            }
            cells.add(text);
        }
        return new Comparison.Row(label, cells);
    }
}

package org.iopf.cli.chart;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.iopf.cli.chart.SweepResults.Column;
import org.iopf.cli.chart.SweepResults.Row;

/** Builds {@link SweepResults} by hand: axes, figures and rows, as the results database would hold them. */
final class SweepRowsFixture {
    private final List<Column> axes = new ArrayList<>();
    private final List<Column> metrics = new ArrayList<>();
    private final List<Row> rows = new ArrayList<>();

    SweepRowsFixture axis(String name, String unit, boolean log) {
        axes.add(new Column(name, unit, !unit.equals("text"), log));
        return this;
    }

    SweepRowsFixture metric(String name, String unit) {
        metrics.add(new Column(name, unit, true, false));
        return this;
    }

    /** A row: status, then the axes' values, then the figures' values (null when missing). */
    SweepRowsFixture row(String status, Object... values) {
        Map<String, Object> cells = new LinkedHashMap<>();
        cells.put("point", rows.size());
        cells.put("replication", 0);
        cells.put("status", status);
        cells.put("message", status.equals("failed") ? "it broke" : "");
        int i = 0;
        for (Column a : axes) {
            cells.put(a.name(), values[i++]);
        }
        for (Column m : metrics) {
            cells.put(m.name(), values[i++]);
        }
        rows.add(new Row(cells));
        return this;
    }

    SweepResults results(String name) {
        List<String> header = new ArrayList<>(List.of("point", "replication", "status", "message"));
        axes.forEach(a -> header.add(a.name()));
        metrics.forEach(m -> header.add(m.name()));
        return new SweepResults("0123456789abcdef", name, axes, metrics, header, rows);
    }
}

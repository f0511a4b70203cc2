package org.iopf.cli.chart;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.Set;
import org.iopf.cli.chart.SweepResults.Column;
import org.iopf.cli.chart.SweepResults.Row;
import org.iopf.core.io.AtomicFile;
import org.iopf.core.report.UnitFormat;

/**
 * A sweep's plots and report, drawn from its rows in the results database: one PNG per kept figure
 * against the first axis in {@code plots/} (one line per combination of the other axes), and
 * {@code report.html}, one self-contained page (images inlined as data URIs, inline CSS, no
 * scripts) with the sweep's name and description, the plots, the results table and the sweep
 * file. Every file is written under a temporary name and renamed when complete.
 *
 * @since 0.1
 */
public final class SweepReport {
    /** The report's file name in the output folder. */
    public static final String HTML = "report.html";
    /** The plots' folder in the output folder. */
    public static final String PLOTS = "plots";
    /** The most rows the report's table shows; all are in results.csv. */
    static final int MAX_TABLE_ROWS = 2000;

    private static final String STYLE = """
            body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:2em auto;max-width:1200px;\
            padding:0 1em;color:#222}
            h1{margin-bottom:.2em}.meta{color:#555}
            figure{margin:1.5em 0}figure img{max-width:100%;height:auto;border:1px solid #ddd}
            figcaption{color:#555;font-size:.9em}
            .table{overflow-x:auto}table{border-collapse:collapse;font-size:.85em}
            th,td{border:1px solid #ccc;padding:.25em .5em;text-align:right;white-space:nowrap}
            th{background:#f4f4f4;position:sticky;top:0}td.text{text-align:left}
            tr.failed td{background:#fde8e8}tr.missed td{background:#fff5d6}
            pre{background:#f7f7f7;border:1px solid #ddd;padding:1em;overflow-x:auto}
            """;

    private SweepReport() {
    }

    /**
     * What was written.
     *
     * @param html the report
     * @param plots the PNG files, one per figure with values, in the sweep's order
     * @param empty the figures that no completed run produced, which have no plot
     */
    public record Written(Path html, List<Path> plots, List<String> empty) {
        /** Checks arguments. */
        public Written {
            requireNonNull(html, "html is null");
            plots = List.copyOf(plots);
            empty = List.copyOf(empty);
        }
    }

    /**
     * Writes {@code folder/plots/*.png} and {@code folder/report.html} for {@code results}.
     *
     * @param folder the sweep's output folder, which exists
     * @param results the sweep's rows
     * @param description what the sweep explores; may be empty
     * @param source the sweep file as named
     * @param sweepText the sweep file's text
     * @throws UncheckedIOException if a file cannot be written, naming it
     */
    public static Written write(Path folder, SweepResults results, String description, String source,
            String sweepText) {
        requireNonNull(folder, "folder is null");
        requireNonNull(results, "results is null");
        Path plotFolder = folder.resolve(PLOTS);
        AtomicFile.createFolder(plotFolder);
        List<Path> plots = new ArrayList<>();
        List<String> empty = new ArrayList<>();
        StringBuilder figures = new StringBuilder();
        Set<String> names = new HashSet<>();
        for (Column metric : results.metrics()) {
            Path png = plotFolder.resolve(unique(fileNameOf(metric.name()), names));
            if (results.axes().isEmpty()) {
                continue;
            }
            SweepCurves curves = SweepCurves.of(results, results.axes().get(0).name(), metric.name(),
                    results.axes().stream().skip(1).map(Column::name).toList());
            if (curves.empty()) {
                empty.add(metric.name());
                deleteStale(png);
                continue;
            }
            byte[] image = SweepChart.png(SweepChart.chart(results.name() + ": " + metric.name(), curves));
            AtomicFile.write(png, out -> out.write(image));
            plots.add(png);
            figures.append("<figure><img src=\"data:image/png;base64,").append(Base64.getEncoder().encodeToString(image))
                    .append("\" width=\"").append(SweepChart.WIDTH).append("\" height=\"").append(SweepChart.HEIGHT)
                    .append("\" alt=\"").append(escape(metric.name() + " against " + curves.x().name()))
                    .append("\"><figcaption>").append(escape(metric.name())).append(" &mdash; ")
                    .append(escape(PLOTS + "/" + png.getFileName())).append("</figcaption></figure>\n");
        }
        Path html = folder.resolve(HTML);
        String page = page(results, description, source, sweepText, figures.toString(), empty);
        AtomicFile.writeText(html, out -> out.write(page));
        return new Written(html, plots, empty);
    }

    /** A file name for the plot of {@code metric}: its letters, digits, dots, dashes; others as {@code _}. */
    public static String fileNameOf(String metric) {
        String safe = metric.replaceAll("[^A-Za-z0-9._-]", "_");
        if (safe.length() > 200) {
            safe = safe.substring(0, 200);
        }
        return (safe.isEmpty() || safe.startsWith(".") ? "_" + safe : safe) + ".png";
    }

    private static String unique(String name, Set<String> taken) {
        String candidate = name;
        for (int i = 2; !taken.add(candidate.toLowerCase(Locale.ROOT)); i++) {
            candidate = name.substring(0, name.length() - ".png".length()) + "-" + i + ".png";
        }
        return candidate;
    }

    private static void deleteStale(Path png) {
        try {
            Files.deleteIfExists(png);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + png + ": " + e.getMessage(), e);
        }
    }

    static String page(SweepResults results, String description, String source, String sweepText, String figures,
            List<String> empty) {
        StringBuilder h = new StringBuilder(8192 + figures.length());
        h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<link rel=\"icon\" href=\"data:,\">\n")
                .append("<title>").append(escape(results.name())).append(" &mdash; iopf sweep</title>\n")
                .append("<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n")
                .append("<h1>").append(escape(results.name())).append("</h1>\n");
        if (!description.isBlank()) {
            h.append("<p class=\"description\">").append(escape(description.strip())).append("</p>\n");
        }
        long failed = results.rows().stream().filter(Row::failed).count();
        long missed = results.rows().stream().filter(r -> r.status().equals("missed")).count();
        h.append("<p class=\"meta\">").append(results.rows().size()).append(" runs: ")
                .append(results.rows().size() - failed - missed).append(" ok, ").append(missed).append(" missed, ")
                .append(failed).append(" failed; sweep ").append(escape(results.sweepId())).append(", ")
                .append(escape(source)).append("</p>\n");
        h.append("<h2>Plots</h2>\n");
        if (results.axes().isEmpty()) {
            h.append("<p>No axes, no plots.</p>\n");
        } else {
            h.append("<p class=\"meta\">Each figure against ").append(escape(results.axes().get(0).name()));
            if (results.axes().size() > 1) {
                h.append(", one line per combination of ").append(escape(String.join(", ", results.axes().stream()
                        .skip(1).map(Column::name).toList())));
            }
            h.append(": the mean over the replications, with a 95% confidence band when there are several.</p>\n");
        }
        h.append(figures);
        if (!empty.isEmpty()) {
            h.append("<p class=\"empty\">No plot for ").append(escape(String.join(", ", empty)))
                    .append(": no completed run produced ").append(empty.size() == 1 ? "it" : "them").append(".</p>\n");
        }
        table(h, results);
        h.append("<h2>Sweep file</h2>\n<p class=\"meta\">").append(escape(source)).append("</p>\n<pre>")
                .append(escape(sweepText)).append("</pre>\n</body>\n</html>\n");
        return h.toString();
    }

    private static void table(StringBuilder h, SweepResults results) {
        List<Column> columns = new ArrayList<>();
        for (String fixed : List.of("point", "replication", "seed", "status")) {
            columns.add(new Column(fixed, "", !fixed.equals("status"), false));
        }
        columns.addAll(results.axes());
        columns.addAll(results.metrics());
        h.append("<h2>Results</h2>\n");
        if (results.rows().size() > MAX_TABLE_ROWS) {
            h.append("<p class=\"meta\">The first ").append(MAX_TABLE_ROWS).append(" of ").append(results.rows().size())
                    .append(" rows; all are in results.csv.</p>\n");
        }
        h.append("<div class=\"table\"><table>\n<thead><tr>");
        for (Column c : columns) {
            h.append("<th>").append(escape(c.name())).append("</th>");
        }
        h.append("<th>expectations</th><th>message</th></tr></thead>\n<tbody>\n");
        for (Row row : results.rows().stream().limit(MAX_TABLE_ROWS).toList()) {
            h.append("<tr class=\"").append(escape(row.status())).append("\">");
            for (Column c : columns) {
                boolean text = !c.numeric() || row.number(c.name()).isEmpty();
                h.append(text ? "<td class=\"text\">" : "<td>").append(escape(cell(row, c))).append("</td>");
            }
            OptionalDouble met = row.number("expectations_met");
            OptionalDouble total = row.number("expectations_total");
            h.append("<td>").append(met.isPresent() && total.isPresent()
                    ? (long) met.getAsDouble() + " of " + (long) total.getAsDouble() : "").append("</td>")
                    .append("<td class=\"text\">").append(escape(row.text("message").orElse(""))).append("</td></tr>\n");
        }
        h.append("</tbody>\n</table></div>\n");
    }

    private static String cell(Row row, Column c) {
        OptionalDouble n = row.number(c.name());
        if (n.isEmpty()) {
            return row.text(c.name()).orElse("");
        }
        if (c.unit().isEmpty() || c.unit().equals("text")) {
            double v = n.getAsDouble();
            return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
        }
        return SweepCurves.withoutTrailingZeros(UnitFormat.format(n.getAsDouble(), UnitFormat.quantityOf(c.unit()),
                c.unit()));
    }

    /** {@code text} with {@code & < > " '} escaped for HTML. */
    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char ch = text.charAt(i);
            switch (ch) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(ch);
            }
        }
        return out.toString();
    }
}

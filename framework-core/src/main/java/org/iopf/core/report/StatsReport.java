package org.iopf.core.report;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.nio.file.Path;
import java.util.Map;
import java.util.SortedMap;
import org.iopf.core.io.AtomicFile;
import org.iopf.core.observe.MetricValue;
import org.iopf.core.observe.MetricsDump;
import org.iopf.core.observe.MetricsTimeline;

/**
 * Writes every metric of a run under its hierarchical name ({@code node1.smmu.tlb.hits}), with the
 * periodic dumps taken every {@code --stats-interval}, as JSON and as CSV:
 * <ul>
 *   <li>JSON ({@code stats.json}), streamed: <pre>{@code
 * {"scenario": "...", "seed": 1, "intervalNanos": 1000000, "truncated": false,
 *  "metrics": {"node1.faultQueue.translation": {"kind": "counter", "unit": "faults", "value": 16},
 *              "node1.faultQueue.resolution": {"kind": "histogram", "unit": "ns", "count": 16,
 *                  "min": 1000, "mean": 1500.0, "p50": 1400, "p90": ..., "p99": ..., "p999": ..., "max": 2100}},
 *  "series": [{"timeNanos": 1000000, "metrics": {...the same shape...}}, ...]}
 * }</pre></li>
 *   <li>CSV ({@code stats.csv}): {@code name,kind,unit,value,count,min,mean,p50,p90,p99,p999,max},
 *       one row per metric at the end of the run ({@code value} for counters and gauges, the rest
 *       for histograms);</li>
 *   <li>CSV time series ({@code stats-series.csv}, when dumps were taken):
 *       {@code time_ns,name,unit,value}, one row per metric per dump; a histogram gives the rows
 *       {@code <name>.count}, {@code .mean}, {@code .p50}, {@code .p99} and {@code .max}.</li>
 * </ul>
 *
 * @since 0.1
 */
public final class StatsReport {
    /** The header of {@code stats.csv}. */
    public static final String CSV_HEADER = "name,kind,unit,value,count,min,mean,p50,p90,p99,p999,max";
    /** The header of {@code stats-series.csv}. */
    public static final String SERIES_HEADER = "time_ns,name,unit,value";

    private static final JsonFactory JSON = new JsonFactory();

    private StatsReport() {
    }

    /** Writes {@code stats.json} of {@code result} to {@code file}. */
    public static void writeJson(RunResult result, Path file) {
        AtomicFile.write(file, out -> writeJson(result, out));
    }

    /** Writes the JSON statistics of {@code result} to {@code out}; does not close it. */
    public static void writeJson(RunResult result, OutputStream out) throws IOException {
        requireNonNull(result, "result is null");
        MetricsTimeline timeline = result.details().timeline();
        try (JsonGenerator g = JSON.createGenerator(out)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.writeStartObject();
            g.writeStringField("scenario", result.scenario());
            g.writeNumberField("seed", result.seed());
            g.writeNumberField("intervalNanos", timeline.intervalNanos());
            g.writeBooleanField("truncated", timeline.truncated());
            g.writeFieldName("metrics");
            writeMetrics(g, result.details().metrics());
            g.writeArrayFieldStart("series");
            for (MetricsDump dump : timeline.dumps()) {
                g.writeRaw('\n');
                g.writeStartObject();
                g.writeNumberField("timeNanos", dump.timeNanos());
                g.writeFieldName("metrics");
                writeMetrics(g, dump.values());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeRaw('\n');
        }
    }

    private static void writeMetrics(JsonGenerator g, SortedMap<String, MetricValue> metrics) throws IOException {
        g.writeStartObject();
        for (Map.Entry<String, MetricValue> e : metrics.entrySet()) {
            g.writeRaw('\n');
            g.writeObjectFieldStart(e.getKey());
            MetricValue v = e.getValue();
            g.writeStringField("kind", kind(v));
            g.writeStringField("unit", v.unit());
            if (v instanceof MetricValue.HistogramSummary h) {
                g.writeNumberField("count", h.count());
                g.writeNumberField("min", h.min());
                g.writeNumberField("mean", h.mean());
                g.writeNumberField("p50", h.p50());
                g.writeNumberField("p90", h.p90());
                g.writeNumberField("p99", h.p99());
                g.writeNumberField("p999", h.p999());
                g.writeNumberField("max", h.max());
            } else {
                g.writeNumberField("value", scalar(v));
            }
            g.writeEndObject();
        }
        g.writeEndObject();
    }

    /** Writes {@code stats.csv} (and {@code stats-series.csv} when there are dumps) into {@code dir}. */
    public static void writeCsv(RunResult result, Path csv, Path seriesCsv) {
        AtomicFile.writeText(csv, out -> writeCsv(result, out));
        if (seriesCsv != null) {
            AtomicFile.writeText(seriesCsv, out -> writeSeriesCsv(result, out));
        }
    }

    /** Writes the final metrics of {@code result} as CSV rows to {@code out}; does not close it. */
    public static void writeCsv(RunResult result, Writer out) throws IOException {
        requireNonNull(result, "result is null");
        out.write(CSV_HEADER + "\n");
        for (Map.Entry<String, MetricValue> e : result.details().metrics().entrySet()) {
            MetricValue v = e.getValue();
            StringBuilder row = new StringBuilder(e.getKey()).append(',').append(kind(v)).append(',')
                    .append(field(v.unit())).append(',');
            if (v instanceof MetricValue.HistogramSummary h) {
                row.append(',').append(h.count()).append(',').append(h.min()).append(',')
                        .append(CsvReport.number(h.mean())).append(',').append(h.p50()).append(',').append(h.p90())
                        .append(',').append(h.p99()).append(',').append(h.p999()).append(',').append(h.max());
            } else {
                row.append(scalar(v)).append(",,,,,,,,");
            }
            out.write(row.append('\n').toString());
        }
        out.flush();
    }

    /** Writes the periodic dumps of {@code result} as CSV rows to {@code out}; does not close it. */
    public static void writeSeriesCsv(RunResult result, Writer out) throws IOException {
        requireNonNull(result, "result is null");
        out.write(SERIES_HEADER + "\n");
        for (MetricsDump dump : result.details().timeline().dumps()) {
            String time = Long.toString(dump.timeNanos());
            for (Map.Entry<String, MetricValue> e : dump.values().entrySet()) {
                MetricValue v = e.getValue();
                String unit = field(v.unit());
                if (v instanceof MetricValue.HistogramSummary h) {
                    row(out, time, e.getKey() + ".count", "values", Long.toString(h.count()));
                    row(out, time, e.getKey() + ".mean", unit, CsvReport.number(h.mean()));
                    row(out, time, e.getKey() + ".p50", unit, Long.toString(h.p50()));
                    row(out, time, e.getKey() + ".p99", unit, Long.toString(h.p99()));
                    row(out, time, e.getKey() + ".max", unit, Long.toString(h.max()));
                } else {
                    row(out, time, e.getKey(), unit, Long.toString(scalar(v)));
                }
            }
        }
        out.flush();
    }

    private static void row(Writer out, String time, String name, String unit, String value) throws IOException {
        out.write(time + "," + name + "," + unit + "," + value + "\n");
    }

    private static String kind(MetricValue v) {
        if (v instanceof MetricValue.CounterValue) {
            return "counter";
        }
        return v instanceof MetricValue.GaugeValue ? "gauge" : "histogram";
    }

    private static long scalar(MetricValue v) {
        if (v instanceof MetricValue.CounterValue c) {
            return c.value();
        }
        return ((MetricValue.GaugeValue) v).value();
    }

    private static String field(String text) {
        return text.contains(",") || text.contains("\"") ? "\"" + text.replace("\"", "\"\"") + "\"" : text;
    }
}

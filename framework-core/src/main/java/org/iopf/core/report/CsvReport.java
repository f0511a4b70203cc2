package org.iopf.core.report;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.file.Path;
import org.iopf.core.io.AtomicFile;

/**
 * Writes a {@link RunResult} as CSV: the figures as {@code name,value,unit} rows (values in base
 * units, exact), and, separately, the throughput series as
 * {@code start_ns,duration_ns,bytes_completed,completed_bits_per_second} rows: the bytes whose
 * transfer completed in each interval, and the rate they make over it. It is a rate of
 * completions, not of bytes on the wire: transfers that took longer than an interval and complete
 * in the same one can make more than the link's rate there. Each file starts with its header row.
 *
 * @since 0.1
 */
public final class CsvReport {
    /** The header of the figures file. */
    public static final String FIGURES_HEADER = "name,value,unit";
    /** The header of the series file. */
    public static final String SERIES_HEADER = "start_ns,duration_ns,bytes_completed,completed_bits_per_second";

    private CsvReport() {
    }

    /** Writes the figures of {@code result} to {@code out}; does not close it. */
    public static void writeFigures(RunResult result, Writer out) throws IOException {
        requireNonNull(result, "result is null");
        requireNonNull(out, "out is null");
        out.write(FIGURES_HEADER + "\n");
        for (Figure f : result.figures()) {
            out.write(field(f.name()) + "," + number(f.value()) + "," + field(f.unit()) + "\n");
        }
        out.flush();
    }

    /** Writes the throughput series of {@code result} to {@code out}; does not close it. */
    public static void writeSeries(RunResult result, Writer out) throws IOException {
        requireNonNull(result, "result is null");
        requireNonNull(out, "out is null");
        out.write(SERIES_HEADER + "\n");
        for (ThroughputPoint p : result.throughput().points()) {
            out.write(p.startNanos() + "," + p.durationNanos() + "," + p.bytes() + "," + number(p.bitsPerSecond())
                    + "\n");
        }
        out.flush();
    }

    /**
     * Writes the figures to {@code figures} and the series to {@code series}, UTF-8, each replaced
     * only once it is complete ({@link AtomicFile}).
     *
     * @throws UncheckedIOException if a file cannot be written, naming it and why
     */
    public static void write(RunResult result, Path figures, Path series) {
        AtomicFile.writeText(figures, out -> writeFigures(result, out));
        AtomicFile.writeText(series, out -> writeSeries(result, out));
    }

    static String number(double value) {
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    private static String field(String text) {
        if (text.contains(",") || text.contains("\"") || text.contains("\n")) {
            return "\"" + text.replace("\"", "\"\"") + "\"";
        }
        return text;
    }
}

package org.iopf.core.report;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.iopf.core.io.AtomicFile;

/**
 * Writes a {@link RunResult} as one JSON object:
 * <pre>{@code
 * {"scenario": "...", "source": "...", "seed": 1,
 *  "figures": {"throughput": {"value": 9.6E10, "unit": "bits/s", "quantity": "RATE"}, ...},
 *  "expectations": [{"metric": "...", "expected": "96Gbps ± 2%", "measured": 9.6E10 or null,
 *                    "passed": true, "where": "...", "message": "..."}],
 *  "series": [{"startNanos": 0, "durationNanos": 1000, "bytes": 4096, "bitsPerSecond": 3.2E10}],
 *  "speed": {"events": 49408, "wallSeconds": 0.08, "eventsPerSecond": 6.1E5, "simSeconds": 0.0054,
 *            "simSecondsPerWallSecond": 0.067, "peakHeapBytes": 117440512},
 *  "inspections": {"node1/smmu": {"registers": ["...", "..."]}}}
 * }</pre>
 * {@code speed} is there when the run's speed is known ({@code peakHeapBytes} when it was
 * measured), {@code inspections} when a component offers views.
 * Values are in base units; whole values are written as integers.
 *
 * @since 0.1
 */
public final class JsonReport {
    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private JsonReport() {
    }

    /** The JSON tree of {@code result}. */
    public static ObjectNode tree(RunResult result) {
        requireNonNull(result, "result is null");
        ObjectNode root = MAPPER.createObjectNode();
        root.put("scenario", result.scenario());
        root.put("source", result.source());
        root.put("seed", result.seed());
        ObjectNode figures = root.putObject("figures");
        for (Figure f : result.figures()) {
            ObjectNode node = figures.putObject(f.name());
            putNumber(node, "value", f.value());
            node.put("unit", f.unit());
            node.put("quantity", f.quantity().name());
        }
        ArrayNode expectations = root.putArray("expectations");
        for (ExpectationOutcome o : result.expectations().outcomes()) {
            ObjectNode node = expectations.addObject();
            node.put("metric", o.expectation().metric());
            node.put("expected", o.expectation().written());
            if (o.measured().isPresent()) {
                putNumber(node, "measured", o.measured().getAsDouble());
            } else {
                node.putNull("measured");
            }
            node.put("passed", o.passed());
            node.put("where", o.expectation().where());
            node.put("message", o.message());
        }
        ArrayNode series = root.putArray("series");
        for (ThroughputPoint p : result.throughput().points()) {
            ObjectNode node = series.addObject();
            node.put("startNanos", p.startNanos());
            node.put("durationNanos", p.durationNanos());
            node.put("bytes", p.bytes());
            node.put("bitsPerSecond", p.bitsPerSecond());
        }
        result.speed().ifPresent(speed -> {
            ObjectNode node = root.putObject("speed");
            node.put("events", speed.events());
            node.put("wallSeconds", speed.wallNanos() / 1e9);
            node.put("eventsPerSecond", speed.eventsPerSecond());
            node.put("simSeconds", speed.simNanos() / 1e9);
            node.put("simSecondsPerWallSecond", speed.simSecondsPerWallSecond());
            if (speed.hasPeakHeap()) {
                node.put("peakHeapBytes", speed.peakHeapBytes());
            }
        });
        if (!result.inspections().isEmpty()) {
            ObjectNode inspections = root.putObject("inspections");
            result.inspections().all().forEach((path, views) -> {
                ObjectNode component = inspections.putObject(path);
                views.forEach((view, lines) -> {
                    ArrayNode array = component.putArray(view);
                    lines.forEach(array::add);
                });
            });
        }
        return root;
    }

    /** {@code result} as indented JSON text. */
    public static String toJson(RunResult result) {
        try {
            return MAPPER.writeValueAsString(tree(result));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON for " + result.scenario(), e);
        }
    }

    /**
     * Writes {@code result} as JSON to {@code file}, replacing it only once it is complete
     * ({@link AtomicFile}).
     *
     * @throws UncheckedIOException if the file cannot be written, naming it and why
     */
    public static void write(RunResult result, Path file) {
        ObjectNode tree = tree(result);
        AtomicFile.write(file, out -> MAPPER.writeValue(out, tree));
    }

    private static void putNumber(ObjectNode node, String field, double value) {
        if (value == Math.rint(value) && Math.abs(value) < 0x1p53) {
            node.put(field, (long) value);
        } else {
            node.put(field, value);
        }
    }
}

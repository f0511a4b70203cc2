package org.iopf.core.observe;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Reads back a trace written by {@link ChromeTraceWriter}, event by event, as {@link TraceRecord}s:
 * slices ({@code X}), instants ({@code i}) and counters ({@code C}), with times in ns (exactly, from
 * the µs with three decimals), flow ids from {@code args.flow}, and tracks from the threads' names
 * (a lane {@code node1/faultQueue #2} is the track {@code node1/faultQueue}); a counter's name
 * loses the component prefix the writer gave it ({@code faultQueue.outstanding} on
 * {@code node1/faultQueue} is {@code outstanding}), so a written trace reads back as the events
 * that were kept. Metadata and flow events are skipped. The file is streamed: one event at a time is held as a tree.
 *
 * @since 0.1
 */
public final class ChromeTraceReader {
    private static final ObjectMapper MAPPER = new ObjectMapper()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS);

    private ChromeTraceReader() {
    }

    /**
     * Reads {@code file}, handing each event to {@code sink} in file order.
     *
     * @throws IllegalArgumentException if the file is not a trace-event JSON object with a
     *     {@code traceEvents} array
     * @throws UncheckedIOException if it cannot be read
     */
    public static void read(Path file, Consumer<TraceRecord> sink) {
        requireNonNull(file, "file is null");
        try (InputStream in = Files.newInputStream(file)) {
            read(in, sink);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read trace " + file, e);
        }
    }

    /** Reads a trace from {@code in}; see {@link #read(Path, Consumer)}. Does not close it. */
    public static void read(InputStream in, Consumer<TraceRecord> sink) throws IOException {
        requireNonNull(sink, "sink is null");
        Map<Long, String> threads = new HashMap<>();
        try (JsonParser p = new JsonFactory(MAPPER).createParser(in)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                throw new IllegalArgumentException("not a trace: expected a JSON object");
            }
            boolean found = false;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken value = p.nextToken();
                if (!field.equals("traceEvents")) {
                    p.skipChildren();
                    continue;
                }
                if (value != JsonToken.START_ARRAY) {
                    throw new IllegalArgumentException("not a trace: traceEvents is not an array");
                }
                found = true;
                while (p.nextToken() == JsonToken.START_OBJECT) {
                    JsonNode event = p.readValueAsTree();
                    handle(event, threads, sink);
                }
            }
            if (!found) {
                throw new IllegalArgumentException("not a trace: no traceEvents array");
            }
        }
    }

    private static void handle(JsonNode e, Map<Long, String> threads, Consumer<TraceRecord> sink) {
        String ph = e.path("ph").asText();
        long thread = (e.path("pid").asLong() << 32) | (e.path("tid").asLong() & 0xffffffffL);
        switch (ph) {
            case "M" -> {
                if (e.path("name").asText().equals("thread_name")) {
                    threads.put(thread, trackOf(e.path("args").path("name").asText()));
                }
            }
            case "X" -> sink.accept(new TraceRecord(TraceRecord.Kind.SLICE, threads.getOrDefault(thread, "?"),
                    e.path("name").asText(), nanos(e.path("ts")), nanos(e.path("dur")),
                    e.path("args").path("flow").asLong(0), 0));
            case "i" -> sink.accept(new TraceRecord(TraceRecord.Kind.INSTANT, threads.getOrDefault(thread, "?"),
                    e.path("name").asText(), nanos(e.path("ts")), 0, e.path("args").path("flow").asLong(0), 0));
            case "C" -> {
                String track = threads.getOrDefault(thread, "pid " + e.path("pid").asLong());
                sink.accept(new TraceRecord(TraceRecord.Kind.COUNTER, track, counterName(track, e.path("name").asText()),
                        nanos(e.path("ts")), 0, 0, e.path("args").path("value").asLong()));
            }
            default -> {
            }
        }
    }

    /** The counter's own name: the writer prefixes it with the track's part after the node. */
    private static String counterName(String track, String written) {
        int slash = track.indexOf('/');
        String prefix = slash < 0 ? "" : track.substring(slash + 1) + ".";
        return written.startsWith(prefix) ? written.substring(prefix.length()) : written;
    }

    private static String trackOf(String threadName) {
        int lane = threadName.lastIndexOf(" #");
        return lane < 0 ? threadName : threadName.substring(0, lane);
    }

    /** µs (a JSON number, possibly with decimals) to ns, exactly for up to three decimals. */
    private static long nanos(JsonNode micros) {
        BigDecimal value = micros.isNumber() ? micros.decimalValue() : new BigDecimal(micros.asText("0"));
        return value.movePointRight(3).setScale(0, java.math.RoundingMode.HALF_EVEN).longValueExact();
    }
}

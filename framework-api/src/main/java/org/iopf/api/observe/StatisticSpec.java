package org.iopf.api.observe;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Objects;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;
import org.apiguardian.api.API;

/**
 * The declaration of one statistic a component or workload type records, as SST's
 * {@code SST_ELI_DOCUMENT_STATISTICS} documents an element's: its name under the owner's prefix,
 * kind, unit and meaning. {@code iopf components NAME} lists them; an {@code expect:} or a sweep
 * metric naming a statistic its owner does not declare is refused at validation, with the nearest
 * declared name; and a type that declares statistics records no others (its contract test checks).
 *
 * <p>A name may hold placeholders in braces for a part that depends on the platform, such as a
 * node's name: {@code {node}.pcieBytes} stands for {@code node1.pcieBytes}, {@code node2.pcieBytes}, ....
 * A {@link StatisticKind#HISTOGRAM histogram} also yields {@code NAME.count}, {@code .mean},
 * {@code .p50}, {@code .p99}, {@code .p999} and {@code .max} as figures.
 *
 * <pre>{@code
 * static final StatisticSpec FAULT_BACKS = StatisticSpec.counter("faultBacks", "pages",
 *         "device-private pages migrated back because the CPU touched them");
 * Counter faultBacks = FAULT_BACKS.counter(metrics);
 * }</pre>
 *
 * <p>Stability: experimental.
 *
 * @param name dot-separated name under the owner's prefix ({@code migrate.skippedBytes}); may hold
 *     {@code {placeholder}} segments
 * @param kind counter, histogram or gauge
 * @param unit its unit ({@code bytes}, {@code ns}, {@code pages})
 * @param description what it counts or measures
 * @since 0.1
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record StatisticSpec(String name, StatisticKind kind, String unit, String description) {
    private static final Pattern NAME = Pattern.compile("([A-Za-z][A-Za-z0-9_]*|\\{[a-z]+\\})"
            + "(\\.([A-Za-z][A-Za-z0-9_]*|\\{[a-z]+\\}))*");

    /** Checks arguments. */
    public StatisticSpec {
        Objects.requireNonNull(name, "name is null");
        Objects.requireNonNull(kind, "kind is null");
        Objects.requireNonNull(unit, "unit is null");
        Objects.requireNonNull(description, "description is null");
        if (!NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("a statistic's name is dot-separated identifiers or {placeholders}: '"
                    + name + "'");
        }
        if (unit.isBlank() || description.isBlank()) {
            throw new IllegalArgumentException("statistic '" + name + "' needs a unit and a description");
        }
    }

    /** A counter. */
    public static StatisticSpec counter(String name, String unit, String description) {
        return new StatisticSpec(name, StatisticKind.COUNTER, unit, description);
    }

    /** A histogram. */
    public static StatisticSpec histogram(String name, String unit, String description) {
        return new StatisticSpec(name, StatisticKind.HISTOGRAM, unit, description);
    }

    /** A gauge (a value read when figures are taken). */
    public static StatisticSpec gauge(String name, String unit, String description) {
        return new StatisticSpec(name, StatisticKind.GAUGE, unit, description);
    }

    /** Whether the name holds placeholders, so it is registered through {@link #named(String...)}. */
    public boolean isPattern() {
        return name.indexOf('{') >= 0;
    }

    /**
     * The name with its placeholders replaced by {@code parts}, in order
     * ({@code "{node}.pcieBytes".named("node1")} is {@code node1.pcieBytes}).
     *
     * @throws IllegalArgumentException if the number of parts differs from the placeholders'
     */
    public String named(String... parts) {
        StringBuilder out = new StringBuilder();
        int used = 0;
        int i = 0;
        while (i < name.length()) {
            char c = name.charAt(i);
            if (c == '{') {
                int end = name.indexOf('}', i);
                if (used == parts.length) {
                    throw new IllegalArgumentException("statistic '" + name + "' needs more parts than "
                            + parts.length);
                }
                out.append(parts[used++]);
                i = end + 1;
            } else {
                out.append(c);
                i++;
            }
        }
        if (used != parts.length) {
            throw new IllegalArgumentException("statistic '" + name + "' has " + used + " placeholders, given "
                    + parts.length + " parts");
        }
        return out.toString();
    }

    /** Registers this counter in {@code metrics}; placeholders are filled with {@code parts}. */
    public Counter counter(Metrics metrics, String... parts) {
        require(StatisticKind.COUNTER);
        return metrics.counter(named(parts), unit);
    }

    /** Registers this histogram in {@code metrics}; placeholders are filled with {@code parts}. */
    public Histogram histogram(Metrics metrics, String... parts) {
        require(StatisticKind.HISTOGRAM);
        return metrics.histogram(named(parts), unit);
    }

    /** Registers this gauge in {@code metrics}, read from {@code value}. */
    public void gauge(Metrics metrics, LongSupplier value, String... parts) {
        require(StatisticKind.GAUGE);
        metrics.gauge(named(parts), unit, value);
    }

    private void require(StatisticKind wanted) {
        if (kind != wanted) {
            throw new IllegalStateException("statistic '" + name + "' is declared a " + kind + ", not a " + wanted);
        }
    }
}

package org.iopf.api.sim;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.random.RandomGenerator;
import org.apiguardian.api.API;
import org.iopf.api.platform.Units;

/**
 * How long a piece of work or a latency takes: a constant, or a distribution each occurrence
 * draws from the component's random stream, so runs stay deterministic per seed. A platform file
 * writes one as
 * <ul>
 *   <li>{@code 200us} — always 200 µs (a constant draws no random number, so a run with only
 *       constants is the same event for event as before distributions existed);</li>
 *   <li>{@code exponential(200us)} — memoryless, mean 200 µs;</li>
 *   <li>{@code lognormal(200us, 0.3)} — mean 200 µs, coefficient of variation 0.3 (the right-skewed
 *       shape measured interrupt and syscall times have);</li>
 *   <li>{@code uniform(150us, 250us)} — any time between the two, equally likely;</li>
 *   <li>{@code empirical(180us, 200us, 260us)} — one of the measured values, equally likely.</li>
 * </ul>
 * Draws are rounded to whole nanoseconds and never negative.
 *
 * <p>Stability: experimental.
 *
 * @since 0.2
 */
@API(status = EXPERIMENTAL, since = "0.2")
public final class ServiceTime {
    private enum Kind { CONSTANT, EXPONENTIAL, LOGNORMAL, UNIFORM, EMPIRICAL }

    private static final String FORMS = "a duration (200us) or a distribution: exponential(MEAN), "
            + "lognormal(MEAN, CV), uniform(MIN, MAX) or empirical(V1, V2, ...)";

    private final Kind kind;
    private final long[] values;
    private final double cv;
    private final double mu;
    private final double sigma;

    private ServiceTime(Kind kind, long[] values, double cv) {
        this.kind = kind;
        this.values = values;
        this.cv = cv;
        double s2 = Math.log(1 + cv * cv);
        this.sigma = Math.sqrt(s2);
        this.mu = kind == Kind.LOGNORMAL ? Math.log(values[0]) - s2 / 2 : 0;
    }

    /** Always {@code nanos}. */
    public static ServiceTime constant(long nanos) {
        return new ServiceTime(Kind.CONSTANT, new long[] {nonNegative(nanos, "a constant")}, 0);
    }

    /** Exponentially distributed with mean {@code meanNanos}. */
    public static ServiceTime exponential(long meanNanos) {
        return new ServiceTime(Kind.EXPONENTIAL, new long[] {nonNegative(meanNanos, "the mean")}, 1);
    }

    /**
     * Log-normally distributed with mean {@code meanNanos} and coefficient of variation {@code cv}
     * (standard deviation over mean).
     */
    public static ServiceTime lognormal(long meanNanos, double cv) {
        if (meanNanos <= 0) {
            throw new IllegalArgumentException("the mean of a lognormal must be positive: " + meanNanos + " ns");
        }
        if (!(cv > 0) || Double.isInfinite(cv)) {
            throw new IllegalArgumentException("the coefficient of variation of a lognormal must be positive: " + cv);
        }
        return new ServiceTime(Kind.LOGNORMAL, new long[] {meanNanos}, cv);
    }

    /** Uniformly distributed between {@code minNanos} and {@code maxNanos}, both included. */
    public static ServiceTime uniform(long minNanos, long maxNanos) {
        nonNegative(minNanos, "the minimum");
        if (maxNanos < minNanos) {
            throw new IllegalArgumentException("uniform's maximum " + maxNanos + " ns is below its minimum "
                    + minNanos + " ns");
        }
        return new ServiceTime(Kind.UNIFORM, new long[] {minNanos, maxNanos}, 0);
    }

    /** One of {@code nanos}, each equally likely. */
    public static ServiceTime empirical(long... nanos) {
        if (nanos.length == 0) {
            throw new IllegalArgumentException("empirical needs at least one value");
        }
        for (long n : nanos) {
            nonNegative(n, "a value");
        }
        return new ServiceTime(Kind.EMPIRICAL, nanos.clone(), 0);
    }

    /**
     * Parses a service time as a platform file writes it (see the class description).
     *
     * @throws IllegalArgumentException saying what was expected
     */
    public static ServiceTime parse(String text) {
        String t = Objects.requireNonNull(text, "text is null").strip();
        int open = t.indexOf('(');
        if (open < 0) {
            return constant(Units.parseDuration(t));
        }
        if (!t.endsWith(")")) {
            throw new IllegalArgumentException("'" + t + "' has no closing parenthesis; expected " + FORMS);
        }
        String name = t.substring(0, open).strip().toLowerCase(Locale.ROOT);
        List<String> args = Arrays.stream(t.substring(open + 1, t.length() - 1).split(",", -1))
                .map(String::strip).toList();
        switch (name) {
            case "exponential":
                arity(t, args, 1);
                return exponential(Units.parseDuration(args.get(0)));
            case "lognormal":
                arity(t, args, 2);
                return lognormal(Units.parseDuration(args.get(0)), ratio(t, args.get(1)));
            case "uniform":
                arity(t, args, 2);
                return uniform(Units.parseDuration(args.get(0)), Units.parseDuration(args.get(1)));
            case "empirical":
                return empirical(args.stream().mapToLong(Units::parseDuration).toArray());
            default:
                throw new IllegalArgumentException("'" + name + "' is not a distribution; expected " + FORMS);
        }
    }

    /** Whether every draw is the same (and draws no random number). */
    public boolean isConstant() {
        return kind == Kind.CONSTANT;
    }

    /** The mean, in nanoseconds (for a constant, its value). */
    public double meanNanos() {
        return switch (kind) {
            case CONSTANT, EXPONENTIAL, LOGNORMAL -> values[0];
            case UNIFORM -> (values[0] + values[1]) / 2.0;
            case EMPIRICAL -> Arrays.stream(values).average().orElseThrow();
        };
    }

    /**
     * One occurrence's time, in nanoseconds.
     *
     * @param random the component's random stream; a constant does not touch it
     * @return the time, {@code >= 0}
     */
    public long draw(RandomGenerator random) {
        return switch (kind) {
            case CONSTANT -> values[0];
            case EXPONENTIAL -> Math.round(-values[0] * Math.log(1 - random.nextDouble()));
            case LOGNORMAL -> Math.round(Math.exp(mu + sigma * random.nextGaussian()));
            case UNIFORM -> random.nextLong(values[0], values[1] + 1);
            case EMPIRICAL -> values[random.nextInt(values.length)];
        };
    }

    /**
     * The total of {@code count} independent occurrences (the descriptor reads of one table walk,
     * say), in nanoseconds: {@code count} times the value for a constant, which draws nothing.
     *
     * @param random the component's random stream; a constant does not touch it
     * @param count occurrences, {@code >= 0}
     * @return the total time, {@code >= 0}
     */
    public long drawTotal(RandomGenerator random, int count) {
        if (count < 0) {
            throw new IllegalArgumentException("count must be >= 0, got " + count);
        }
        if (kind == Kind.CONSTANT) {
            return count * values[0];
        }
        long total = 0;
        for (int i = 0; i < count; i++) {
            total += draw(random);
        }
        return total;
    }

    /** As a platform file writes it ({@code lognormal(200000ns, 0.3)}). */
    @Override
    public String toString() {
        return switch (kind) {
            case CONSTANT -> values[0] + "ns";
            case EXPONENTIAL -> "exponential(" + values[0] + "ns)";
            case LOGNORMAL -> "lognormal(" + values[0] + "ns, " + cv + ")";
            case UNIFORM -> "uniform(" + values[0] + "ns, " + values[1] + "ns)";
            case EMPIRICAL -> "empirical(" + String.join(", ", Arrays.stream(values).mapToObj(v -> v + "ns")
                    .toList()) + ")";
        };
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ServiceTime s && s.kind == kind && Arrays.equals(s.values, values) && s.cv == cv;
    }

    @Override
    public int hashCode() {
        return Objects.hash(kind, Arrays.hashCode(values), cv);
    }

    private static long nonNegative(long nanos, String what) {
        if (nanos < 0) {
            throw new IllegalArgumentException(what + " of a service time must not be negative: " + nanos + " ns");
        }
        return nanos;
    }

    private static void arity(String text, List<String> args, int n) {
        if (args.size() != n || args.stream().anyMatch(String::isEmpty)) {
            throw new IllegalArgumentException("'" + text + "' takes " + n + (n == 1 ? " argument" : " arguments")
                    + "; expected " + FORMS);
        }
    }

    private static double ratio(String text, String arg) {
        try {
            return Double.parseDouble(arg);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + arg + "' in '" + text + "' is not a coefficient of variation "
                    + "such as 0.3");
        }
    }
}

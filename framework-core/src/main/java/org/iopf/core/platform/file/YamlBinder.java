package org.iopf.core.platform.file;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.iopf.api.platform.Units;
import org.iopf.api.sim.DataRate;
import org.iopf.core.platform.NearestName;

/**
 * Typed reads of {@link YamlNode}s for the binders of one file: every value that does not fit
 * becomes a {@link PlatformFileException} at the value's line and column, worded
 * {@code what was wrong; what was expected[; did you mean 'x'?]}.
 */
final class YamlBinder {
    private static final Pattern UNKNOWN_UNIT = Pattern.compile("unknown unit '([^']*)' in .*; expected (.*)");

    private final String source;

    /**
     * A binder whose errors name {@code source}.
     *
     * @param source the file's name for messages, not null
     */
    YamlBinder(String source) {
        this.source = requireNonNull(source, "source is null");
    }

    /** The file's name for messages. */
    String source() {
        return source;
    }

    /** An error about {@code node}. */
    PlatformFileException error(YamlNode node, String problem) {
        return error(node.mark(), node.path(), problem);
    }

    /** An error at {@code mark} about {@code path}. */
    PlatformFileException error(Mark mark, String path, String problem) {
        return new PlatformFileException(source, mark.line(), mark.column(), path, problem);
    }

    /** An error about the key of {@code entry} in {@code mapping}. */
    PlatformFileException keyError(YamlNode.Mapping mapping, YamlNode.Entry entry, String problem) {
        return error(entry.keyMark(), YamlNode.child(mapping.path(), entry.key()), problem);
    }

    /** {@code "; did you mean 'x'?"} for the candidate nearest to {@code name}, or the empty string. */
    static String hint(String name, Collection<String> candidates) {
        return NearestName.suggest(name, candidates).map(s -> "; did you mean '" + s + "'?").orElse("");
    }

    /** {@code "one of [a, b]"}, or a sentence saying that there is no {@code kind} to choose from. */
    static String oneOf(Collection<String> names, String kind) {
        return names.isEmpty() ? "a registered " + kind + ", but none is registered" : "one of " + names;
    }

    /** What was found, for messages: {@code found '12x'}, {@code found a list}. */
    static String found(YamlNode node) {
        if (node instanceof YamlNode.Scalar s) {
            return s.isNull() ? "found nothing" : "found '" + s.text() + "'";
        }
        return node instanceof YamlNode.Mapping ? "found a mapping" : "found a list";
    }

    /**
     * Checks that every key of {@code mapping} is in {@code allowed}.
     *
     * @param what what the mapping is, for messages ({@code key of a node's memory})
     */
    void checkKeys(YamlNode.Mapping mapping, Collection<String> allowed, String what) {
        for (YamlNode.Entry entry : mapping.entries().values()) {
            if (!allowed.contains(entry.key())) {
                throw keyError(mapping, entry, "unknown " + what + "; expected one of " + allowed
                        + hint(entry.key(), allowed));
            }
        }
    }

    /** The value of {@code key}, or an error at the mapping that says it is missing and what was expected. */
    YamlNode require(YamlNode.Mapping mapping, String key, String expected) {
        return mapping.get(key).orElseThrow(() -> error(mapping.mark(), YamlNode.child(mapping.path(), key),
                "missing; expected " + expected));
    }

    /** {@code node} as a mapping. */
    YamlNode.Mapping mapping(YamlNode node, String expected) {
        if (node instanceof YamlNode.Mapping m) {
            return m;
        }
        throw error(node, found(node) + "; expected " + expected);
    }

    /** {@code node} as a list. */
    YamlNode.Sequence sequence(YamlNode node, String expected) {
        if (node instanceof YamlNode.Sequence s) {
            return s;
        }
        throw error(node, found(node) + "; expected " + expected);
    }

    /** {@code node} as the text of a scalar that is not nothing. */
    String text(YamlNode node, String expected) {
        if (node instanceof YamlNode.Scalar s && !s.isNull()) {
            return s.text();
        }
        throw error(node, found(node) + "; expected " + expected);
    }

    /** {@code node} as non-blank text. */
    String nonBlank(YamlNode node, String expected) {
        String text = text(node, expected);
        if (text.isBlank()) {
            throw error(node, "found blank text; expected " + expected);
        }
        return text;
    }

    /** {@code node} as a whole number. */
    long integer(YamlNode node, String expected) {
        String text = text(node, expected);
        try {
            return Long.parseLong(text.strip().replace("_", ""));
        } catch (NumberFormatException e) {
            throw error(node, "'" + text + "' is not a whole number; expected " + expected);
        }
    }

    /** {@code node} as a whole number in {@code [min, max]}. */
    long integer(YamlNode node, long min, long max, String expected) {
        long value = integer(node, expected);
        if (value < min || value > max) {
            throw error(node, value + " is out of range; expected " + expected);
        }
        return value;
    }

    /** {@code node} as a decimal number. */
    double decimal(YamlNode node, String expected) {
        String text = text(node, expected);
        try {
            double value = Double.parseDouble(text.strip());
            if (Double.isFinite(value)) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw error(node, "'" + text + "' is not a number; expected " + expected);
    }

    /** {@code node} as {@code true} or {@code false}. */
    boolean flag(YamlNode node, String expected) {
        String text = text(node, expected);
        return switch (text.strip()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw error(node, "'" + text + "' is not true or false; expected " + expected);
        };
    }

    /** {@code node} as a size with units ({@code 16GiB}), bytes. */
    long bytes(YamlNode node) {
        return parsed(node, "a size such as 4KiB or 16GiB", Units::parseBytes);
    }

    /** {@code node} as a duration with units ({@code 500ns}), nanoseconds. */
    long duration(YamlNode node) {
        return parsed(node, "a duration such as 500ns or 200us", Units::parseDuration);
    }

    /** {@code node} as a rate with units ({@code 100Gbps}). */
    DataRate rate(YamlNode node) {
        return parsed(node, "a rate such as 100Gbps or 13284MB/s", Units::parseRate);
    }

    private <T> T parsed(YamlNode node, String expected, Function<String, T> parser) {
        String text = text(node, expected);
        try {
            return parser.apply(text);
        } catch (IllegalArgumentException e) {
            throw error(node, withHint(e.getMessage()));
        }
    }

    /**
     * A message of {@link Units} or of a parameter's check, in platform-file wording: an unknown
     * unit gets the nearest valid unit, and a {@code " (did you mean 'x'?)"} becomes
     * {@code "; did you mean 'x'?"}.
     */
    static String withHint(String message) {
        String m = message.replace(" (did you mean '", "; did you mean '").replace("'?)", "'?");
        Matcher unknown = UNKNOWN_UNIT.matcher(m);
        if (unknown.matches() && !m.contains("; did you mean")) {
            return m + hint(unknown.group(1), units(unknown.group(2)));
        }
        return m;
    }

    private static List<String> units(String list) {
        List<String> units = new ArrayList<>();
        for (String part : list.split(",| or ")) {
            if (!part.isBlank()) {
                units.add(part.strip());
            }
        }
        return units;
    }

    /** The optional value of {@code key}, mapped by {@code reader}, or {@code fallback}. */
    <T> T optional(YamlNode.Mapping mapping, String key, Function<YamlNode, T> reader, T fallback) {
        Optional<YamlNode> node = mapping.get(key);
        return node.isPresent() ? reader.apply(node.get()) : fallback;
    }
}

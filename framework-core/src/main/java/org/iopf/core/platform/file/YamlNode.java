package org.iopf.core.platform.file;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A node of a YAML document as read from a platform file, with where it was written and its path
 * from the document's root ({@code nodes[1].iommu.params}); unlike Jackson's {@code JsonNode} it
 * keeps line and column of every key and value.
 */
sealed interface YamlNode {
    /** Where the node starts. */
    Mark mark();

    /** Its path from the root: keys joined by dots, list indexes 0-based in brackets; empty for the root. */
    String path();

    /** The path of {@code key} in a mapping at {@code parent}. */
    static String child(String parent, String key) {
        return parent.isEmpty() ? key : parent + "." + key;
    }

    /** The path of item {@code index} of a list at {@code parent}. */
    static String item(String parent, int index) {
        return parent + "[" + index + "]";
    }

    /**
     * One key of a mapping and its value.
     *
     * @param key the key as written
     * @param keyMark where the key was written
     * @param value its value
     */
    record Entry(String key, Mark keyMark, YamlNode value) {
        /** Checks arguments. */
        public Entry {
            requireNonNull(key, "key is null");
            requireNonNull(keyMark, "keyMark is null");
            requireNonNull(value, "value is null");
        }
    }

    /**
     * A mapping, its keys in file order.
     *
     * @param mark where it starts
     * @param path its path
     * @param entries its entries by key, in file order
     */
    record Mapping(Mark mark, String path, Map<String, Entry> entries) implements YamlNode {
        /** Checks arguments. */
        public Mapping {
            requireNonNull(mark, "mark is null");
            requireNonNull(path, "path is null");
            entries = Collections.unmodifiableMap(new LinkedHashMap<>(entries));
        }

        /** The value of {@code key}, if present. */
        Optional<YamlNode> get(String key) {
            return Optional.ofNullable(entries.get(key)).map(Entry::value);
        }
    }

    /**
     * A list.
     *
     * @param mark where it starts
     * @param path its path
     * @param items its items in file order
     */
    record Sequence(Mark mark, String path, List<YamlNode> items) implements YamlNode {
        /** Checks arguments. */
        public Sequence {
            requireNonNull(mark, "mark is null");
            requireNonNull(path, "path is null");
            items = List.copyOf(items);
        }
    }

    /**
     * A scalar: text, a number, a boolean, or nothing ({@code ~}, {@code null}, an empty value).
     *
     * @param mark where it was written
     * @param path its path
     * @param text the scalar as written; null for nothing
     */
    record Scalar(Mark mark, String path, String text) implements YamlNode {
        /** Checks arguments. */
        public Scalar {
            requireNonNull(mark, "mark is null");
            requireNonNull(path, "path is null");
        }

        /** Whether the scalar is nothing. */
        boolean isNull() {
            return text == null;
        }
    }
}

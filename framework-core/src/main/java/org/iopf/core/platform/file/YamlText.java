package org.iopf.core.platform.file;

import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * A {@link YamlNode} written back as text: in flow style for people ({@code [8GiB, 8GiB]},
 * {@code {cluster: cpu, count: 8}}), and in a canonical form for hashing, in which the order of
 * a mapping's keys and the layout of the file do not count.
 */
final class YamlText {
    private YamlText() {
    }

    /** {@code node} in flow style, keys in file order; nothing is {@code ~}. */
    static String flow(YamlNode node) {
        if (node instanceof YamlNode.Scalar s) {
            return s.isNull() ? "~" : s.text();
        }
        if (node instanceof YamlNode.Sequence seq) {
            StringJoiner items = new StringJoiner(", ", "[", "]");
            seq.items().forEach(item -> items.add(flow(item)));
            return items.toString();
        }
        StringJoiner entries = new StringJoiner(", ", "{", "}");
        ((YamlNode.Mapping) node).entries().values().forEach(e -> entries.add(e.key() + ": " + flow(e.value())));
        return entries.toString();
    }

    /**
     * {@code node} in canonical form: scalars quoted and escaped, mapping keys sorted, no layout;
     * two documents that read the same give the same text.
     */
    static String canonical(YamlNode node) {
        StringBuilder out = new StringBuilder();
        canonical(node, out);
        return out.toString();
    }

    private static void canonical(YamlNode node, StringBuilder out) {
        if (node instanceof YamlNode.Scalar s) {
            if (s.isNull()) {
                out.append('~');
            } else {
                quoted(s.text(), out);
            }
        } else if (node instanceof YamlNode.Sequence seq) {
            out.append('[');
            for (int i = 0; i < seq.items().size(); i++) {
                out.append(i == 0 ? "" : ",");
                canonical(seq.items().get(i), out);
            }
            out.append(']');
        } else {
            Map<String, YamlNode> sorted = new TreeMap<>();
            ((YamlNode.Mapping) node).entries().values().forEach(e -> sorted.put(e.key(), e.value()));
            out.append('{');
            boolean first = true;
            for (Map.Entry<String, YamlNode> e : sorted.entrySet()) {
                out.append(first ? "" : ",");
                first = false;
                quoted(e.getKey(), out);
                out.append(':');
                canonical(e.getValue(), out);
            }
            out.append('}');
        }
    }

    private static void quoted(String text, StringBuilder out) {
        out.append('"');
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\');
            }
            out.append(c);
        }
        out.append('"');
    }

    /**
     * {@code node} as a YAML document that reads back to the same tree (keys in their order,
     * scalars double-quoted with escapes, nothing as {@code ~}): the text of a resolved point.
     */
    static String document(YamlNode node) {
        StringBuilder out = new StringBuilder();
        document(node, out);
        return out.append('\n').toString();
    }

    private static void document(YamlNode node, StringBuilder out) {
        if (node instanceof YamlNode.Scalar s) {
            if (s.isNull()) {
                out.append('~');
            } else {
                escaped(s.text(), out);
            }
        } else if (node instanceof YamlNode.Sequence seq) {
            out.append('[');
            for (int i = 0; i < seq.items().size(); i++) {
                out.append(i == 0 ? "" : ", ");
                document(seq.items().get(i), out);
            }
            out.append(']');
        } else {
            out.append('{');
            boolean first = true;
            for (YamlNode.Entry e : ((YamlNode.Mapping) node).entries().values()) {
                out.append(first ? "" : ", ");
                first = false;
                escaped(e.key(), out);
                out.append(": ");
                document(e.value(), out);
            }
            out.append('}');
        }
    }

    // A raw line break in a double-quoted scalar folds into a space, so every control character is escaped.
    private static void escaped(String text, StringBuilder out) {
        out.append('"');
        for (char c : text.toCharArray()) {
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                case '\r' -> out.append("\\r");
                default -> {
                    if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0)) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }
}

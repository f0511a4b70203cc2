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
}

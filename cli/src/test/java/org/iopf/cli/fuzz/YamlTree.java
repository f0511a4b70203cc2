package org.iopf.cli.fuzz;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.composer.Composer;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.parser.ParserImpl;
import org.snakeyaml.engine.v2.scanner.StreamReader;

/**
 * A mutable YAML tree for the fuzz test's tree mutations: mappings keep their keys in order and may
 * hold a key twice, so that a mutation can duplicate one; scalars keep their text. Read with SnakeYAML
 * Engine's composer from a bundled file, written back as block-style YAML ({@link #write()}).
 */
abstract sealed class YamlTree {
    /** A deep copy. */
    abstract YamlTree copy();

    /** About how many characters {@link #write()} gives for this tree: what copying it many times costs. */
    abstract long weight();

    /** A mapping: its entries in order, keys possibly repeated. */
    static final class Mapping extends YamlTree {
        final List<Entry> entries = new ArrayList<>();

        @Override
        Mapping copy() {
            Mapping m = new Mapping();
            for (Entry e : entries) {
                m.entries.add(new Entry(e.key, e.value.copy()));
            }
            return m;
        }

        @Override
        long weight() {
            long w = 2;
            for (Entry e : entries) {
                w += e.key.length() + 4 + e.value.weight();
            }
            return w;
        }
    }

    /** One key of a mapping and its value. */
    static final class Entry {
        String key;
        YamlTree value;

        Entry(String key, YamlTree value) {
            this.key = key;
            this.value = value;
        }
    }

    /** A list. */
    static final class Sequence extends YamlTree {
        final List<YamlTree> items = new ArrayList<>();

        @Override
        Sequence copy() {
            Sequence s = new Sequence();
            for (YamlTree item : items) {
                s.items.add(item.copy());
            }
            return s;
        }

        @Override
        long weight() {
            long w = 2;
            for (YamlTree item : items) {
                w += 4 + item.weight();
            }
            return w;
        }
    }

    /** A scalar; {@code text} null for nothing ({@code ~}). */
    static final class Scalar extends YamlTree {
        final String text;

        Scalar(String text) {
            this.text = text;
        }

        @Override
        Scalar copy() {
            return this;
        }

        @Override
        long weight() {
            return text == null ? 1 : text.length();
        }
    }

    /** YAML written as it is, in flow style on one line ({@code [[[1]]]}): a deep nest without deep recursion. */
    static final class Raw extends YamlTree {
        final String yaml;

        Raw(String yaml) {
            this.yaml = yaml;
        }

        @Override
        Raw copy() {
            return this;
        }

        @Override
        long weight() {
            return yaml.length();
        }
    }

    /** The tree of {@code yaml}, which must be one well-formed document (a bundled file). */
    static YamlTree parse(String yaml) {
        LoadSettings settings = LoadSettings.builder().build();
        Composer composer = new Composer(settings, new ParserImpl(settings, new StreamReader(settings, yaml)));
        Optional<Node> root = composer.getSingleNode();
        return of(root.orElseThrow(() -> new IllegalArgumentException("no document")));
    }

    private static YamlTree of(Node node) {
        if (node instanceof MappingNode m) {
            Mapping mapping = new Mapping();
            for (NodeTuple t : m.getValue()) {
                mapping.entries.add(new Entry(((ScalarNode) t.getKeyNode()).getValue(), of(t.getValueNode())));
            }
            return mapping;
        }
        if (node instanceof SequenceNode s) {
            Sequence sequence = new Sequence();
            for (Node item : s.getValue()) {
                sequence.items.add(of(item));
            }
            return sequence;
        }
        ScalarNode scalar = (ScalarNode) node;
        boolean nothing = scalar.isPlain() && (scalar.getValue().isEmpty() || scalar.getValue().equals("~")
                || scalar.getValue().equals("null"));
        return new Scalar(nothing ? null : scalar.getValue());
    }

    /** The tree as block-style YAML. */
    final String write() {
        StringBuilder out = new StringBuilder();
        if (this instanceof Scalar || this instanceof Raw || isEmpty(this)) {
            return inline(this) + "\n";
        }
        block(this, 0, out);
        return out.toString();
    }

    private static void block(YamlTree node, int indent, StringBuilder out) {
        if (node instanceof Mapping m) {
            for (Entry e : m.entries) {
                out.append(" ".repeat(indent)).append(scalar(e.key)).append(':');
                value(e.value, indent, out);
            }
        } else {
            for (YamlTree item : ((Sequence) node).items) {
                out.append(" ".repeat(indent)).append('-');
                value(item, indent, out);
            }
        }
    }

    private static void value(YamlTree value, int indent, StringBuilder out) {
        if (value instanceof Scalar || value instanceof Raw || isEmpty(value)) {
            out.append(' ').append(inline(value)).append('\n');
        } else {
            out.append('\n');
            block(value, indent + 2, out);
        }
    }

    private static boolean isEmpty(YamlTree node) {
        return node instanceof Mapping m && m.entries.isEmpty() || node instanceof Sequence s && s.items.isEmpty();
    }

    private static String inline(YamlTree node) {
        if (node instanceof Mapping) {
            return "{}";
        }
        if (node instanceof Sequence) {
            return "[]";
        }
        if (node instanceof Raw raw) {
            return raw.yaml;
        }
        String text = ((Scalar) node).text;
        return text == null ? "~" : scalar(text);
    }

    /** A scalar written plain where YAML reads it back as the same text, else double-quoted. */
    static String scalar(String text) {
        if (text.matches("[A-Za-z0-9_.µ/%+][A-Za-z0-9_.µ/%+\\- ]*") && !text.endsWith(" ")
                && !text.equals("~") && !text.equalsIgnoreCase("null")) {
            return text;
        }
        StringBuilder quoted = new StringBuilder("\"");
        text.codePoints().forEach(c -> {
            switch (c) {
                case '"' -> quoted.append("\\\"");
                case '\\' -> quoted.append("\\\\");
                case '\n' -> quoted.append("\\n");
                case '\t' -> quoted.append("\\t");
                default -> {
                    if (c < 0x20 || c == 0x7F || (c >= 0x80 && c < 0xA0)) {
                        quoted.append(String.format("\\x%02X", c));
                    } else {
                        quoted.appendCodePoint(c);
                    }
                }
            }
        });
        return quoted.append('"').toString();
    }
}

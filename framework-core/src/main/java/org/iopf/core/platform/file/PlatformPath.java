package org.iopf.core.platform.file;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A path into a platform file's document, as a sweep's axes and {@code run --set} name what they
 * change. The canonical form is the path the file's own errors print: {@code seed},
 * {@code fabric.link.rate}, {@code nodes[1].memory.numa}, {@code nodes[0].faults.type},
 * {@code nodes[1].nic0.params.mtu}, {@code workload.params.messageSize}. Two short forms are
 * accepted and resolved against the file: a node's name for {@code nodes[i]}
 * ({@code node2.nic0.params.mtu}) and a parameter without {@code params} ({@code node2.nic0.mtu},
 * {@code workload.messageSize}).
 */
final class PlatformPath {
    /** The top-level keys a path may start with. */
    static final List<String> SETTABLE = List.of("seed", "fabric", "nodes", "workload");

    private static final List<String> UNSETTABLE = List.of("name", "description", "expect");
    private static final List<String> OWNED = List.of("type", "params");
    private static final Pattern SEGMENT = Pattern.compile("([A-Za-z0-9_-]+)((?:\\[[0-9]+\\])*)");
    private static final Pattern INDEX = Pattern.compile("\\[([0-9]+)\\]");

    /**
     * One step of a path: a key of a mapping, or an index of a list.
     *
     * @param key the key; null for an index
     * @param index the 0-based index; -1 for a key
     */
    record Segment(String key, int index) {
        boolean isKey() {
            return key != null;
        }

        @Override
        public String toString() {
            return isKey() ? key : "[" + index + "]";
        }
    }

    private final List<Segment> segments;

    private PlatformPath(List<Segment> segments) {
        this.segments = List.copyOf(segments);
    }

    /** The steps, root first. */
    List<Segment> segments() {
        return segments;
    }

    /** The canonical text, as the platform file's errors print paths. */
    String text() {
        String path = "";
        for (Segment s : segments) {
            path = s.isKey() ? YamlNode.child(path, s.key()) : YamlNode.item(path, s.index());
        }
        return path;
    }

    @Override
    public String toString() {
        return text();
    }

    /** Whether {@code path} is {@code ancestor} or lies under it (every path lies under the empty one). */
    static boolean within(String path, String ancestor) {
        return ancestor.isEmpty() || path.equals(ancestor) || path.startsWith(ancestor + ".")
                || path.startsWith(ancestor + "[");
    }

    /**
     * Resolves {@code written} against the platform file's document {@code root} into its
     * canonical form.
     *
     * @throws IllegalArgumentException whose message says what is wrong and what was expected, with
     *     the nearest valid name
     */
    static PlatformPath resolve(String written, YamlNode.Mapping root) {
        requireNonNull(written, "written is null");
        requireNonNull(root, "root is null");
        List<Segment> in = parse(written);
        List<Segment> out = new ArrayList<>();
        Segment first = in.get(0);
        List<String> nodeNames = nodeNames(root);
        int next;
        if (SETTABLE.contains(first.key())) {
            out.add(first);
            next = 1;
        } else if (UNSETTABLE.contains(first.key())) {
            throw new IllegalArgumentException("'" + first.key() + "' cannot be set (it does not change a run); "
                    + "expected a path under " + SETTABLE + " or a node's name " + nodeNames);
        } else if (nodeNames.contains(first.key())) {
            out.add(new Segment("nodes", -1));
            out.add(new Segment(null, nodeNames.indexOf(first.key())));
            next = 1;
        } else {
            List<String> candidates = new ArrayList<>(SETTABLE);
            candidates.addAll(nodeNames);
            throw new IllegalArgumentException("no top-level key or node '" + first.key() + "'; expected a path under "
                    + SETTABLE + " or a node's name " + nodeNames + YamlBinder.hint(first.key(), candidates));
        }
        for (int i = next; i < in.size(); i++) {
            out.add(in.get(i));
        }
        if (out.get(0).key().equals("nodes")) {
            nodePath(out, root, nodeNames);
        } else if (out.get(0).key().equals("workload")) {
            shortParameter(out, 1);
        }
        return new PlatformPath(out);
    }

    /** The steps of a path's text, unresolved. */
    static List<Segment> parse(String written) {
        String expected = "; expected keys joined by dots, list indexes in brackets, such as nodes[0].nic0.params.mtu";
        if (written.isBlank()) {
            throw new IllegalArgumentException("an empty path" + expected);
        }
        List<Segment> segments = new ArrayList<>();
        for (String part : written.strip().split("\\.", -1)) {
            Matcher m = SEGMENT.matcher(part);
            if (!m.matches()) {
                throw new IllegalArgumentException("'" + written.strip() + "' is not a path" + expected);
            }
            segments.add(new Segment(m.group(1), -1));
            Matcher index = INDEX.matcher(m.group(2));
            while (index.find()) {
                segments.add(new Segment(null, Integer.parseInt(index.group(1))));
            }
        }
        return segments;
    }

    private static void nodePath(List<Segment> out, YamlNode.Mapping root, List<String> nodeNames) {
        if (out.size() == 1) {
            return;
        }
        Segment index = out.get(1);
        if (index.isKey()) {
            throw new IllegalArgumentException("'nodes." + index.key() + "' names no node; expected nodes[INDEX] with "
                    + "INDEX from 0 to " + (nodeNames.size() - 1) + ", or a node's name " + nodeNames + " alone");
        }
        if (index.index() >= nodeNames.size()) {
            throw new IllegalArgumentException("nodes[" + index.index() + "] is past the last node; expected an index "
                    + "from 0 to " + (nodeNames.size() - 1) + " (the nodes are " + nodeNames + ")");
        }
        if (out.size() == 2) {
            return;
        }
        Segment key = out.get(2);
        if (!key.isKey()) {
            throw new IllegalArgumentException("nodes[" + index.index() + "]" + key + " indexes a node; expected a key "
                    + "of the node such as nodes[" + index.index() + "].memory");
        }
        if (NodeBinder.RESERVED.contains(key.key())) {
            return;
        }
        YamlNode.Mapping node = nodeMapping(root, index.index());
        boolean exists = node != null && node.entries().containsKey(key.key());
        boolean addsOne = out.size() == 3 || out.size() == 4 && "type".equals(out.get(3).key());
        if (!exists && !addsOne) {
            List<String> keys = new ArrayList<>(NodeBinder.RESERVED);
            if (node != null) {
                node.entries().keySet().stream().filter(k -> !keys.contains(k)).forEach(keys::add);
            }
            List<String> components = keys.subList(NodeBinder.RESERVED.size(), keys.size());
            throw new IllegalArgumentException("node '" + nodeNames.get(index.index()) + "' has no component '"
                    + key.key() + "'; expected one of its components " + components + " or " + NodeBinder.RESERVED
                    + YamlBinder.hint(key.key(), keys));
        }
        shortParameter(out, 3);
    }

    /** Puts {@code params} before a parameter named right after a component or the workload. */
    private static void shortParameter(List<Segment> out, int at) {
        if (out.size() > at && out.get(at).isKey() && !OWNED.contains(out.get(at).key())) {
            out.add(at, new Segment("params", -1));
        }
    }

    private static List<String> nodeNames(YamlNode.Mapping root) {
        List<String> names = new ArrayList<>();
        if (root.get("nodes").orElse(null) instanceof YamlNode.Sequence nodes) {
            for (YamlNode item : nodes.items()) {
                String name = item instanceof YamlNode.Mapping m && m.get("name").orElse(null) instanceof YamlNode.Scalar s
                        && !s.isNull() ? s.text() : "";
                names.add(name);
            }
        }
        return names;
    }

    private static YamlNode.Mapping nodeMapping(YamlNode.Mapping root, int index) {
        if (root.get("nodes").orElse(null) instanceof YamlNode.Sequence nodes
                && nodes.items().get(index) instanceof YamlNode.Mapping m) {
            return m;
        }
        return null;
    }
}

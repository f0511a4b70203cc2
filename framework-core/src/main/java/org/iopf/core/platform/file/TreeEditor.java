package org.iopf.core.platform.file;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Puts {@link TreeEdit}s into a platform file's document, giving a new document (the original is
 * not changed). Mappings missing on the way are created ({@code fabric.link.rate} in a file
 * without {@code fabric:}); a value replaces what was there, keeping the marks of where it was
 * written so that the reader's errors point there. A new {@code type} for a component or the
 * workload drops the file's {@code params} of the old type (set the new type's parameters with
 * further edits). Shorter paths go first, and {@code type} before its siblings, so a deeper edit
 * refines a value that a shallower one put.
 */
final class TreeEditor {
    private TreeEditor() {
    }

    /**
     * {@code root} with {@code edits} in place.
     *
     * @throws RuntimeException from an edit's {@link EditOrigin} when its path cannot be followed
     *     (an index past the end of a list, a key under a scalar)
     */
    static YamlNode.Mapping apply(YamlNode.Mapping root, List<TreeEdit> edits) {
        List<TreeEdit> ordered = new ArrayList<>(edits);
        ordered.sort(Comparator.<TreeEdit>comparingInt(e -> e.path().segments().size())
                .thenComparingInt(e -> isType(e) ? 0 : 1));
        YamlNode.Mapping edited = root;
        for (TreeEdit edit : ordered) {
            edited = (YamlNode.Mapping) put(edited, edit, 0);
        }
        return edited;
    }

    private static boolean isType(TreeEdit edit) {
        List<PlatformPath.Segment> s = edit.path().segments();
        return "type".equals(s.get(s.size() - 1).key());
    }

    private static YamlNode put(YamlNode node, TreeEdit edit, int depth) {
        List<PlatformPath.Segment> segments = edit.path().segments();
        if (depth == segments.size()) {
            return repath(edit.value(), node.path());
        }
        PlatformPath.Segment step = segments.get(depth);
        if (step.isKey()) {
            YamlNode.Mapping mapping = asMapping(node, edit, step);
            YamlNode.Entry existing = mapping.entries().get(step.key());
            String childPath = YamlNode.child(mapping.path(), step.key());
            YamlNode child = existing != null ? existing.value()
                    : new YamlNode.Mapping(edit.origin().mark(), childPath, Map.of());
            Map<String, YamlNode.Entry> entries = new LinkedHashMap<>(mapping.entries());
            entries.put(step.key(), new YamlNode.Entry(step.key(), existing != null ? existing.keyMark()
                    : edit.origin().mark(), put(child, edit, depth + 1)));
            if (depth == segments.size() - 1 && step.key().equals("type") && ownsType(segments)
                    && existing != null && !YamlText.canonical(existing.value()).equals(YamlText.canonical(edit.value()))) {
                entries.remove("params");
            }
            return new YamlNode.Mapping(mapping.mark(), mapping.path(), entries);
        }
        if (!(node instanceof YamlNode.Sequence list)) {
            throw atPath(edit, node.path(), YamlBinder.found(node) + " at " + describe(node)
                    + "; expected a list to take item " + step);
        }
        if (step.index() >= list.items().size()) {
            throw atPath(edit, node.path(), YamlNode.item(node.path(), step.index()) + " is past the end of "
                    + "a list of " + list.items().size() + "; expected an index from 0 to " + (list.items().size() - 1));
        }
        List<YamlNode> items = new ArrayList<>(list.items());
        items.set(step.index(), put(items.get(step.index()), edit, depth + 1));
        return new YamlNode.Sequence(list.mark(), list.path(), items);
    }

    private static YamlNode.Mapping asMapping(YamlNode node, TreeEdit edit, PlatformPath.Segment step) {
        if (node instanceof YamlNode.Mapping m) {
            return m;
        }
        if (node instanceof YamlNode.Scalar s && s.isNull()) {
            return new YamlNode.Mapping(s.mark(), s.path(), Map.of());
        }
        throw atPath(edit, node.path(), YamlBinder.found(node) + " at " + describe(node)
                + "; expected a mapping to take the key '" + step.key() + "'");
    }

    /** An error about the edit's path, at the edit's own mark. */
    private static RuntimeException atPath(TreeEdit edit, String path, String problem) {
        Mark mark = edit.origin().mark();
        return edit.origin().error(path, mark.line(), mark.column(), problem);
    }

    private static String describe(YamlNode node) {
        return node.path().isEmpty() ? PlatformFileException.ROOT : node.path();
    }

    /** Whether the path is {@code workload.type} or {@code nodes[i].COMPONENT.type}. */
    private static boolean ownsType(List<PlatformPath.Segment> s) {
        return s.size() == 2 && "workload".equals(s.get(0).key())
                || s.size() == 4 && "nodes".equals(s.get(0).key()) && !s.get(1).isKey()
                        && !NodeBinder.RESERVED.contains(s.get(2).key());
    }

    /** {@code node} with its path, and its children's, under {@code path}; marks kept. */
    static YamlNode repath(YamlNode node, String path) {
        if (node instanceof YamlNode.Scalar s) {
            return new YamlNode.Scalar(s.mark(), path, s.text());
        }
        if (node instanceof YamlNode.Sequence seq) {
            List<YamlNode> items = new ArrayList<>();
            for (YamlNode item : seq.items()) {
                items.add(repath(item, YamlNode.item(path, items.size())));
            }
            return new YamlNode.Sequence(seq.mark(), path, items);
        }
        YamlNode.Mapping m = (YamlNode.Mapping) node;
        Map<String, YamlNode.Entry> entries = new LinkedHashMap<>();
        for (YamlNode.Entry e : m.entries().values()) {
            entries.put(e.key(), new YamlNode.Entry(e.key(), e.keyMark(), repath(e.value(), YamlNode.child(path, e.key()))));
        }
        return new YamlNode.Mapping(m.mark(), path, entries);
    }
}

package org.iopf.cli.fuzz;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Mutates a platform file, deterministically from a seed: one to three steps on its parsed tree
 * (keys deleted, duplicated or misspelt, values replaced by {@link ValueCatalogue} values or by the
 * wrong type, lists emptied or multiplied, deep nesting, a 10 MB string, absurd sizes), on its text
 * (truncation, tabs, lines deleted, duplicated or swapped, anchors, aliases and alias bombs, deep
 * flow nesting) and on its bytes (binary garbage, bytes that are not UTF-8). {@link #steps()} says
 * what was done, for a failure's report.
 */
final class Mutator {
    /** About the most characters copying may add to a document (copies of a node, a list of copies). */
    static final long MAX_COPIED_CHARACTERS = 64L << 20;

    private final Random random;
    private final boolean absurdSizes;
    private final List<String> steps = new ArrayList<>();

    /**
     * A mutator whose every choice comes from {@code seed}.
     *
     * @param absurdSizes whether to make platforms of absurd size too (10^9 cores, 10^5 nodes, 1 EiB of
     *     memory, 20,000 copies of a list item), which wait for per-parameter and platform limits
     */
    Mutator(long seed, boolean absurdSizes) {
        this.random = new Random(seed);
        this.absurdSizes = absurdSizes;
    }

    /** What the mutations did, in order. */
    List<String> steps() {
        return List.copyOf(steps);
    }

    /** A mutation of {@code text}, a bundled platform file. */
    byte[] mutate(String text) {
        int count = 1 + random.nextInt(3);
        int treeSteps = 0;
        int textSteps = 0;
        int byteSteps = 0;
        for (int i = 0; i < count; i++) {
            int kind = random.nextInt(20);
            if (kind < 13) {
                treeSteps++;
            } else if (kind < 18) {
                textSteps++;
            } else {
                byteSteps++;
            }
        }
        String current = text;
        if (treeSteps > 0) {
            YamlTree tree = YamlTree.parse(text);
            for (int i = 0; i < treeSteps; i++) {
                tree = treeStep(tree);
            }
            current = tree.write();
        }
        for (int i = 0; i < textSteps; i++) {
            current = textStep(current);
        }
        byte[] bytes = current.getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < byteSteps; i++) {
            bytes = byteStep(bytes);
        }
        return bytes;
    }

    /**
     * {@code text} with one to three of its numbers changed, their units kept ({@code 64KiB} to
     * {@code 0KiB}, {@code 64000000KiB}, {@code 0.064KiB}, {@code -64KiB}), so that the file mostly still
     * reads and its run starts with odd values.
     */
    byte[] scale(String text) {
        YamlTree tree = YamlTree.parse(text);
        List<Slot> numbers = new ArrayList<>();
        List<Slot> all = new ArrayList<>();
        slots(tree, "", all);
        for (Slot slot : all) {
            if (slot.value() instanceof YamlTree.Scalar sc && sc.text != null && sc.text.matches("-?[0-9].*")) {
                numbers.add(slot);
            }
        }
        for (int i = 1 + random.nextInt(3); i > 0 && !numbers.isEmpty(); i--) {
            Slot slot = numbers.get(random.nextInt(numbers.size()));
            String scaled = scaled(slot.path(), ((YamlTree.Scalar) slot.value()).text);
            slot.set(new YamlTree.Scalar(scaled));
            steps.add(slot.path() + " = '" + scaled + "'");
        }
        return tree.write().getBytes(StandardCharsets.UTF_8);
    }

    /** A place in the tree: a mapping's entry or a list's item, with its path. */
    private record Slot(String path, YamlTree.Mapping mapping, int entry, YamlTree.Sequence list, int item) {
        YamlTree value() {
            return mapping != null ? mapping.entries.get(entry).value : list.items.get(item);
        }

        void set(YamlTree value) {
            if (mapping != null) {
                mapping.entries.get(entry).value = value;
            } else {
                list.items.set(item, value);
            }
        }
    }

    private static void slots(YamlTree node, String path, List<Slot> out) {
        if (node instanceof YamlTree.Mapping m) {
            for (int i = 0; i < m.entries.size(); i++) {
                String p = path.isEmpty() ? m.entries.get(i).key : path + "." + m.entries.get(i).key;
                out.add(new Slot(p, m, i, null, -1));
                slots(m.entries.get(i).value, p, out);
            }
        } else if (node instanceof YamlTree.Sequence s) {
            for (int i = 0; i < s.items.size(); i++) {
                String p = path + "[" + i + "]";
                out.add(new Slot(p, null, -1, s, i));
                slots(s.items.get(i), p, out);
            }
        }
    }

    private YamlTree treeStep(YamlTree tree) {
        List<Slot> all = new ArrayList<>();
        slots(tree, "", all);
        if (all.isEmpty()) {
            steps.add("whole document replaced by a scalar");
            return new YamlTree.Scalar(value("", null));
        }
        Slot slot = all.get(random.nextInt(all.size()));
        YamlTree value = slot.value();
        switch (random.nextInt(12)) {
            case 0 -> {
                remove(slot);
                steps.add("deleted " + slot.path());
            }
            case 1 -> {
                duplicate(slot);
                steps.add("duplicated " + slot.path());
            }
            case 2 -> {
                if (slot.mapping() != null) {
                    YamlTree.Entry e = slot.mapping().entries.get(slot.entry());
                    e.key = typo(e.key);
                    steps.add("renamed " + slot.path() + " to '" + e.key + "'");
                } else {
                    remove(slot);
                    steps.add("deleted " + slot.path());
                }
            }
            case 3, 4, 5, 6 -> {
                String written = value instanceof YamlTree.Scalar s ? s.text : null;
                String replacement = value(slot.path(), written);
                slot.set(new YamlTree.Scalar(replacement));
                steps.add(slot.path() + " = '" + shown(replacement) + "'");
            }
            case 7 -> {
                YamlTree wrong = wrongType(value);
                slot.set(wrong);
                steps.add(slot.path() + " given the wrong type (" + wrong.getClass().getSimpleName() + ")");
            }
            case 8 -> {
                int copies = affordable(List.of(2, 10, 1000, 20000).get(random.nextInt(absurdSizes ? 4 : 3)), value);
                YamlTree.Sequence many = new YamlTree.Sequence();
                for (int i = 0; i < copies; i++) {
                    many.items.add(value.copy());
                }
                slot.set(many);
                steps.add(slot.path() + " made a list of " + copies + " copies of itself");
            }
            case 9 -> {
                int depth = List.of(50, 99, 100, 101, 1001, 5000).get(random.nextInt(6));
                slot.set(nested(depth, random.nextBoolean()));
                steps.add(slot.path() + " nested " + depth + " deep");
            }
            case 10 -> {
                int length = random.nextInt(8) == 0 ? 10 << 20 : 1 << (10 + random.nextInt(8));
                slot.set(new YamlTree.Scalar("x".repeat(length)));
                steps.add(slot.path() + " = a string of " + length + " characters");
            }
            default -> {
                if (absurdSizes) {
                    absurd(tree);
                } else {
                    remove(slot);
                    steps.add("deleted " + slot.path());
                }
            }
        }
        return tree;
    }

    /** A {@link ValueCatalogue} value for {@code written} at {@code path}, of a sane size unless absurd sizes are wanted. */
    private String value(String path, String written) {
        String value = ValueCatalogue.pick(written, random, absurdSizes);
        while (!absurdSizes && ValueCatalogue.isAbsurd(path, value)) {
            value = ValueCatalogue.pick(written, random, absurdSizes);
        }
        return value;
    }

    /** {@code written} at {@code path} with its number scaled, to a sane size unless absurd sizes are wanted. */
    private String scaled(String path, String written) {
        String value = ValueCatalogue.scale(written, random, absurdSizes);
        for (int i = 0; i < 20 && !absurdSizes && ValueCatalogue.isAbsurd(path, value); i++) {
            value = ValueCatalogue.scale(written, random, absurdSizes);
        }
        return !absurdSizes && ValueCatalogue.isAbsurd(path, value) ? written : value;
    }

    private void remove(Slot slot) {
        if (slot.mapping() != null) {
            slot.mapping().entries.remove(slot.entry());
        } else {
            slot.list().items.remove(slot.item());
        }
    }

    private void duplicate(Slot slot) {
        if (slot.mapping() != null) {
            YamlTree.Entry e = slot.mapping().entries.get(slot.entry());
            slot.mapping().entries.add(slot.entry() + 1, new YamlTree.Entry(e.key, e.value.copy()));
        } else {
            slot.list().items.add(slot.item() + 1, slot.list().items.get(slot.item()).copy());
        }
    }

    private String typo(String key) {
        if (key.isEmpty()) {
            return "x";
        }
        int at = random.nextInt(key.length());
        return switch (random.nextInt(4)) {
            case 0 -> key.substring(0, at) + key.substring(at + 1);
            case 1 -> key.substring(0, at) + (char) ('a' + random.nextInt(26)) + key.substring(at);
            case 2 -> key.toUpperCase(java.util.Locale.ROOT);
            default -> key + " ";
        };
    }

    private YamlTree wrongType(YamlTree value) {
        if (value instanceof YamlTree.Scalar s) {
            if (random.nextBoolean()) {
                YamlTree.Sequence list = new YamlTree.Sequence();
                if (random.nextBoolean()) {
                    list.items.add(s);
                }
                return list;
            }
            YamlTree.Mapping map = new YamlTree.Mapping();
            if (random.nextBoolean()) {
                map.entries.add(new YamlTree.Entry(s.text == null ? "x" : s.text, s));
            }
            return map;
        }
        return switch (random.nextInt(3)) {
            case 0 -> new YamlTree.Scalar(null);
            case 1 -> new YamlTree.Scalar(value("", null));
            default -> value instanceof YamlTree.Mapping ? new YamlTree.Sequence() : new YamlTree.Mapping();
        };
    }

    private static YamlTree nested(int depth, boolean lists) {
        return new YamlTree.Raw(lists ? "[".repeat(depth) + "1" + "]".repeat(depth)
                : "{a: ".repeat(depth) + "1" + "}".repeat(depth));
    }

    /** Sizes no platform means: 10^15 messages, 1 EiB of memory, 10^9 in flight, many nodes. */
    private void absurd(YamlTree tree) {
        if (!(tree instanceof YamlTree.Mapping root)) {
            steps.add("(no absurd size: the document is not a mapping)");
            return;
        }
        List<Runnable> choices = new ArrayList<>();
        forKey(root, "workload", w -> forKey(w, "params", p -> {
            for (String key : List.of("messages", "concurrency", "messageSize", "blockSize", "heapSize", "iterations",
                    "bytes", "rounds", "steps", "objects", "transfers")) {
                forKey(p, key, v -> choices.add(() -> {
                    String huge = List.of("1000000000000000", "1000000000", "1048576TiB", "9223372036854775807")
                            .get(random.nextInt(4));
                    set((YamlTree.Mapping) p, key, huge);
                    steps.add("workload.params." + key + " = " + huge);
                }));
            }
        }));
        forKey(root, "nodes", nodes -> {
            if (nodes instanceof YamlTree.Sequence list && !list.items.isEmpty()) {
                choices.add(() -> {
                    YamlTree first = list.items.get(0);
                    int count = affordable(List.of(1000, 100000).get(random.nextInt(2)), first);
                    for (int i = 0; i < count; i++) {
                        YamlTree copy = first.copy();
                        if (copy instanceof YamlTree.Mapping m) {
                            set(m, "name", "n" + i);
                        }
                        list.items.add(copy);
                    }
                    steps.add(count + " more nodes");
                });
                choices.add(() -> {
                    for (YamlTree node : list.items) {
                        if (node instanceof YamlTree.Mapping m) {
                            YamlTree.Mapping memory = new YamlTree.Mapping();
                            YamlTree.Sequence numa = new YamlTree.Sequence();
                            numa.items.add(new YamlTree.Scalar("1048576TiB"));
                            memory.entries.add(new YamlTree.Entry("numa", numa));
                            set(m, "memory", memory);
                        }
                    }
                    steps.add("every node given 1 EiB of memory");
                });
                choices.add(() -> {
                    for (YamlTree node : list.items) {
                        if (node instanceof YamlTree.Mapping m) {
                            YamlTree.Mapping cluster = new YamlTree.Mapping();
                            cluster.entries.add(new YamlTree.Entry("cluster", new YamlTree.Scalar("cpu")));
                            cluster.entries.add(new YamlTree.Entry("count", new YamlTree.Scalar("1000000000")));
                            YamlTree.Sequence cores = new YamlTree.Sequence();
                            cores.items.add(cluster);
                            set(m, "cores", cores);
                        }
                    }
                    steps.add("every node given 10^9 cores");
                });
            }
        });
        if (choices.isEmpty()) {
            steps.add("(no absurd size: nothing to enlarge)");
            return;
        }
        choices.get(random.nextInt(choices.size())).run();
    }

    /**
     * At most {@code wanted} copies of {@code tree}, and no more than keep the document near
     * {@link #MAX_COPIED_CHARACTERS}: an earlier step of the same try may have made the tree huge
     * (a 10 MB string), and 100 000 copies of that would exhaust the fuzz test's own heap long
     * before iopf reads a byte of it.
     */
    private static int affordable(int wanted, YamlTree tree) {
        return (int) Math.max(1, Math.min(wanted, MAX_COPIED_CHARACTERS / Math.max(1, tree.weight())));
    }

    private static void forKey(YamlTree node, String key, Consumer<YamlTree> action) {
        if (node instanceof YamlTree.Mapping m) {
            for (YamlTree.Entry e : List.copyOf(m.entries)) {
                if (e.key.equals(key)) {
                    action.accept(e.value);
                }
            }
        }
    }

    private static void set(YamlTree.Mapping m, String key, String value) {
        set(m, key, new YamlTree.Scalar(value));
    }

    private static void set(YamlTree.Mapping m, String key, YamlTree value) {
        for (YamlTree.Entry e : m.entries) {
            if (e.key.equals(key)) {
                e.value = value;
                return;
            }
        }
        m.entries.add(new YamlTree.Entry(key, value));
    }

    private String textStep(String text) {
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        int line = random.nextInt(lines.size());
        switch (random.nextInt(10)) {
            case 0 -> {
                int at = text.isEmpty() ? 0 : random.nextInt(text.length());
                steps.add("truncated at character " + at);
                return text.substring(0, at);
            }
            case 1 -> {
                String l = lines.get(line);
                lines.set(line, random.nextBoolean() ? "\t" + l.stripLeading() : l.replace(": ", ":\t"));
                steps.add("a tab in line " + (line + 1));
            }
            case 2 -> {
                lines.remove(line);
                steps.add("deleted line " + (line + 1));
            }
            case 3 -> {
                lines.add(line, lines.get(line));
                steps.add("duplicated line " + (line + 1));
            }
            case 4 -> {
                int other = random.nextInt(lines.size());
                String l = lines.get(line);
                lines.set(line, lines.get(other));
                lines.set(other, l);
                steps.add("swapped lines " + (line + 1) + " and " + (other + 1));
            }
            case 5 -> {
                return anchorAndAlias(lines);
            }
            case 6 -> {
                steps.add("an alias bomb before the document");
                return aliasBomb() + text;
            }
            case 7 -> {
                int depth = List.of(100, 101, 1001, 100000).get(random.nextInt(4));
                String l = lines.get(line);
                int colon = l.indexOf(": ");
                String nest = "[".repeat(depth) + "]".repeat(depth);
                lines.set(line, colon < 0 ? l + nest : l.substring(0, colon + 2) + nest);
                steps.add("flow nesting " + depth + " deep in line " + (line + 1));
            }
            case 8 -> {
                steps.add("CRLF line ends and a byte-order mark");
                return "\uFEFF" + text.replace("\n", "\r\n");
            }
            default -> {
                steps.add("a second document");
                return text + "\n---\n" + text;
            }
        }
        return String.join("\n", lines);
    }

    private String anchorAndAlias(List<String> lines) {
        List<Integer> values = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).matches("\\s*[A-Za-z0-9_-]+: \\S.*") && !lines.get(i).strip().startsWith("#")) {
                values.add(i);
            }
        }
        if (values.size() < 2) {
            steps.add("(no anchor: too few values)");
            return String.join("\n", lines);
        }
        int a = values.get(random.nextInt(values.size()));
        int b = values.get(random.nextInt(values.size()));
        lines.set(a, lines.get(a).replaceFirst(": ", ": &a "));
        if (b != a) {
            lines.set(b, lines.get(b).substring(0, lines.get(b).indexOf(": ") + 2) + "*a");
        }
        steps.add("anchor &a in line " + (a + 1) + ", alias *a in line " + (b + 1));
        return String.join("\n", lines);
    }

    /** Nine levels of nine aliases each: 387 million strings if anything expanded it. */
    private static String aliasBomb() {
        StringBuilder bomb = new StringBuilder("a0: &a0 [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
        for (int level = 1; level <= 9; level++) {
            bomb.append('a').append(level).append(": &a").append(level).append(" [");
            for (int i = 0; i < 9; i++) {
                bomb.append(i == 0 ? "" : ",").append("*a").append(level - 1);
            }
            bomb.append("]\n");
        }
        return bomb.toString();
    }

    private byte[] byteStep(byte[] bytes) {
        int at = bytes.length == 0 ? 0 : random.nextInt(bytes.length);
        Supplier<byte[]> garbage = () -> {
            byte[] g = new byte[1 + random.nextInt(64)];
            random.nextBytes(g);
            return g;
        };
        byte[] inserted = switch (random.nextInt(4)) {
            case 0 -> garbage.get();
            case 1 -> new byte[] {(byte) 0xC3, (byte) 0x28};
            case 2 -> new byte[] {(byte) 0xFF, (byte) 0xFE, 0};
            default -> new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80};
        };
        if (random.nextInt(5) == 0) {
            steps.add("truncated at byte " + at);
            byte[] cut = new byte[at];
            System.arraycopy(bytes, 0, cut, 0, at);
            return cut;
        }
        steps.add(inserted.length + " bytes of binary garbage at byte " + at);
        ByteArrayOutputStream out = new ByteArrayOutputStream(bytes.length + inserted.length);
        out.write(bytes, 0, at);
        out.write(inserted, 0, inserted.length);
        out.write(bytes, at, bytes.length - at);
        return out.toByteArray();
    }

    /**
     * One or two {@code --set} settings for a run of {@code text}: a parameter the file writes, one
     * it does not, or a malformed setting, given a {@link ValueCatalogue} value.
     */
    List<String> settings(String text) {
        List<String> targets = new ArrayList<>();
        List<String> written = new ArrayList<>();
        java.util.Map<String, String> values = new java.util.HashMap<>();
        YamlTree tree = YamlTree.parse(text);
        forKey(tree, "workload", w -> {
            targets.add("workload");
            forKey(w, "params", p -> keys(p).forEach(k -> written.add("workload." + k)));
            forKey(w, "params", p -> keys(p).forEach(k -> forKey(p, k, v -> values.put("workload." + k,
                    v instanceof YamlTree.Scalar sc ? sc.text : null))));
        });
        forKey(tree, "nodes", nodes -> {
            if (nodes instanceof YamlTree.Sequence list) {
                for (YamlTree node : list.items) {
                    if (node instanceof YamlTree.Mapping m) {
                        String name = m.entries.stream().filter(e -> e.key.equals("name")).findFirst()
                                .map(e -> e.value instanceof YamlTree.Scalar sc ? sc.text : "?").orElse("?");
                        for (YamlTree.Entry e : m.entries) {
                            if (e.value instanceof YamlTree.Mapping c && !List.of("memory", "cores").contains(e.key)) {
                                targets.add(name + "." + e.key);
                                forKey(c, "params", p -> keys(p).forEach(k -> written.add(name + "." + e.key + "." + k)));
                            }
                        }
                    }
                }
            }
        });
        List<String> settings = new ArrayList<>();
        for (int i = 1 + random.nextInt(2); i > 0; i--) {
            String value = value("workload.params", null);
            String setting = switch (random.nextInt(6)) {
                case 0, 1, 2 -> {
                    if (written.isEmpty()) {
                        yield "workload.messages=" + value;
                    }
                    String name = written.get(random.nextInt(written.size()));
                    String was = values.get(name);
                    yield name + "=" + (was != null && random.nextBoolean() ? scaled(name, was) : value);
                }
                case 3 -> targets.get(random.nextInt(targets.size())) + "." + typo("messages") + "=" + value;
                case 4 -> List.of("=", "workload.", ".x=1", "workload.messages", "a.b.c.d=1", "workload.=1",
                        "node1..mtu=1", "workload.messages==1", " workload.messages=1", "WORKLOAD.messages=1")
                        .get(random.nextInt(10));
                default -> written.isEmpty() ? "workload.x=" + value
                        : written.get(random.nextInt(written.size())) + "=" + value("workload.params", null);
            };
            settings.add(setting);
            steps.add("--set " + shown(setting));
        }
        return settings;
    }

    private static List<String> keys(YamlTree node) {
        return node instanceof YamlTree.Mapping m ? m.entries.stream().map(e -> e.key).toList() : List.of();
    }

    private static String shown(String value) {
        String escaped = value.replace("\n", "\\n").replace("\t", "\\t").replace("\u0000", "\\0");
        return escaped.length() > 40 ? escaped.substring(0, 20) + "...(" + escaped.length() + " chars)" : escaped;
    }
}

package org.iopf.core.platform.file;

import static java.util.Objects.requireNonNull;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.StringJoiner;
import org.iopf.core.platform.Expectation;
import org.iopf.core.platform.Expectation.Quantity;
import org.iopf.core.platform.ExtensionRegistry;
import org.iopf.core.platform.FigureNames;
import org.iopf.core.platform.Scenario;
import org.iopf.core.platform.file.ExpectationBinder.Amount;
import org.iopf.core.sweep.AxisValue;
import org.iopf.core.sweep.MetricSelection;
import org.iopf.core.sweep.PlatformLocator;
import org.iopf.core.sweep.Sweep;
import org.iopf.core.sweep.SweepAxis;
import org.iopf.core.sweep.SweepPoint;
import org.iopf.core.sweep.SweepSetting;

/**
 * Reads a sweep file — a base platform file, axes of values to put into it, replications, the
 * figures to keep and expectations on chosen points — into a {@link Sweep} whose every point has
 * been read and checked by the {@link PlatformFileReader}, as if its values were written in the
 * base file, before anything runs. An error is a {@link PlatformFileException} at the sweep
 * file's line and column (a bad value at point 37 is reported, with the point, before point 1
 * runs), or at the base file's for an error of the base file itself. The format is documented in
 * {@code docs/sweeps.md}.
 *
 * <p>The points are the grid of the axes in file order, the last varying fastest; the axes of a
 * {@code zip:} entry step together, as one axis of the grid.
 *
 * @since 0.1
 */
public final class SweepFileReader {
    /** The most points a sweep may expand to. */
    public static final int MAX_POINTS = 100_000;

    private static final List<String> KEYS = List.of("name", "description", "base", "seed", "replications", "set",
            "axes", "metrics", "expect");
    private static final List<String> AXIS_KEYS = List.of("path", "values", "range");
    private static final List<String> HASH_IGNORES = List.of("name", "description", "expect", "seed");
    private static final String AXIS = "an axis {path: workload.params.messageSize, values: [4KiB, 64KiB]} or "
            + "{path: ..., range: {from: 4KiB, to: 4MiB, steps: 11, scale: log}}";

    private final PlatformFileReader reader;
    private final ExtensionRegistry registry;

    /**
     * A reader that checks points against {@code registry}.
     *
     * @param registry the known component and workload types, not null; read, never changed
     */
    public SweepFileReader(ExtensionRegistry registry) {
        this.registry = requireNonNull(registry, "registry is null");
        this.reader = new PlatformFileReader(registry);
    }

    /** One axis as read: where it goes and its values as written. */
    private record Axis(PlatformPath path, String written, Mark pathMark, List<YamlNode> values, SweepAxis model) {
    }

    /** An entry of {@code axes:}: one axis, or zipped axes of one length. */
    private record Group(List<Axis> axes, int length) {
    }

    /** An expectation and the axis values a point must have for it to apply. */
    private record PointExpectation(Expectation expectation, Map<Integer, Integer> at) {
    }

    /**
     * Reads the sweep file {@code file} (UTF-8) and its base platform file.
     *
     * @param file the sweep file, not null; messages name it as given
     * @param locator finds the base platform file, not null
     * @throws PlatformFileException if the sweep file, its base file or any point is bad
     * @throws java.io.UncheckedIOException if a file cannot be read
     */
    public Sweep read(Path file, PlatformLocator locator) {
        requireNonNull(file, "file is null");
        requireNonNull(locator, "locator is null");
        String source = file.toString();
        String text = PlatformFileText.read(file, "sweep file");
        YamlBinder yaml = new YamlBinder(source);
        YamlNode.Mapping root = yaml.mapping(new YamlTreeReader(source).read(text), "a sweep: a mapping with base and "
                + "axes");
        yaml.checkKeys(root, KEYS, "key of a sweep file");
        String name = yaml.optional(root, "name", n -> yaml.nonBlank(n, "the sweep's name"),
                PlatformFileReader.baseName(source));
        String description = yaml.optional(root, "description", n -> yaml.text(n, "one paragraph of text"), "");
        YamlNode baseNode = yaml.require(root, "base", "the base platform file: a path relative to the sweep file or "
                + "a bundled name such as pinned-baseline");
        String baseName = yaml.nonBlank(baseNode, "the base platform file");
        Path folder = file.toAbsolutePath().getParent();
        Path basePath = locator.find(baseName, folder).orElseThrow(() -> yaml.error(baseNode, "no platform file '"
                + baseName + "'; expected a path relative to the sweep file's folder or a bundled platform file"
                + YamlBinder.hint(baseName, locator.bundledNames())));
        String baseSource = basePath.toString();
        YamlNode.Mapping base = PlatformFileReader.tree(baseSource, PlatformFileText.read(basePath, "platform file"));
        Scenario baseScenario = reader.read(baseSource, base);
        int replications = (int) (long) yaml.optional(root, "replications", n -> yaml.integer(n, 1, 10_000,
                "a whole number of replications from 1 to 10000"), 1L);

        Map<String, String> taken = new HashMap<>();
        List<TreeEdit> fixed = new ArrayList<>();
        root.get("seed").ifPresent(n -> {
            yaml.integer(n, "a whole number");
            fixed.add(new TreeEdit(PlatformPath.resolve("seed", base), n, new SweepOrigin(source, n.mark(), n.mark(),
                    "")));
            taken.put("seed", "seed");
        });
        root.get("set").ifPresent(n -> fixed.addAll(settings(yaml, n, base, taken)));
        List<Group> groups = groups(yaml, yaml.require(root, "axes", "a list of axes such as [" + AXIS + "]"), base,
                taken);
        List<Axis> axes = groups.stream().flatMap(g -> g.axes().stream()).toList();
        long count = 1;
        for (Group g : groups) {
            count *= g.length();
            if (count > MAX_POINTS) {
                throw yaml.error(root.get("axes").orElseThrow(), "the axes make more than " + MAX_POINTS
                        + " points; expected at most " + MAX_POINTS);
            }
        }
        List<PointExpectation> expectations = root.get("expect").map(n -> expectations(yaml, n, base, axes))
                .orElse(List.of());
        MetricSelection metrics = metrics(yaml, root, expectations);

        List<SweepPoint> points = new ArrayList<>();
        EditedPlatformReader edited = new EditedPlatformReader(reader);
        for (int index = 0; index < count; index++) {
            points.add(point(index, (int) count, groups, axes, fixed, expectations, base, baseSource, baseScenario,
                    edited, source));
        }
        checkFigureNames(yaml, root, baseScenario, points);
        String id = hash(YamlText.canonical(root) + "\n" + YamlText.canonical(base));
        return new Sweep(id, name, description, source, baseSource, replications,
                axes.stream().map(Axis::model).toList(), points, metrics);
    }

    private SweepPoint point(int index, int total, List<Group> groups, List<Axis> axes, List<TreeEdit> fixed,
            List<PointExpectation> expectations, YamlNode.Mapping base, String baseSource, Scenario baseScenario,
            EditedPlatformReader edited, String source) {
        int[] choice = new int[axes.size()];
        int rest = index;
        int a = axes.size();
        for (int g = groups.size() - 1; g >= 0; g--) {
            Group group = groups.get(g);
            int pick = rest % group.length();
            rest /= group.length();
            for (int k = group.axes().size() - 1; k >= 0; k--) {
                choice[--a] = pick;
            }
        }
        StringJoiner label = new StringJoiner(", ");
        List<AxisValue> values = new ArrayList<>();
        for (int i = 0; i < axes.size(); i++) {
            AxisValue v = axes.get(i).model().values().get(choice[i]);
            values.add(v);
            label.add(axes.get(i).written() + "=" + v.text());
        }
        String context = "at point " + (index + 1) + " of " + total + " (" + label + "): ";
        List<TreeEdit> edits = new ArrayList<>(fixed);
        List<SweepSetting> settings = new ArrayList<>();
        for (int i = 0; i < axes.size(); i++) {
            YamlNode value = axes.get(i).values().get(choice[i]);
            edits.add(new TreeEdit(axes.get(i).path(), value, new SweepOrigin(source, axes.get(i).pathMark(),
                    value.mark(), context)));
            settings.add(new SweepSetting(axes.get(i).path().text(), values.get(i).text(), source, value.mark().line(),
                    value.mark().column()));
        }
        // a point keeps only the sweep's expectations, so the base's are not checked against its platform
        Map<String, YamlNode.Entry> withoutExpect = new LinkedHashMap<>(base.entries());
        withoutExpect.remove("expect");
        Scenario scenario = edited.read(baseSource, new YamlNode.Mapping(base.mark(), base.path(), withoutExpect),
                edits);
        List<Expectation> kept = new ArrayList<>();
        for (PointExpectation e : expectations) {
            // by value, not place: a zipped axis may have the named value at several places
            if (e.at().entrySet().stream().allMatch(at -> valueIndex(axes.get(at.getKey()),
                    axes.get(at.getKey()).values().get(choice[at.getKey()])) == at.getValue())) {
                kept.add(e.expectation());
            }
        }
        YamlNode.Mapping tree = TreeEditor.apply(base, edits);
        Map<String, YamlNode.Entry> inputs = new LinkedHashMap<>(tree.entries());
        HASH_IGNORES.forEach(inputs::remove);
        String id = hash(YamlText.canonical(new YamlNode.Mapping(tree.mark(), "", inputs)) + "\nseed="
                + scenario.platform().seed());
        Map<String, YamlNode.Entry> written = new LinkedHashMap<>(tree.entries());
        written.remove("expect");
        return new SweepPoint(index, id, values, label.toString(), new Scenario(baseScenario.name(),
                baseScenario.description(), baseSource, scenario.platform(), scenario.workload(), kept), settings,
                YamlText.document(new YamlNode.Mapping(tree.mark(), "", written)));
    }

    private static List<TreeEdit> settings(YamlBinder yaml, YamlNode node, YamlNode.Mapping base,
            Map<String, String> taken) {
        YamlNode.Mapping set = yaml.mapping(node, "a mapping of paths to values, such as {workload.params.messages: 8}");
        List<TreeEdit> edits = new ArrayList<>();
        for (YamlNode.Entry entry : set.entries().values()) {
            PlatformPath path = path(yaml, set, entry, base, taken);
            edits.add(new TreeEdit(path, entry.value(), new SweepOrigin(yaml.source(), entry.keyMark(),
                    entry.value().mark(), "")));
        }
        return edits;
    }

    private static PlatformPath path(YamlBinder yaml, YamlNode.Mapping owner, YamlNode.Entry entry,
            YamlNode.Mapping base, Map<String, String> taken) {
        PlatformPath path;
        try {
            path = PlatformPath.resolve(entry.key(), base);
        } catch (IllegalArgumentException e) {
            throw yaml.keyError(owner, entry, e.getMessage());
        }
        claim(yaml, entry.keyMark(), YamlNode.child(owner.path(), entry.key()), path, taken);
        return path;
    }

    private static void claim(YamlBinder yaml, Mark mark, String where, PlatformPath path, Map<String, String> taken) {
        String earlier = taken.putIfAbsent(path.text(), where);
        if (earlier != null) {
            throw yaml.error(mark, where, path.text() + " is already set by " + earlier
                    + "; expected each path once in set and axes");
        }
    }

    private List<Group> groups(YamlBinder yaml, YamlNode node, YamlNode.Mapping base, Map<String, String> taken) {
        YamlNode.Sequence list = yaml.sequence(node, "a list of axes such as [" + AXIS + "]");
        if (list.items().isEmpty()) {
            throw yaml.error(list, "found an empty list; expected at least one axis");
        }
        List<Group> groups = new ArrayList<>();
        for (YamlNode item : list.items()) {
            YamlNode.Mapping m = yaml.mapping(item, AXIS + ", or {zip: [axis, axis, ...]}");
            Optional<YamlNode> zip = m.get("zip");
            if (zip.isEmpty()) {
                Axis axis = axis(yaml, m, base, taken, true);
                groups.add(new Group(List.of(axis), axis.values().size()));
                continue;
            }
            yaml.checkKeys(m, List.of("zip"), "key of a zipped group");
            YamlNode.Sequence zipped = yaml.sequence(zip.get(), "a list of axes that step together");
            if (zipped.items().size() < 2) {
                throw yaml.error(zipped, "a zip of " + zipped.items().size() + " axis; expected at least two axes");
            }
            List<Axis> axes = new ArrayList<>();
            for (YamlNode z : zipped.items()) {
                // in a zip a value may repeat: it is each combination that must be new
                Axis axis = axis(yaml, yaml.mapping(z, AXIS), base, taken, false);
                if (!axes.isEmpty() && axis.values().size() != axes.get(0).values().size()) {
                    throw yaml.error(z, "an axis of " + axis.values().size() + " values zipped with one of "
                            + axes.get(0).values().size() + "; expected axes of one length in a zip");
                }
                axes.add(axis);
            }
            requireDistinctCombinations(yaml, axes);
            groups.add(new Group(axes, axes.get(0).values().size()));
        }
        return groups;
    }

    /** Refuses a zip whose axes give two of its entries the same values. */
    private static void requireDistinctCombinations(YamlBinder yaml, List<Axis> axes) {
        Map<List<String>, Integer> seen = new HashMap<>();
        for (int i = 0; i < axes.get(0).values().size(); i++) {
            List<String> combination = new ArrayList<>();
            for (Axis axis : axes) {
                combination.add(YamlText.canonical(axis.values().get(i)));
            }
            Integer earlier = seen.putIfAbsent(combination, i);
            if (earlier != null) {
                throw yaml.error(axes.get(0).values().get(i), "values " + (i + 1) + " of the zipped axes are also "
                        + "values " + (earlier + 1) + "; expected each combination once");
            }
        }
    }

    private Axis axis(YamlBinder yaml, YamlNode.Mapping m, YamlNode.Mapping base, Map<String, String> taken,
            boolean distinct) {
        yaml.checkKeys(m, AXIS_KEYS, "key of an axis");
        YamlNode pathNode = yaml.require(m, "path", "the path the axis sets, such as workload.params.messageSize");
        String written = yaml.nonBlank(pathNode, "a path such as workload.params.messageSize");
        PlatformPath path;
        try {
            path = PlatformPath.resolve(written, base);
        } catch (IllegalArgumentException e) {
            throw yaml.error(pathNode, e.getMessage());
        }
        if (path.text().equals("seed")) {
            // the results hold each run's seed in a column of its own, which an axis column would clash with
            throw yaml.error(pathNode, "seed is set per run, not along an axis: replication 0 of each point runs "
                    + "with the base file's seed (or the sweep's seed:), the others with seeds of their own; "
                    + "expected replications: N for more seeds, or an axis over another path");
        }
        claim(yaml, pathNode.mark(), pathNode.path(), path, taken);
        boolean hasValues = m.get("values").isPresent();
        boolean hasRange = m.get("range").isPresent();
        if (hasValues == hasRange) {
            throw yaml.error(m, (hasValues ? "both values and range" : "neither values nor range")
                    + "; expected exactly one of them");
        }
        List<YamlNode> values;
        boolean log = false;
        if (hasValues) {
            YamlNode.Sequence list = yaml.sequence(m.get("values").get(), "a list of values such as [4KiB, 64KiB]");
            if (list.items().isEmpty()) {
                throw yaml.error(list, "found an empty list; expected at least one value");
            }
            values = list.items();
            Map<String, Integer> seen = new HashMap<>();
            for (int i = 0; distinct && i < values.size(); i++) {
                Integer earlier = seen.putIfAbsent(YamlText.canonical(values.get(i)), i);
                if (earlier != null) {
                    throw yaml.error(values.get(i), "value " + YamlText.flow(values.get(i)) + " is also value "
                            + (earlier + 1) + "; expected each value once");
                }
            }
        } else {
            values = new AxisRange(yaml).values(m.get("range").get());
            log = AxisRange.isLog(m.get("range").get());
        }
        return new Axis(path, written, pathNode.mark(), values, model(path.text(), written, values, log));
    }

    private static SweepAxis model(String path, String written, List<YamlNode> values, boolean log) {
        Quantity quantity = null;
        List<Amount> amounts = new ArrayList<>();
        for (YamlNode v : values) {
            Optional<Amount> amount = v instanceof YamlNode.Scalar s && !s.isNull()
                    ? ExpectationBinder.amountOf(s.text()) : Optional.empty();
            if (amount.isEmpty() || quantity != null && amount.get().quantity() != quantity) {
                amounts = null;
                break;
            }
            quantity = amount.get().quantity();
            amounts.add(amount.get());
        }
        List<AxisValue> models = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            models.add(new AxisValue(YamlText.flow(values.get(i)),
                    amounts == null ? OptionalDouble.empty() : OptionalDouble.of(amounts.get(i).value())));
        }
        return new SweepAxis(path, written, Optional.ofNullable(amounts == null ? null : quantity), models, log);
    }

    private static List<PointExpectation> expectations(YamlBinder yaml, YamlNode node, YamlNode.Mapping base,
            List<Axis> axes) {
        YamlNode.Sequence list = yaml.sequence(node, "a list of expectations such as [{at: {"
                + "workload.params.messageSize: 4KiB}, metric: throughput, value: 96Gbps, tolerance: 2%}]");
        List<PointExpectation> all = new ArrayList<>();
        ExpectationBinder binder = new ExpectationBinder(yaml);
        for (YamlNode item : list.items()) {
            YamlNode.Mapping m = yaml.mapping(item, "an expectation such as {at: {PATH: VALUE}, metric: throughput, "
                    + "min: 90Gbps}");
            Map<Integer, Integer> at = new LinkedHashMap<>();
            m.get("at").ifPresent(n -> at.putAll(at(yaml, n, base, axes)));
            Map<String, YamlNode.Entry> rest = new LinkedHashMap<>(m.entries());
            rest.remove("at");
            YamlNode.Mapping bare = new YamlNode.Mapping(m.mark(), m.path(), rest);
            Expectation e = binder.bind(new YamlNode.Sequence(list.mark(), list.path(), List.of(bare))).get(0);
            all.add(new PointExpectation(e, at));
        }
        return all;
    }

    private static Map<Integer, Integer> at(YamlBinder yaml, YamlNode node, YamlNode.Mapping base, List<Axis> axes) {
        YamlNode.Mapping m = yaml.mapping(node, "the points it applies to: a mapping of axis paths to values, such as "
                + "{workload.params.messageSize: 4KiB}");
        List<String> written = axes.stream().map(Axis::written).toList();
        Map<Integer, Integer> at = new LinkedHashMap<>();
        for (YamlNode.Entry entry : m.entries().values()) {
            String canonical;
            try {
                canonical = PlatformPath.resolve(entry.key(), base).text();
            } catch (IllegalArgumentException e) {
                canonical = entry.key();
            }
            int axis = -1;
            for (int i = 0; i < axes.size(); i++) {
                if (axes.get(i).path().text().equals(canonical)) {
                    axis = i;
                }
            }
            if (axis < 0) {
                throw yaml.keyError(m, entry, "not an axis of this sweep; expected one of " + written
                        + YamlBinder.hint(entry.key(), written));
            }
            int value = valueIndex(axes.get(axis), entry.value());
            if (value < 0) {
                List<String> texts = axes.get(axis).model().values().stream().map(AxisValue::text).toList();
                throw yaml.error(entry.value(), "no point has " + entry.key() + " = " + YamlText.flow(entry.value())
                        + "; expected one of the axis's values " + texts + YamlBinder.hint(YamlText.flow(entry.value()),
                        texts));
            }
            at.put(axis, value);
        }
        return at;
    }

    /** The index of the axis's value equal to {@code value} (as amounts when both are), or -1. */
    private static int valueIndex(Axis axis, YamlNode value) {
        Optional<Amount> amount = value instanceof YamlNode.Scalar s && !s.isNull()
                ? ExpectationBinder.amountOf(s.text()) : Optional.empty();
        if (amount.isPresent() && amount.get().quantity() == Quantity.NUMBER
                && axis.model().quantity().equals(Optional.of(Quantity.BYTES))) {
            amount = Optional.of(new Amount(amount.get().value(), Quantity.BYTES));
        }
        for (int i = 0; i < axis.values().size(); i++) {
            AxisValue v = axis.model().values().get(i);
            boolean equal = amount.isPresent() && axis.model().quantity().equals(Optional.of(amount.get().quantity()))
                    ? Math.abs(v.number().getAsDouble() - amount.get().value())
                            <= 1e-9 * Math.max(1, Math.abs(amount.get().value()))
                    : YamlText.canonical(axis.values().get(i)).equals(YamlText.canonical(value));
            if (equal) {
                return i;
            }
        }
        return -1;
    }

    private static MetricSelection metrics(YamlBinder yaml, YamlNode.Mapping root, List<PointExpectation> expectations) {
        List<String> patterns = new ArrayList<>();
        Optional<YamlNode> node = root.get("metrics");
        if (node.isPresent()) {
            String expected = "a list of figure names or globs such as [throughput, node2.nic0.npf.*]";
            YamlNode.Sequence list = yaml.sequence(node.get(), expected);
            if (list.items().isEmpty()) {
                throw yaml.error(list, "found an empty list; expected " + expected);
            }
            for (YamlNode item : list.items()) {
                String name = yaml.nonBlank(item, "a figure name such as throughput or a glob such as node2.nic0.*");
                if (patterns.contains(name)) {
                    throw yaml.error(item, "'" + name + "' is listed twice; expected each figure once");
                }
                patterns.add(name);
            }
        } else {
            patterns.addAll(MetricSelection.HEADLINE);
        }
        for (PointExpectation e : expectations) {
            if (!patterns.contains(e.expectation().metric())) {
                patterns.add(e.expectation().metric());
            }
        }
        return new MetricSelection(patterns);
    }

    /**
     * Refuses a metric (not a glob) that no point of the sweep can have, at its line, with the base
     * scenario's reason: an axis may change a component's type, so a statistic one type records
     * and another does not is a blank cell at the points of the other, not an error.
     */
    private void checkFigureNames(YamlBinder yaml, YamlNode.Mapping root, Scenario baseScenario,
            List<SweepPoint> points) {
        Optional<YamlNode> node = root.get("metrics");
        if (node.isEmpty()) {
            return;
        }
        FigureNames base = FigureNames.of(baseScenario, registry);
        List<FigureNames> others = points.stream().map(p -> FigureNames.of(p.scenario(), registry)).toList();
        for (YamlNode item : ((YamlNode.Sequence) node.get()).items()) {
            String name = yaml.nonBlank(item, "a figure name");
            if (name.indexOf('*') < 0) {
                Optional<String> problem = base.problem(name);
                if (problem.isPresent() && others.stream().allMatch(n -> n.problem(name).isPresent())) {
                    throw yaml.error(item, problem.get());
                }
            }
        }
    }


    private static String hash(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /**
     * An edit written in the sweep file: its errors are at the sweep file's line and column, with
     * the point. Keys it creates in the platform file are marked at its path ({@code mark}), and
     * errors it causes elsewhere in the file at its value.
     */
    private record SweepOrigin(String source, Mark mark, Mark valueMark, String context) implements EditOrigin {
        @Override
        public RuntimeException error(String path, int line, int column, String problem) {
            return new PlatformFileException(source, line, column, path, context + problem);
        }

        @Override
        public RuntimeException error(String path, String problem) {
            return error(path, valueMark.line(), valueMark.column(), problem);
        }
    }
}

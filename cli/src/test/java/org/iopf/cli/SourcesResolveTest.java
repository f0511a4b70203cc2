package org.iopf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.api.platform.Source;
import org.iopf.core.platform.ExtensionRegistry;
import org.junit.jupiter.api.Test;

/**
 * Every classified source a stock type's parameter cites resolves inside the repository: a
 * specification, driver repository, publication or seed document to an entry of
 * {@code docs/references.md}; a calibration to a figure id of {@code docs/fidelity.md} and a
 * bundled scenario. No citation leads outside the repository or nowhere.
 */
final class SourcesResolveTest {
    private static final Path ROOT = Path.of("..");
    private static final Pattern FIGURE_ID = Pattern.compile("^([A-G][0-9]{1,2})\\b");

    @Test
    void everyClassifiedSourceHasAnEntry() throws IOException {
        String references = Files.readString(ROOT.resolve("docs/references.md"));
        String fidelity = Files.readString(ROOT.resolve("docs/fidelity.md"));
        ExtensionRegistry registry = ExtensionRegistry.fromClassPath(getClass().getClassLoader());
        List<String> cited = new ArrayList<>();
        List<String> unresolved = new ArrayList<>();
        List<ParameterSpec> all = new ArrayList<>();
        registry.all().forEach(r -> all.addAll(r.type().parameters()));
        registry.workloads().forEach(r -> all.addAll(r.type().parameters()));
        for (ParameterSpec p : all) {
            String problem = problem(references, fidelity, p.source());
            if (!(p.source() instanceof Source.Unstated)) {
                cited.add(p.name());
            }
            if (problem != null) {
                unresolved.add(p.name() + ": " + problem);
            }
        }
        assertThat(cited).as("classified sources (the converted stock types)").hasSizeGreaterThan(40);
        assertThat(unresolved).isEmpty();
    }

    private static String problem(String references, String fidelity, Source source) {
        if (source instanceof Source.Specification s) {
            return entry(references, s.document());
        }
        if (source instanceof Source.Driver d) {
            return entry(references, d.repository());
        }
        if (source instanceof Source.Measurement m) {
            return entry(references, m.publication());
        }
        if (source instanceof Source.Seed s) {
            return entry(references, "seed " + s.document());
        }
        if (source instanceof Source.Calibrated c) {
            return calibration(fidelity, c);
        }
        return null;
    }

    private static String entry(String references, String name) {
        return references.contains("| " + name + " |") ? null
                : "'" + name + "' has no row in docs/references.md (| " + name + " | ... |)";
    }

    private static String calibration(String fidelity, Source.Calibrated c) {
        Matcher id = FIGURE_ID.matcher(c.figure());
        if (!id.find() || !fidelity.contains("| " + id.group(1) + " |")) {
            return "calibrated to '" + c.figure() + "', which starts with no figure id of docs/fidelity.md";
        }
        if (!Files.exists(ROOT.resolve("scenarios").resolve(c.scenario() + ".yaml"))) {
            return "calibrated in scenario '" + c.scenario() + "', which is no file scenarios/" + c.scenario() + ".yaml";
        }
        return null;
    }
}

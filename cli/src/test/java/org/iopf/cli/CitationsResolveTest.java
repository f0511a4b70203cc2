package org.iopf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The free-text citations of the repository resolve inside it, as {@link SourcesResolveTest} checks
 * the typed ones: in every README and document, every main source file (its Javadoc and comments)
 * and every bundled scenario and sweep, a seed document, an RFC or a named specification must have a
 * row in {@code docs/references.md}, a {@code FIDELITY} id must be a target of
 * {@code docs/fidelity.md}, and a Markdown link must lead to a file of the repository.
 */
final class CitationsResolveTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Pattern SEED = Pattern.compile("\\b[Ss]eeds? (0\\d\\d)\\b");
    private static final Pattern RFC = Pattern.compile("\\bRFC ?(\\d{3,4})\\b");
    private static final Pattern FIDELITY = Pattern.compile("FIDELITY ([A-G])(\\d{1,2})(?:[–-]([A-G])?(\\d{1,2}))?");
    private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
    /** Names of documents cited in prose, each with the row of docs/references.md it must resolve to. */
    private static final List<String[]> NAMED = List.of(
            new String[] {"IHI 0070", "Arm IHI 0070 (SMMUv3)"},
            new String[] {"VT-d spec", "Intel VT-d specification"},
            new String[] {"AMD IOMMU spec", "AMD IOMMU specification"},
            new String[] {"IBA 1.4", "IBA 1.4"},
            new String[] {"IBA Vol. 1", "IBA Vol. 1"},
            new String[] {"e-Handbook of Statistical Methods", "NIST/SEMATECH e-Handbook of Statistical Methods"},
            new String[] {"UG1085", "Zynq UltraScale+ MPSoC TRM (UG1085)"},
            new String[] {"MMU-500 TRM", "Arm CoreLink MMU-500"},
            new String[] {"ASPLOS'17", "ASPLOS'17 NPF"});

    @Test
    void everyCitationInProseResolvesInsideTheRepository() throws IOException {
        String references = Files.readString(ROOT.resolve("docs/references.md"));
        String fidelity = Files.readString(ROOT.resolve("docs/fidelity.md"));
        List<String> unresolved = new ArrayList<>();
        List<Path> files = citingFiles();
        for (Path file : files) {
            List<String> lines = Files.readAllLines(file);
            for (int i = 0; i < lines.size(); i++) {
                String where = ROOT.relativize(file) + ":" + (i + 1) + ": ";
                for (String problem : problems(lines.get(i), file, references, fidelity)) {
                    unresolved.add(where + problem);
                }
            }
        }
        assertThat(files).as("files searched for citations").hasSizeGreaterThan(300);
        assertThat(unresolved).isEmpty();
    }

    @Test
    void aBrokenCitationIsFound() {
        String references = "| seed 000 | ... |\n| RFC 6298 | ... |\n";
        String fidelity = "| A7 | outcome | ... |\n";
        Path readme = ROOT.resolve("README.md");
        assertThat(problems("as seed 000 §4 and RFC 6298 §5 say (FIDELITY A7)", readme, references, fidelity))
                .isEmpty();
        assertThat(problems("seed 002 §1, RFC 793, FIDELITY A12, see [x](../shared/DESIGN.md)", readme,
                references, fidelity)).hasSize(4);
        assertThat(problems("FIDELITY A6–A7", readme, references, fidelity)).hasSize(1);
    }

    private static List<String> problems(String line, Path file, String references, String fidelity) {
        List<String> problems = new ArrayList<>();
        Matcher seed = SEED.matcher(line);
        while (seed.find()) {
            require(references, "seed " + seed.group(1), problems);
        }
        Matcher rfc = RFC.matcher(line);
        while (rfc.find()) {
            require(references, "RFC " + rfc.group(1), problems);
        }
        for (String[] named : NAMED) {
            if (line.contains(named[0])) {
                require(references, named[1], problems);
            }
        }
        Matcher ids = FIDELITY.matcher(line);
        while (ids.find()) {
            String letter = ids.group(1);
            int first = Integer.parseInt(ids.group(2));
            int last = ids.group(4) == null ? first : Integer.parseInt(ids.group(4));
            for (int n = first; n <= last; n++) {
                if (!fidelity.contains("| " + letter + n + " |")) {
                    problems.add("FIDELITY " + letter + n + " is no target of docs/fidelity.md");
                }
            }
        }
        if (file.toString().endsWith(".md")) {
            Matcher link = LINK.matcher(line);
            while (link.find()) {
                String target = link.group(1);
                if (target.startsWith("http") || target.startsWith("#") || target.startsWith("mailto:")) {
                    continue;
                }
                Path resolved = file.getParent().resolve(target.replaceAll("#.*$", "")).normalize();
                if (!resolved.startsWith(ROOT) || !Files.exists(resolved)) {
                    problems.add("link (" + target + ") leads to no file of the repository");
                }
            }
        }
        return problems;
    }

    private static void require(String references, String row, List<String> problems) {
        if (!references.contains("| " + row + " |")) {
            problems.add("'" + row + "' has no row in docs/references.md");
        }
    }

    /** READMEs and docs, main sources, bundled scenarios and sweeps; never build output. */
    private static List<Path> citingFiles() {
        try (Stream<Path> all = Files.walk(ROOT)) {
            return all.filter(Files::isRegularFile)
                    .filter(p -> {
                        String rel = ROOT.relativize(p).toString().replace('\\', '/');
                        if (rel.startsWith(".") || rel.contains("/target/") || rel.startsWith("target/")
                                || rel.contains("/.")) {
                            return false;
                        }
                        return rel.endsWith(".md") || rel.contains("/src/main/") && rel.endsWith(".java")
                                || (rel.startsWith("scenarios/") || rel.startsWith("sweeps/")
                                        || rel.startsWith("examples/")) && rel.endsWith(".yaml");
                    })
                    .sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

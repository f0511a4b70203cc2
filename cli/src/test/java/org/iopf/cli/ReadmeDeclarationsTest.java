package org.iopf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.iopf.api.observe.StatisticSpec;
import org.iopf.api.platform.ParameterSpec;
import org.iopf.core.platform.ExtensionRegistry;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A type declared with typed parameters and statistics is documented by its module's README with
 * exactly the tables {@code iopf components NAME --markdown} prints from those declarations, so
 * the README cannot drift from the code.
 */
final class ReadmeDeclarationsTest {
    private static final ExtensionRegistry REGISTRY = ExtensionRegistry.fromClassPath(
            ReadmeDeclarationsTest.class.getClassLoader());

    /** A type that declares its statistics, with its declarations and the class that declares them. */
    record Declared(String name, Class<?> declarer, List<ParameterSpec> parameters, List<StatisticSpec> statistics) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Declared> declaringTypes() {
        List<Declared> all = new ArrayList<>();
        REGISTRY.all().forEach(r -> all.add(new Declared(r.type().name(), r.type().getClass(), r.type().parameters(),
                r.type().statistics())));
        REGISTRY.workloads().forEach(r -> all.add(new Declared(r.type().name(), r.type().getClass(),
                r.type().parameters(), r.type().statistics())));
        List<Declared> declaring = all.stream().filter(d -> !d.statistics().isEmpty()).toList();
        assertThat(declaring).extracting(Declared::name).contains("hmm-device", "hmm-ping-pong");
        return declaring.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("declaringTypes")
    void theReadmeCarriesTheTablesOfTheDeclarations(Declared type) throws IOException, URISyntaxException {
        String readme = Files.readString(readmeOf(type.declarer()));
        List<String> rows = new ArrayList<>(DeclarationTables.parameters(type.parameters()).subList(2,
                type.parameters().size() + 2));
        rows.addAll(DeclarationTables.statistics(type.statistics()).subList(2, type.statistics().size() + 2));
        assertThat(rows).as("rows of " + type.name() + " missing from its README (print them with iopf components "
                + type.name() + " --markdown)").allSatisfy(row -> assertThat(readme).contains(row));
    }

    /** The README of the module whose classes (target/classes or its jar) hold {@code type}. */
    private static Path readmeOf(Class<?> type) throws URISyntaxException {
        Path at = Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        for (Path dir = at; dir != null; dir = dir.getParent()) {
            if (Files.exists(dir.resolve("pom.xml")) && Files.exists(dir.resolve("README.md"))) {
                return dir.resolve("README.md");
            }
        }
        throw new AssertionError("no module README above " + at);
    }
}
